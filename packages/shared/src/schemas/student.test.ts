import { describe, expect, it } from 'vitest';
import { MSG } from '../validation/messages';
import { APPROVAL_MSG, defaultGenerationId, studentApprovalFormSchema } from './student';

describe('defaultGenerationId', () => {
  it('is the April of the fiscal year containing today, as YYMM', () => {
    expect(defaultGenerationId('2026-04-01')).toBe('2604');
    expect(defaultGenerationId('2026-11-22')).toBe('2604');
    expect(defaultGenerationId('2027-03-31')).toBe('2604');
    expect(defaultGenerationId('2027-04-01')).toBe('2704');
    expect(defaultGenerationId('2100-01-15')).toBe('9904');
    expect(defaultGenerationId('2100-04-15')).toBe('0004');
  });
});

describe('studentApprovalFormSchema', () => {
  const base = {
    name: '高橋 誠',
    street_name1: '港区赤坂',
    address: '3-1',
    birthday: '1962-07-07',
    phone_1: '03-5555-0101',
    filing_date: '2026-11-01',
    student_type: '1',
  };
  const errors = (over: Record<string, unknown>) => {
    const r = studentApprovalFormSchema.safeParse({ ...base, ...over });
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('approving needs generation_id (4 digits) and a matching printable-ASCII password of 8–12', () => {
    expect(
      errors({ approval_status: '1', generation_id: '2604', password: 'abc12345', password2: 'abc12345' }),
    ).toEqual([]);
    expect(errors({ approval_status: '1' })).toEqual([
      ['generation_id', MSG.required],
      ['password', MSG.required],
    ]);
    expect(
      errors({ approval_status: '1', generation_id: '２６０４', password: 'abc12345', password2: 'abc1234' }),
    ).toEqual([['password2', MSG.notMatch('パスワード')]]);
    expect(
      errors({ approval_status: '1', generation_id: '260', password: 'abc 1234', password2: 'abc 1234' }),
    ).toEqual([
      ['generation_id', MSG.digits4],
      ['password', MSG.asciiPrintable],
    ]);
  });

  it('rejecting needs remarks only: what is left in the approval fields does not matter', () => {
    expect(
      errors({ approval_status: '2', remarks: '区外のため', generation_id: 'x', password: 'y' }),
    ).toEqual([]);
    expect(errors({ approval_status: '2' })).toEqual([['remarks', APPROVAL_MSG.remarksRequired]]);
    expect(errors({ approval_status: '2', remarks: 'あ'.repeat(501) })).toEqual([
      ['remarks', MSG.maxLen(500)],
    ]);
  });

  it('a choice is required', () => {
    expect(errors({})).toEqual([['approval_status', APPROVAL_MSG.choose]]);
  });
});
