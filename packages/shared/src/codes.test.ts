import { describe, expect, it } from 'vitest';
import {
  APPROVAL,
  ATTENDANCE,
  AUTHORITY,
  CODE_LIST_IDS,
  CODE_LISTS,
  codeText,
  HOW_APPLY,
  initialCode,
  isCode,
  isCodeListId,
  LOTTERY,
  PUBLISH,
  SESSION_ATTENDANCE,
  STUDENT_TYPE,
  TARGET,
} from './codes';

describe('code lists', () => {
  it('has CD001–CD009, each with unique values and exactly one is_init', () => {
    expect(Object.keys(CODE_LISTS).sort()).toEqual([...CODE_LIST_IDS]);
    for (const id of CODE_LIST_IDS) {
      const values = CODE_LISTS[id].map((c) => c.d_value);
      expect(new Set(values).size).toBe(values.length);
      expect(CODE_LISTS[id].filter((c) => c.is_init)).toHaveLength(1);
    }
  });

  it('named constants are values of their lists', () => {
    const pairs = [
      ['CD001', AUTHORITY],
      ['CD002', APPROVAL],
      ['CD003', LOTTERY],
      ['CD004', ATTENDANCE],
      ['CD005', HOW_APPLY],
      ['CD006', SESSION_ATTENDANCE],
      ['CD007', PUBLISH],
      ['CD008', TARGET],
      ['CD009', STUDENT_TYPE],
    ] as const;
    for (const [id, consts] of pairs) {
      expect(Object.values(consts).sort()).toEqual(CODE_LISTS[id].map((c) => c.d_value).sort());
    }
  });

  it('codeText gives the Japanese text, "" when unknown or empty', () => {
    expect(codeText('CD003', LOTTERY.WON)).toBe('当選');
    expect(codeText('CD003', 3)).toBe('落選');
    expect(codeText('CD006', '0')).toBe('－（未実施）');
    expect(codeText('CD005', '5')).toBe('一括登録（CSV）');
    expect(codeText('CD003', '9')).toBe('');
    expect(codeText('CD003', null)).toBe('');
    expect(codeText('CD003', undefined)).toBe('');
  });

  it('isCode / isCodeListId', () => {
    expect(isCode('CD007', '2')).toBe(true);
    expect(isCode('CD007', 1)).toBe(true);
    expect(isCode('CD007', '3')).toBe(false);
    expect(isCode('CD007', '')).toBe(false);
    expect(isCode('CD007', null)).toBe(false);
    expect(isCodeListId('CD009')).toBe(true);
    expect(isCodeListId('CD010')).toBe(false);
  });

  it('initialCode is the is_init value', () => {
    expect(initialCode('CD002')).toBe(APPROVAL.PENDING);
    expect(initialCode('CD006')).toBe(SESSION_ATTENDANCE.NOT_HELD);
    expect(initialCode('CD008')).toBe(TARGET.ALL);
    expect(initialCode('CD001')).toBe(AUTHORITY.FULL);
  });
});
