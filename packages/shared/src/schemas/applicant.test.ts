import { describe, expect, it } from 'vitest';
import { SESSION_COUNT, sessionAttendance } from './applicant';

describe('sessionAttendance', () => {
  it('names the 15 sessions attendance1..attendance15 in order, as the API writes them', () => {
    const stored = Array.from({ length: SESSION_COUNT }, (_, i) => String(i % 4));
    const row = sessionAttendance(stored);
    expect(Object.keys(row)).toEqual(Array.from({ length: 15 }, (_, i) => `attendance${i + 1}`));
    expect(Object.values(row)).toEqual(stored);
  });

  it("writes '0' (－（未実施）) for a session the stored array does not have", () => {
    const row = sessionAttendance(['1', '2']);
    expect(row.attendance1).toBe('1');
    expect(row.attendance2).toBe('2');
    expect(row.attendance3).toBe('0');
    expect(row.attendance15).toBe('0');
  });
});
