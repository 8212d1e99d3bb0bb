import { describe, expect, it } from 'vitest';
import { isStudentCardExpired, studentCardExpiry } from './student-card';

describe('student ID card validity', () => {
  it('runs to 31 March of the second fiscal year after the issue', () => {
    expect(studentCardExpiry('2024-04-01')).toBe('2026-03-31');
    expect(studentCardExpiry('2025-03-31')).toBe('2026-03-31');
    expect(studentCardExpiry('2025-09-01')).toBe('2027-03-31');
    expect(studentCardExpiry(null)).toBeNull();
    expect(studentCardExpiry('')).toBeNull();
  });

  it('is valid through its expiry day and expired from the next day on', () => {
    expect(isStudentCardExpired('2026-03-31', '2026-03-30')).toBe(false);
    expect(isStudentCardExpired('2026-03-31', '2026-03-31')).toBe(false);
    expect(isStudentCardExpired('2026-03-31', '2026-04-01')).toBe(true);
    // the card the issue found: 有効期限 2026年3月31日 shown on 2026年11月27日
    expect(isStudentCardExpired('2026-03-31', '2026-11-27')).toBe(true);
    expect(isStudentCardExpired('2027-03-31', '2026-11-27')).toBe(false);
  });

  it('never calls a card without an expiry expired', () => {
    expect(isStudentCardExpired(null, '2026-11-27')).toBe(false);
  });
});
