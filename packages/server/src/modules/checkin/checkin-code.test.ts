import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCode, readCode, windowOf } from './checkin.code';
import { nearestSession } from './checkin.service';

const key = randomBytes(32);
/** a fixed moment 20 s into its minute */
const at = new Date('2026-05-12T01:30:20.000Z');
const seconds = (n: number) => new Date(at.getTime() + n * 1000);

describe('the check-in code', () => {
  it('has the documented shape, and its end of validity is the end of the next minute', () => {
    const { code, expiresAt } = makeCode(key, 123, at);
    const window = windowOf(at);
    expect(code).toMatch(new RegExp(`^MC1\\.123\\.${window}\\.[A-Za-z0-9_-]{22}$`));
    expect(expiresAt.toISOString()).toBe('2026-05-12T01:32:00.000Z');
  });

  it('is read in its own minute and in the next one (the student and the window come back)', () => {
    const { code } = makeCode(key, 123, at);
    const window = windowOf(at);
    for (const later of [0, 39, 40, 99]) {
      expect(readCode(key, code, seconds(later)), `${later} s later`).toEqual({
        ok: true,
        studentId: 123,
        window,
      });
    }
  });

  it('is expired from two minutes on (a screenshot is useless), and a code from the future is not taken', () => {
    const { code } = makeCode(key, 123, at);
    for (const later of [100, 160, 86_400]) {
      expect(readCode(key, code, seconds(later))).toMatchObject({
        ok: false,
        reason: 'expired',
        studentId: 123,
      });
    }
    expect(readCode(key, code, seconds(-21))).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('a changed character, another student’s mac, another key or another text is unreadable', () => {
    const { code } = makeCode(key, 123, at);
    const [, , window, mac] = code.split('.') as [string, string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const tampered = [
      // each place of the mac, including the last character (its spare bits must not let a variant through)
      ...[0, 10, 21].map((i) => `MC1.123.${window}.${mac.slice(0, i)}${flip(mac[i]!)}${mac.slice(i + 1)}`),
      // another student, with this student's mac
      `MC1.124.${window}.${mac}`,
      // an earlier window, with this window's mac
      `MC1.123.${Number(window) - 1}.${mac}`,
      // another student's code with this student's id put in
      makeCode(key, 456, at).code.replace('MC1.456.', 'MC1.123.'),
      // another key
      makeCode(randomBytes(32), 123, at).code,
      // not a code of ours
      '',
      'https://www.city.example.jp/',
      `MC2.123.${window}.${mac}`,
      `MC1.0123.${window}.${mac}`,
      `MC1.123.${window}.${mac}=`,
      `MC1.99999999999.${window}.${mac}`,
      ` ${code}`,
    ];
    for (const text of tampered)
      expect(readCode(key, text, at), text).toEqual({ ok: false, reason: 'unreadable' });
    expect(readCode(key, code, at).ok).toBe(true);
  });
});

describe('the session a check-in is for', () => {
  const tokyo = (hm: string) => new Date(`2026-05-12T${hm}:00+09:00`);
  const twice = [
    { no: 1, start: '10:00', end: '12:00' },
    { no: 2, start: '14:00', end: '16:00' },
  ];

  it('is the one under way, else the one whose time is nearest; the lower number on a tie', () => {
    expect(nearestSession(twice, tokyo('08:00'))?.no).toBe(1);
    expect(nearestSession(twice, tokyo('11:59'))?.no).toBe(1);
    expect(nearestSession(twice, tokyo('12:59'))?.no).toBe(1);
    expect(nearestSession(twice, tokyo('13:01'))?.no).toBe(2);
    expect(nearestSession(twice, tokyo('13:00'))?.no).toBe(1);
    expect(nearestSession(twice, tokyo('15:00'))?.no).toBe(2);
    expect(nearestSession(twice, tokyo('23:00'))?.no).toBe(2);
    expect(nearestSession([], tokyo('10:00'))).toBeUndefined();
  });
});
