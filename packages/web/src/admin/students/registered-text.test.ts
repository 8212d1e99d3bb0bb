import { describe, expect, it } from 'vitest';
import { registeredText } from './student-candidates';

describe('the day a record was made, on the duplicate and merge screens', () => {
  it('is the Tokyo day of the instant, not the first ten characters of its UTC text', () => {
    // 00:30 on 2 April in Tokyo is still 1 April in UTC
    expect(registeredText({ created_at: '2026-04-01T15:30:00.000Z' })).toBe('登録 2026年4月2日');
    expect(registeredText({ created_at: '2026-04-01T14:59:59.999Z' })).toBe('登録 2026年4月1日');
  });
});
