import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { arrayLiteral } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('arrayLiteral', () => {
  const roundTrip = async (values: unknown[], type: string) => {
    const result = await t.db.execute(
      sql`select x::text as x from unnest(${sql.param(arrayLiteral(values))}::${sql.raw(type)}[]) with ordinality as u(x, n) order by n`,
    );
    // node-postgres and PGlite both answer { rows }
    return (result as unknown as { rows: { x: string | null }[] }).rows.map((r) => r.x);
  };

  it('gives the database back every text as it was: quotes, backslashes, commas, braces, "NULL", blanks, newlines', async () => {
    const texts = [
      '佐藤 花子',
      'a"b',
      'c\\d',
      '{x,y}',
      'NULL',
      '',
      ' 前後の空白 ',
      '改行\r\nも',
      '\\"',
      ',',
      null,
    ];
    expect(await roundTrip(texts, 'text')).toEqual(texts);
  });

  it('gives numbers, booleans and dates back as their PostgreSQL values, and NULL for a missing value', async () => {
    expect(await roundTrip([1, -32768, null, undefined], 'int2')).toEqual(['1', '-32768', null, null]);
    expect(await roundTrip([true, false, null], 'bool')).toEqual(['true', 'false', null]);
    expect(await roundTrip(['2026-11-26', null], 'date')).toEqual(['2026-11-26', null]);
  });

  it('refuses a value it cannot write as an element rather than sending something else', () => {
    expect(() => arrayLiteral([{ a: 1 }])).toThrow(TypeError);
    expect(() => arrayLiteral([['nested']])).toThrow(TypeError);
  });
});
