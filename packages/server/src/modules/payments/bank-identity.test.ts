import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankLine,
  type Booked,
  bankNameKey,
  ledgerOf,
  matchLines,
  readBankCsv,
  type SeatCandidate,
  type Verdict,
} from './bank-file';

/**
 * A bank line's identity (decision 085), as properties over files the office could upload, booked as the
 * apply books them (every matched line; every ambiguous line picked, when the office picks): the same file
 * uploaded twice books no transfer twice, and nothing at all when the office answered nothing; two students'
 * equal transfers (same kana, amount and day, each with their 学生番号) are two payments, in one file or in
 * two; the lines of a file in any order book the same payments; a transfer like one recorded from another
 * file is asked about, never dropped or booked unasked; a future day says so.
 */
const TODAY = '2026-05-31';
const KANA = ['ﾔﾏﾀﾞ ﾊﾅｺ', 'ｻﾄｳ ﾀﾛｳ', 'ｽｽﾞｷ ｼﾞﾖｳｼﾞ'];
const loginOf = (n: number) => `2605${String(n).padStart(4, '0')}`;

interface Seat {
  applicationId: number;
  courseId: number;
  student: number;
  due: number;
}
interface Payment {
  ref: string;
  paidOn: string;
  amount: number;
  payerName: string;
  applicationId: number;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
/** A CSV of these rows as the bank file's lines (its identity from its own bytes, as the service reads it). */
const fileOf = (rows: readonly string[][]): BankLine[] =>
  readBankCsv(
    rows.map((r) => [...r]),
    sha(JSON.stringify(rows)),
  );

/** The seats as the matching reads them: what each still owes, given the payments booked. */
function candidates(seats: readonly Seat[], booked: readonly Payment[]): SeatCandidate[] {
  return seats.map((s) => {
    const net = booked.filter((p) => p.applicationId === s.applicationId).reduce((n, p) => n + p.amount, 0);
    return {
      applicationId: s.applicationId,
      courseId: s.courseId,
      loginId: loginOf(s.student),
      name: `学生${s.student}`,
      kanaKey: bankNameKey(KANA[s.student % KANA.length] as string),
      courseName: `講座${s.courseId}`,
      outstanding: Math.max(s.due - net, 0),
    };
  });
}

const ledger = (booked: readonly Payment[]) =>
  ledgerOf(booked.map((p): Booked => ({ ...p, receiptNo: null, name: '', courseName: '' })));

/** One upload, applied: what it books (the office picks the first candidate of each ambiguous line if `picks`). */
function upload(
  lines: readonly BankLine[],
  seats: readonly Seat[],
  booked: readonly Payment[],
  answers: { picks?: boolean; newTransfers?: boolean } = {},
): { verdicts: Verdict[]; booked: Payment[] } {
  const verdicts = matchLines(lines, candidates(seats, booked), ledger(booked), TODAY);
  const out: Payment[] = [];
  verdicts.forEach((v, i) => {
    const l = lines[i] as BankLine;
    const found = v.status === 'question' ? (answers.newTransfers ? v.found : null) : v;
    const seat =
      found?.status === 'matched'
        ? found.seat
        : found?.status === 'ambiguous' && answers.picks
          ? found.candidates[0]
          : undefined;
    if (seat)
      out.push({
        ref: l.bankRef,
        paidOn: l.paidOn,
        amount: l.amount,
        payerName: l.payerName,
        applicationId: seat.applicationId,
      });
  });
  return { verdicts, booked: out };
}

const seatsArb = fc
  .array(
    fc.record({
      student: fc.integer({ min: 0, max: 5 }),
      course: fc.integer({ min: 1, max: 3 }),
      due: fc.constantFrom(1000, 3000, 3500),
    }),
    { maxLength: 8 },
  )
  .map((raw) => raw.map((s, i): Seat => ({ applicationId: i + 1, courseId: s.course, ...s })));
const rowArb = fc
  .record({
    day: fc.constantFrom('2026/05/01', '2026/05/02', '2026/06/30'),
    amount: fc.constantFrom(1000, 2000, 3000, 3500),
    student: fc.integer({ min: 0, max: 6 }),
    withNumber: fc.boolean(),
  })
  .map((r) => {
    const kana = KANA[r.student % KANA.length] as string;
    return [r.day, String(r.amount), r.withNumber ? `${loginOf(r.student)} ${kana}` : kana];
  });
const rowsArb = fc.array(rowArb, { maxLength: 12 });

/** What was booked, as a multiset of (day, amount, payer's words, seat), identities aside. */
const bookedSet = (booked: readonly Payment[]) =>
  booked.map((p) => [p.paidOn, p.amount, p.payerName, p.applicationId].join('|')).sort();

describe('a bank line’s identity', () => {
  it('the same file uploaded again books no transfer twice, and nothing new when nothing was answered', () => {
    fc.assert(
      fc.property(seatsArb, rowsArb, rowsArb, fc.boolean(), (seats, earlier, rows, picks) => {
        // whatever an earlier, different file booked
        const before = upload(fileOf([['日付', '金額', '振込依頼人名'], ...earlier]), seats, []).booked;
        const file = fileOf(rows);
        const first = upload(file, seats, before, { picks });
        const second = upload(file, seats, [...before, ...first.booked], { picks });
        const once = new Set(first.booked.map((p) => p.ref));
        expect(second.booked.filter((p) => once.has(p.ref))).toEqual([]);
        if (!picks) expect(second.booked).toEqual([]);
        // every line booked the first time is 記録済み the second
        file.forEach((l, i) => {
          if (once.has(l.bankRef)) expect(second.verdicts[i]?.status).toBe('recorded');
        });
      }),
      { numRuns: 400, seed: 85 },
    );
  });

  it('two students’ equal transfers, each with the 学生番号, are two payments — in one file or in two', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KANA),
        fc.constantFrom(1000, 3000, 3500),
        fc.constantFrom('2026/05/01', '2026/05/30'),
        rowsArb,
        fc.boolean(),
        (kana, amount, day, noise, together) => {
          // two students of one reading (0 and 3 read alike), each owing the amount
          const seats: Seat[] = [
            { applicationId: 1, courseId: 1, student: 0, due: amount },
            { applicationId: 2, courseId: 1, student: KANA.length, due: amount },
          ];
          const named = (s: Seat) => [day, String(amount), `${loginOf(s.student)} ${kana}`];
          const others = noise.filter((r) => !/^2605000[03]/.test(r[2] ?? ''));
          const booked = together
            ? upload(fileOf([named(seats[0]!), ...others, named(seats[1]!)]), seats, []).booked
            : (() => {
                const a = upload(fileOf([named(seats[0]!), ...others]), seats, []).booked;
                return [...a, ...upload(fileOf([...others, named(seats[1]!)]), seats, a).booked];
              })();
          const named1 = booked.filter((p) => p.payerName === named(seats[0]!)[2]);
          const named2 = booked.filter((p) => p.payerName === named(seats[1]!)[2]);
          expect(named1.map((p) => p.applicationId)).toEqual([1]);
          expect(named2.map((p) => p.applicationId)).toEqual([2]);
        },
      ),
      { numRuns: 300, seed: 850 },
    );
  });

  it('the lines of a file in any order book the same payments', () => {
    const shuffledArb = rowsArb.chain((rows) =>
      fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
    );
    fc.assert(
      fc.property(seatsArb, shuffledArb, (seats, [rows, shuffled]) => {
        const a = upload(fileOf(rows), seats, []).booked;
        const b = upload(fileOf(shuffled), seats, []).booked;
        expect(bookedSet(b)).toEqual(bookedSet(a));
      }),
      { numRuns: 400, seed: 8500 },
    );
  });

  it('a transfer like one recorded from another file is a question, booked only when the office says so', () => {
    const seats: Seat[] = [{ applicationId: 1, courseId: 1, student: 1, due: 7000 }];
    const row = ['2026/05/01', '3500', `${loginOf(1)} ﾔﾏﾀﾞ ﾊﾅｺ`];
    const first = upload(fileOf([row]), seats, []).booked;
    expect(first).toHaveLength(1);
    // the bank's next download holds that line again, and one more
    const later = fileOf([row, ['2026/05/02', '3500', `${loginOf(1)} ﾔﾏﾀﾞ ﾊﾅｺ`]]);
    const asked = upload(later, seats, first);
    expect(asked.verdicts.map((v) => v.status)).toEqual(['question', 'matched']);
    expect(asked.booked.map((p) => p.paidOn)).toEqual(['2026-05-02']);
    // 「別の振込なら記録する」: both are booked, each once
    const answered = upload(later, seats, first, { newTransfers: true });
    expect(answered.booked.map((p) => p.paidOn)).toEqual(['2026-05-01', '2026-05-02']);
    // the first file itself again: 記録済み, not a question
    expect(upload(fileOf([row]), seats, first).verdicts.map((v) => v.status)).toEqual(['recorded']);
  });

  it('a line dated after today says so; the bank’s own transfer number names a line in any file', () => {
    const seats: Seat[] = [{ applicationId: 1, courseId: 1, student: 1, due: 3500 }];
    const future = upload(fileOf([['2026/06/01', '3500', `${loginOf(1)} ﾔﾏﾀﾞ`]]), seats, []);
    expect(future.verdicts[0]).toEqual({ status: 'unmatched', reason: '振込日が未来の日付です' });
    const head = ['照会番号', '日付', '金額', '振込依頼人名'];
    const line = ['000123', '2026/05/01', '3500', `${loginOf(1)} ﾔﾏﾀﾞ`];
    const booked = upload(fileOf([head, line]), seats, []).booked;
    expect(booked).toHaveLength(1);
    // another download (another file), the same transfer number: the same line, 記録済み
    const again = upload(fileOf([head, ['000122', '2026/05/01', '1000', 'ﾀﾞﾚｶ'], line]), seats, booked);
    expect(again.verdicts[1]?.status).toBe('recorded');
  });
});
