/**
 * The pieces of the streamed CSV downloads (decision 021): the keyset walk visits every row once in the
 * paged list's order (NULLs last, ties by id) however the batches fall, and the file name header.
 */
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { students } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { contentDisposition } from './csv-download';
import { keysetBatches } from './sql';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // ties, NULLs and Japanese text in every sortable column
  await database.db.insert(students).values(
    Array.from({ length: 23 }, (_, i) => ({
      loginId: i % 5 === 0 ? null : `4401${String(i).padStart(4, '0')}`,
      generationId: i % 5 === 0 ? null : '4401',
      name: ['佐藤', 'さとう', 'サトウ', 'Sato', '佐藤'][i % 5] as string,
      streetName1: i % 3 === 0 ? '' : `町${i % 4}`,
      birthday: i % 4 === 0 ? null : `19${50 + (i % 3)}-01-01`,
      approvalStatus: String(i % 3),
    })),
  );
});
afterAll(() => database.close());

describe('keysetBatches', () => {
  const columns: [string, AnyPgColumn | null][] = [
    ['id', null],
    ['login_id', students.loginId],
    ['generation_id', students.generationId],
    ['name', students.name],
    ['street_name1', students.streetName1],
    ['birthday', students.birthday],
    ['approval_status', students.approvalStatus],
  ];
  for (const [name, key] of columns) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`by ${name} ${dir}: every row once, in the list's order, whatever the batch size`, async () => {
        const { db } = database;
        const d = dir === 'desc' ? desc : asc;
        const expected = (
          await db
            .select({ id: students.id })
            .from(students)
            .orderBy(...(key ? [sql`${key} ${sql.raw(dir)} nulls last`, d(students.id)] : [d(students.id)]))
        ).map((r) => r.id);
        for (const size of [1, 2, 3, 5, 22, 23, 24, 1000]) {
          const seen: number[] = [];
          const fetch = (where: SQL | undefined, orderBy: SQL[], limit: number) =>
            db
              .select({ id: students.id, key: key ?? students.id })
              .from(students)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit);
          for await (const rows of keysetBatches(
            { key, id: students.id, dir },
            fetch,
            (r) => ({ key: r.key, id: r.id }),
            size,
          )) {
            expect(rows.length).toBeGreaterThan(0);
            expect(rows.length).toBeLessThanOrEqual(size);
            seen.push(...rows.map((r) => r.id));
          }
          expect(seen, `size ${size}`).toEqual(expected);
        }
      });
    }
  }
});

describe('contentDisposition', () => {
  it('names an ASCII file plainly and in RFC 5987 form', () => {
    expect(contentDisposition('student_20261123160000.csv')).toBe(
      `attachment; filename="student_20261123160000.csv"; filename*=UTF-8''student_20261123160000.csv`,
    );
  });
  it('keeps a Japanese name in filename* and puts _ for it in the ASCII fallback', () => {
    const header = contentDisposition('申込者_20261123160000.csv');
    expect(header).toBe(
      `attachment; filename="____20261123160000.csv"; filename*=UTF-8''%E7%94%B3%E8%BE%BC%E8%80%85_20261123160000.csv`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1] as string)).toBe('申込者_20261123160000.csv');
  });
  it('never lets a quote, backslash or line break out of the quoted fallback', () => {
    const header = contentDisposition('a"b\\c\r\nd\'(e)*.csv');
    expect(header).toMatch(/^attachment; filename="a_b_c__d'\(e\)\*\.csv"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split("UTF-8''")[1]).toBe('a%22b%5Cc%0D%0Ad%27%28e%29%2A.csv');
  });
});
