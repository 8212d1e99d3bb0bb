import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrList } from './err-list';
import { MSG } from './messages';
import { mailAddress, required } from './rules';

describe('toErrList', () => {
  it('gives one message per field, the first, with dotted names', () => {
    const schema = z.object({
      name: required(),
      mail: mailAddress(),
      rows: z.array(z.object({ x: required() })),
    });
    const r = schema.safeParse({ name: '', mail: 'x', rows: [{ x: '' }] });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(toErrList(r.error)).toEqual([
      { name: 'name', msg: MSG.required },
      { name: 'mail', msg: MSG.mail },
      { name: 'rows.0.x', msg: MSG.required },
    ]);
  });
});
