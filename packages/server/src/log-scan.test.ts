import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodedLine, demoValues, valuesIn } from '../../../scripts/lib/log-scan.mjs';

/**
 * The log scan after the journeys (scripts/log-scan.mjs) finds the demo students' personal data however a line
 * spells it: a URL percent-escapes a name, a form's query writes its space as +.
 */
const seed = readFileSync(join(import.meta.dirname, 'db/seed/demo.ts'), 'utf8');
const values = demoValues(seed);

describe('the log scan', () => {
  it("looks for the seed's names, readings, phones and mail addresses", () => {
    expect(values).toContain('山田 花子');
    expect(values).toContain('ヤマダ ハナコ');
    expect([...values].some((v) => /^[0-9]{10,11}$/.test(v))).toBe(true);
    expect([...values].some((v) => v.endsWith('@example.jp'))).toBe(true);
  });

  it('finds a name percent-escaped, with + for its space, or as written', () => {
    const asForm = new URLSearchParams({ name: '山田 花子', kana: 'ヤマダ ハナコ' }).toString();
    const lines = [
      `{"msg":"request","url":"/api/admin/student/list/?${asForm}"}`,
      `{"msg":"request","url":"/api/admin/student/list/?name=${encodeURIComponent('山田 花子')}"}`,
      `{"msg":"request","url":"/mypage/${encodeURIComponent('山田 花子')}"}`,
      '{"msg":"unhandled error","err":{"message":"no such student 山田 花子"}}',
    ];
    for (const line of lines) expect(valuesIn(line, values), line).toContain('山田 花子');
    expect(valuesIn(lines[0] as string, values)).toContain('ヤマダ ハナコ');
  });

  it('reads + as a space only in a query, and leaves a broken escape as it is', () => {
    expect(decodedLine('/a+b/?q=c+d&e=%E5%B1%B1')).toBe('/a+b/?q=c d&e=山');
    expect(decodedLine('/x?q=%E5%B1')).toBe('/x?q=%E5%B1');
    expect(decodedLine('?m=a%2Bb%40example.jp')).toBe('?m=a+b@example.jp');
  });

  it('finds nothing in a line of route patterns and parameter names', () => {
    const line =
      '{"level":30,"msg":"request","method":"GET","route":"/api/admin/student/list/","query":["name","name_kana"],"status":200}';
    expect(valuesIn(line, values)).toEqual([]);
  });
});
