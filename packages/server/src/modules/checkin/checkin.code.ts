import { createHmac, timingSafeEqual } from 'node:crypto';
import { ID_MAX } from '@manabi/shared/validation/rules';

/**
 * The check-in code the student ID shows as a QR code (the decision record on token formats
 * describes it for the office):
 *
 *     MC1.{student id}.{minute window}.{mac}
 *
 * - `MC1`: the format and its version ("Manabi check-in 1"); another version is simply unreadable here.
 * - student id: `students.id` (decimal, no leading zero) — not the 学生番号, so nothing personal is in it.
 * - minute window: floor(unix seconds / 60) when the code was made (decimal).
 * - mac: the first 16 bytes of HMAC-SHA256(key, `MC1.{student id}.{minute window}`), base64url without
 *   padding (22 characters). The key is the server-held secret `checkin` (platform/app-secrets.ts): only
 *   the server can make a code, and a changed id or window breaks the mac.
 *
 * A code is accepted in its own window and the next one, so it lives 60 to 120 seconds: a screenshot or a
 * photo of someone's phone is useless after at most two minutes. The mac is compared in constant time.
 * The code proves "this student's ID was on a screen here just now"; it is not a login and opens nothing.
 */

export const CODE_VERSION = 'MC1';
const WINDOW_SECONDS = 60;
/** the code's own window and the one after it */
const WINDOWS_ACCEPTED = 2;
const MAC_BYTES = 16;

const CODE = /^MC1\.([1-9]\d{0,9})\.(0|[1-9]\d{0,11})\.([A-Za-z0-9_-]{22})$/;

export const windowOf = (now: Date) => Math.floor(now.getTime() / 1000 / WINDOW_SECONDS);

function macOf(key: Buffer, studentId: number, window: number): Buffer {
  return createHmac('sha256', key)
    .update(`${CODE_VERSION}.${studentId}.${window}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The student's code for the window of `now`, and the end of its validity. */
export function makeCode(key: Buffer, studentId: number, now: Date): { code: string; expiresAt: Date } {
  const window = windowOf(now);
  const mac = macOf(key, studentId, window).toString('base64url');
  return {
    code: `${CODE_VERSION}.${studentId}.${window}.${mac}`,
    expiresAt: new Date((window + WINDOWS_ACCEPTED) * WINDOW_SECONDS * 1000),
  };
}

export type CodeReading =
  | { ok: true; studentId: number; window: number }
  /** made by us, for this student, but too old (or from a clock ahead of ours) */
  | { ok: false; reason: 'expired'; studentId: number; window: number }
  /** not a code of ours: another QR code, a mistyped or altered one */
  | { ok: false; reason: 'unreadable' };

/**
 * Reads a scanned code: its mac first (a forged code says nothing about a student), then its window.
 */
export function readCode(key: Buffer, code: string, now: Date): CodeReading {
  const m = CODE.exec(code);
  if (!m) return { ok: false, reason: 'unreadable' };
  const studentId = Number(m[1]);
  const window = Number(m[2]);
  if (studentId > ID_MAX) return { ok: false, reason: 'unreadable' };
  // compared as text: base64url's last character has spare bits, so decoding would let several spellings
  // of one mac through
  const given = Buffer.from(m[3] ?? '', 'latin1');
  const expected = Buffer.from(macOf(key, studentId, window).toString('base64url'), 'latin1');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'unreadable' };
  const age = windowOf(now) - window;
  if (age < 0 || age >= WINDOWS_ACCEPTED) return { ok: false, reason: 'expired', studentId, window };
  return { ok: true, studentId, window };
}
