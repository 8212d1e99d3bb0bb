import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankLine,
  type Booked,
  bankNameKey,
  csvAmount,
  csvDay,
  ledgerOf,
  loginIdsIn,
  matchLines,
  type SeatCandidate,
} from './bank-file';

/**
 * The bank file's matching as properties (decision 078): a line naming a student's 学生番号 goes to that
 * student's seat (or asks the office among that student's seats only); no line is given two seats; a line
 * that matches nothing names no seat; and a transfer already recorded is never matched again.
 */
const KANA = ['ヤマダ ハナコ', 'サトウ タロウ', 'スズキ ジョウジ', 'タナカ ユキ', 'ヤマダ ハナコ'];
const HALF: Record<string, string> = { 'ヤマダ ハナコ': 'ﾔﾏﾀﾞ ﾊﾅｺ', 'スズキ ジョウジ': 'ｽｽﾞｷ ｼﾞﾖｳｼﾞ' };

const seatArb = fc.record({
  student: fc.integer({ min: 0, max: 9 }),
  course: fc.integer({ min: 1, max: 3 }),
  outstanding: fc.constantFrom(0, 1500, 3000, 3500),
});
const lineArb = fc.record({
  student: fc.integer({ min: 0, max: 12 }),
  withNumber: fc.boolean(),
  fullWidth: fc.boolean(),
  amount: fc.constantFrom(1500, 3000, 3500, 999),
  recorded: fc.boolean(),
});

const loginOf = (n: number) => `2604${String(n).padStart(4, '0')}`;
const full = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

describe('matching transfers to seats', () => {
  it('holds its properties for any file and any seats', () => {
    fc.assert(
      fc.property(
        fc.array(seatArb, { maxLength: 12 }),
        fc.array(lineArb, { maxLength: 15 }),
        (rawSeats, rawLines) => {
          const seats: SeatCandidate[] = rawSeats.map((s, i) => ({
            applicationId: i + 1,
            courseId: s.course,
            loginId: loginOf(s.student),
            name: `学生${s.student}`,
            kanaKey: bankNameKey(KANA[s.student % KANA.length] as string),
            courseName: `講座${s.course}`,
            outstanding: s.outstanding,
          }));
          const lines: BankLine[] = rawLines.map((l, i) => {
            const kana = KANA[l.student % KANA.length] as string;
            const name = HALF[kana] ?? kana;
            const number = l.fullWidth ? full(loginOf(l.student)) : loginOf(l.student);
            return {
              line: i + 2,
              paidOn: '2026-05-01',
              amount: l.amount,
              payerName: l.withNumber ? `${number} ${name}` : name,
              bankRef: `ref${i}`,
              problem: null,
            };
          });
          const recorded = lines.flatMap((l, i): Booked[] =>
            rawLines[i]?.recorded
              ? [{ ...l, ref: l.bankRef, receiptNo: null, name: '', courseName: '' }]
              : [],
          );
          const verdicts = matchLines(lines, seats, ledgerOf(recorded), '2026-05-01');
          expect(verdicts).toHaveLength(lines.length);
          verdicts.forEach((v, i) => {
            const raw = rawLines[i]!;
            if (raw.recorded) {
              expect(v.status).toBe('recorded');
              return;
            }
            const own = seats.filter((s) => s.loginId === loginOf(raw.student));
            if (raw.withNumber && own.length > 0) {
              // the student's own seat, or a choice among the student's seats only
              if (v.status === 'matched') expect(v.seat.loginId).toBe(loginOf(raw.student));
              else
                expect(
                  v.status === 'ambiguous' && v.candidates.every((c) => c.loginId === loginOf(raw.student)),
                ).toBe(true);
            }
            if (v.status === 'matched') expect(seats).toContain(v.seat);
            if (v.status === 'ambiguous') expect(v.candidates.length).toBeGreaterThan(1);
            if (v.status === 'unmatched') expect(v).not.toHaveProperty('seat');
          });
          // by name, no seat is given more transfers than it owes
          const byName = new Map<number, number>();
          verdicts.forEach((v, i) => {
            if (v.status === 'matched' && v.by === 'kana') {
              byName.set(v.seat.applicationId, (byName.get(v.seat.applicationId) ?? 0) + lines[i]!.amount);
            }
          });
          for (const [id, total] of byName) expect(total).toBeLessThanOrEqual(seats[id - 1]!.outstanding);
        },
      ),
      { numRuns: 300, seed: 78 },
    );
  });

  it('reads names, numbers, days and amounts as banks and spreadsheets write them', () => {
    expect(bankNameKey('ｽｽﾞｷ ｼﾞﾖｳｼﾞ')).toBe(bankNameKey('スズキ　ジョウジ'));
    expect(bankNameKey('ﾔﾏﾀﾞ ﾊﾅｺ(26040001)')).toBe(bankNameKey('やまだ はなこ'));
    expect(loginIdsIn('２６０４０００１ ﾔﾏﾀﾞ')).toEqual(['26040001']);
    expect(loginIdsIn('260400011 ﾔﾏﾀﾞ')).toEqual([]);
    expect(csvDay('2026/5/1')).toBe('2026-05-01');
    expect(csvDay('2026年12月3日')).toBe('2026-12-03');
    expect(csvDay('2026-02-30')).toBeNull();
    expect(csvAmount('"3,500円"'.replaceAll('"', ''))).toBe(3500);
    expect(csvAmount('１２，０００')).toBe(12000);
    expect(csvAmount('-100')).toBeNull();
  });
});
