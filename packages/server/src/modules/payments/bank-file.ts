/**
 * The bank's transfer file (decision 078), read and matched — no I/O here, so the matching is tested as a
 * property. Two formats:
 * - 全銀協 振込入金通知 (振込入金明細): fixed 200-byte records, Shift_JIS (JIS 8-bit), with or without line
 *   breaks; header '1', data '2', trailer '8', end '9'. A data record: データ区分 1, 照会番号 6, 勘定日 6
 *   (和暦 YYMMDD), 起算日 6, 金額 10, うち他店券金額 10, 振込依頼人コード 10, 振込依頼人名 48 (half-width
 *   katakana), 仕向銀行名 15, 仕向店名 15, 取消区分 1, EDI情報 20, ダミー 52.
 * - a CSV of 日付・金額・振込依頼人名 (as a net bank's download or the office's own sheet): UTF-8 with or
 *   without BOM, or Shift_JIS as Excel saves it; a header row is optional, and so is a column of the bank's
 *   own number for the transfer (照会番号, 取引番号).
 *
 * A line's identity (decision 085) is where it came from and what the payer wrote: the 全銀 record as the
 * bank wrote it (照会番号, days, amount, 振込依頼人名…), the CSV's own transfer number with the line's day,
 * amount and name, else the file's content and the line's number. So the same file read twice is the same
 * lines, and two people's equal transfers are two lines.
 */
import { createHash } from 'node:crypto';
import { foldKana } from '@manabi/shared/domain/person-match';
import { PAYMENT_MSG } from '@manabi/shared/schemas/payments';
import { normalizeDigits } from '@manabi/shared/validation/normalize';
import { isYmd } from '@manabi/shared/validation/rules';
import iconv from 'iconv-lite';

export interface BankLine {
  /** record number (全銀) or row number (CSV), 1-based */
  line: number;
  paidOn: string;
  amount: number;
  payerName: string;
  /** the line's identity (sha-256 of where it came from and what the payer wrote): the same line read twice has it */
  bankRef: string;
  /** why the line cannot be matched, if it cannot be read or was cancelled by the bank */
  problem: string | null;
}

export type BankFormat = 'zengin' | 'csv';

const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const RECORD = 200;
/** Reiwa 1 is 2019: 和暦 YY + 2018. */
const REIWA_OFFSET = 2018;

/** A 全銀 file: its first record starts '1' and is 200 bytes (alone, or followed by a line break). */
export function isZengin(bytes: Buffer): boolean {
  if (bytes[0] !== 0x31) return false;
  const nl = bytes.indexOf(0x0a);
  if (nl === -1) return bytes.length % RECORD === 0;
  const first = bytes[nl - 1] === 0x0d ? nl - 1 : nl;
  return first === RECORD;
}

function zenginRecords(bytes: Buffer): Buffer[] | null {
  if (bytes.includes(0x0a) || bytes.includes(0x0d)) {
    const out: Buffer[] = [];
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        let rec = bytes.subarray(start, i);
        if (rec[rec.length - 1] === 0x0d) rec = rec.subarray(0, rec.length - 1);
        if (rec.length > 0 && !(rec.length === 1 && rec[0] === 0x1a)) out.push(rec);
        start = i + 1;
      }
    }
    return out.every((r) => r.length === RECORD) ? out : null;
  }
  if (bytes.length % RECORD !== 0) return null;
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += RECORD) out.push(bytes.subarray(i, i + RECORD));
  return out;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** 和暦 YYMMDD (令和) → 'YYYY-MM-DD', or null. */
function warekiDay(s: string): string | null {
  if (!/^\d{6}$/.test(s)) return null;
  const day = `${Number(s.slice(0, 2)) + REIWA_OFFSET}-${s.slice(2, 4)}-${s.slice(4, 6)}`;
  return isYmd(day) ? day : null;
}

/** The data records of a 全銀 file, or null when the bytes are not one. */
export function readZengin(bytes: Buffer): BankLine[] | null {
  const records = zenginRecords(bytes);
  if (records?.[0]?.[0] !== 0x31) return null;
  const lines: BankLine[] = [];
  records.forEach((r, i) => {
    if (r[0] !== 0x32) return;
    const amountText = ascii(r, 19, 29);
    const day = warekiDay(ascii(r, 7, 13));
    const payerName = iconv.decode(r.subarray(49, 97), 'cp932').trim();
    const cancelled = ascii(r, 127, 128) === '1';
    lines.push({
      line: i + 1,
      paidOn: day ?? '',
      amount: /^\d{10}$/.test(amountText) ? Number(amountText) : 0,
      payerName,
      bankRef: sha(r),
      problem: cancelled
        ? '銀行が取り消した明細です'
        : !day
          ? '勘定日が読めません'
          : !/^\d{10}$/.test(amountText) || Number(amountText) === 0
            ? '金額が読めません'
            : null,
    });
  });
  return lines;
}

/** 2026-12-03, 2026/12/3, 2026年12月3日, 20261203 → 'YYYY-MM-DD', or null. */
export function csvDay(cell: string): string | null {
  const s = normalizeDigits(cell).trim();
  const m = /^(\d{4})[-/年.](\d{1,2})[-/月.](\d{1,2})日?$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const day = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
  return isYmd(day) ? day : null;
}

/** '12,000', '１２０００円', '¥12,000' → 12000, or null. */
export function csvAmount(cell: string): number | null {
  const s = normalizeDigits(cell)
    .replace(/[,，円¥￥\s]/g, '')
    .trim();
  return /^\d{1,8}$/.test(s) ? Number(s) : null;
}

const HEADERS = {
  day: ['日付', '取引日', '入金日', '勘定日', '振込日'],
  amount: ['金額', '入金額', '入金金額', '振込金額'],
  name: ['振込依頼人名', '依頼人名', '振込依頼人', '名義', '摘要', 'お取引内容'],
  /** the bank's own number for the transfer, when its download has one */
  ref: ['照会番号', '取引番号', '明細番号', 'お取引番号', '受付番号'],
};

/**
 * The records of a CSV (its text already decoded; `fileHash` the sha-256 of its bytes): a header is recognised
 * by its words, else 日付,金額,名前.
 */
export function readBankCsv(records: readonly string[][], fileHash: string): BankLine[] {
  let cols = { day: 0, amount: 1, name: 2, ref: -1 };
  let first = 0;
  const head = records[0]?.map((c) => c.trim()) ?? [];
  if (head.length > 0 && csvDay(head[0] ?? '') === null) {
    const find = (words: string[], fallback: number) => {
      const i = head.findIndex((h) => words.includes(h));
      return i === -1 ? fallback : i;
    };
    cols = {
      day: find(HEADERS.day, 0),
      amount: find(HEADERS.amount, 1),
      name: find(HEADERS.name, 2),
      ref: find(HEADERS.ref, -1),
    };
    first = 1;
  }
  const lines: BankLine[] = [];
  for (let i = first; i < records.length; i++) {
    const r = records[i] ?? [];
    if (r.every((c) => c.trim() === '')) continue;
    const day = csvDay(r[cols.day] ?? '');
    const amount = csvAmount(r[cols.amount] ?? '');
    const payerName = (r[cols.name] ?? '').trim().slice(0, 100);
    const own = cols.ref >= 0 ? (r[cols.ref] ?? '').trim() : '';
    // the bank's own number names the transfer in whatever file it comes again; without one, only this
    // file's line can (a bank's CSV says nothing else that tells two equal transfers apart)
    const where = own ? ['csv-ref', own] : ['csv', fileHash, String(i + 1)];
    lines.push({
      line: i + 1,
      paidOn: day ?? '',
      amount: amount ?? 0,
      payerName,
      bankRef: sha([...where, day ?? r[cols.day], amount ?? r[cols.amount], payerName].join('\u001f')),
      problem: !day ? '日付が読めません' : amount === null || amount === 0 ? '金額が読めません' : null,
    });
  }
  return lines;
}

/**
 * The key a transfer's name and a student's 氏名カナ are compared by: the reading as the duplicate check
 * compares it (foldKana: width, hiragana, spaces, small kana as large — a bank writes ｼﾖｳｺ for ショウコ —, old
 * kana, long vowels), then anything but katakana dropped (the number, brackets and dots the payer added).
 */
export function bankNameKey(s: string): string {
  return foldKana(s).replace(/[^\u30A1-\u30FA]/g, '');
}

/** The 8-digit 学生番号 a payer wrote in the name (half- or full-width), in order. */
export function loginIdsIn(s: string): string[] {
  return [...normalizeDigits(s).matchAll(/(?<!\d)(\d{8})(?!\d)/g)].map((m) => m[1] as string);
}

/**
 * What the payer wrote, as two readings of one transfer compare: the name's reading and every digit written
 * with it (a 学生番号), so one student's transfer is never taken for another's of the same kana.
 */
export function payerKey(s: string): string {
  return `${bankNameKey(s)}#${normalizeDigits(s).replace(/[^0-9]/g, '')}`;
}

/** Lines alike enough to be one transfer read twice: its day, its amount and what the payer wrote. */
export const likeKey = (l: { paidOn: string; amount: number; payerName: string }) =>
  [l.paidOn, String(l.amount), payerKey(l.payerName)].join('\u001f');

/** A transfer already recorded (a bank payment not voided), as the preview names it. */
export interface Booked {
  ref: string | null;
  paidOn: string;
  amount: number;
  payerName: string;
  receiptNo: string | null;
  /** the student it was recorded for, and the course */
  name: string;
  courseName: string;
}

/** The recorded transfers a file is read against: by identity, and by likeness (likeKey). */
export interface Ledger {
  byRef: ReadonlyMap<string, Booked>;
  byLike: ReadonlyMap<string, readonly Booked[]>;
}

export function ledgerOf(booked: readonly Booked[]): Ledger {
  const byRef = new Map<string, Booked>();
  const byLike = new Map<string, Booked[]>();
  for (const b of booked) {
    if (b.ref) byRef.set(b.ref, b);
    byLike.set(likeKey(b), [...(byLike.get(likeKey(b)) ?? []), b]);
  }
  return { byRef, byLike };
}

export interface SeatCandidate {
  applicationId: number;
  courseId: number;
  loginId: string | null;
  name: string;
  kanaKey: string;
  courseName: string;
  /** what it still owes before this file */
  outstanding: number;
}

type Found =
  | { status: 'matched'; by: 'login_id' | 'kana'; seat: SeatCandidate }
  | { status: 'ambiguous'; by: 'login_id' | 'kana'; candidates: SeatCandidate[] };

export type Verdict =
  /** this very line is recorded (`earlier`), or it came earlier in this file (null) */
  | { status: 'recorded'; earlier: Booked | null }
  /** nothing to record: why, and the recorded transfer it looks like, if any */
  | { status: 'unmatched'; reason: string; earlier?: Booked }
  | Found
  /** another reading of a recorded transfer, or a new one just like it: the office says which */
  | { status: 'question'; earlier: Booked; found: Found };

/** The file's order does not decide: lines by day, amount and name (equal lines are interchangeable). */
const byContent = (a: BankLine, b: BankLine) =>
  a.paidOn < b.paidOn
    ? -1
    : a.paidOn > b.paidOn
      ? 1
      : a.amount - b.amount || (a.payerName < b.payerName ? -1 : a.payerName > b.payerName ? 1 : 0);

/**
 * Each line's verdict, in file order (decision 085). A line whose identity is recorded is 記録済み; one that
 * cannot be read, was cancelled by the bank or is dated after `today` says so; one just like a transfer
 * recorded from elsewhere (its day, amount and payer's words) is a question to the office, never dropped.
 * The rest are matched to seats ({@link seatFor}): a seat a line matched owes that much less for the others,
 * so one transfer is never taken for two and two transfers of one amount are not both given to one seat by
 * name. They are taken in order of content, not of the file, and again until no more match, so the same
 * lines in any order match the same seats, and the lines left over are left over for good (the same file
 * uploaded again records nothing new). A question is matched against what is left and takes nothing.
 */
export function matchLines(
  lines: readonly BankLine[],
  seats: readonly SeatCandidate[],
  ledger: Ledger,
  today: string,
): Verdict[] {
  const verdicts: Verdict[] = new Array(lines.length);
  const inFile = new Set(lines.map((l) => l.bankRef));
  const seen = new Set<string>();
  const open: number[] = [];
  const asked: { i: number; earlier: Booked }[] = [];
  lines.forEach((l, i) => {
    const earlier = ledger.byRef.get(l.bankRef);
    if (earlier || seen.has(l.bankRef)) {
      verdicts[i] = { status: 'recorded', earlier: earlier ?? null };
      return;
    }
    seen.add(l.bankRef);
    const problem = l.problem ?? (l.paidOn > today ? PAYMENT_MSG.bankFuture : null);
    if (problem) {
      verdicts[i] = { status: 'unmatched', reason: problem };
      return;
    }
    // a recorded transfer just like it, from another file (one of this file's own lines is another line)
    const like = ledger.byLike.get(likeKey(l))?.find((b) => b.ref === null || !inFile.has(b.ref));
    if (like) asked.push({ i, earlier: like });
    else open.push(i);
  });
  const owes = new Map(seats.map((s) => [s.applicationId, s.outstanding]));
  const find = seatFor(seats, owes);
  let left = [...open].sort((x, y) => byContent(lines[x] as BankLine, lines[y] as BankLine) || x - y);
  for (let before = -1; left.length !== before; ) {
    before = left.length;
    left = left.filter((i) => {
      const l = lines[i] as BankLine;
      const v = find(l);
      verdicts[i] = v;
      if (v.status !== 'matched') return true;
      owes.set(v.seat.applicationId, (owes.get(v.seat.applicationId) ?? 0) - l.amount);
      return false;
    });
  }
  for (const { i, earlier } of asked) {
    const v = find(lines[i] as BankLine);
    verdicts[i] =
      v.status === 'unmatched'
        ? { status: 'unmatched', reason: PAYMENT_MSG.bankSame, earlier }
        : { status: 'question', earlier, found: v };
  }
  return verdicts;
}

/**
 * The seat of one line, against what each seat owes now (`owes`). A 学生番号 in the name decides the
 * student: their one seat, or of several the one owing exactly the amount, or the one owing anything; else
 * the office picks among that student's seats. Without one, the kana name and the amount must both fit a
 * seat that owes exactly that much.
 */
function seatFor(seats: readonly SeatCandidate[], owes: ReadonlyMap<number, number>) {
  const byLogin = new Map<string, SeatCandidate[]>();
  const byKana = new Map<string, SeatCandidate[]>();
  for (const s of seats) {
    if (s.loginId) byLogin.set(s.loginId, [...(byLogin.get(s.loginId) ?? []), s]);
    if (s.kanaKey) byKana.set(s.kanaKey, [...(byKana.get(s.kanaKey) ?? []), s]);
  }
  const owing = (s: SeatCandidate) => owes.get(s.applicationId) ?? 0;
  const pick = (list: SeatCandidate[]) => (list.length === 1 ? list[0] : undefined);
  return (l: BankLine): Found | { status: 'unmatched'; reason: string } => {
    for (const id of loginIdsIn(l.payerName)) {
      const own = byLogin.get(id);
      if (!own) continue;
      const seat =
        pick(own) ?? pick(own.filter((s) => owing(s) === l.amount)) ?? pick(own.filter((s) => owing(s) > 0));
      if (seat) return { status: 'matched', by: 'login_id', seat };
      return { status: 'ambiguous', by: 'login_id', candidates: own };
    }
    const key = bankNameKey(l.payerName);
    const fits = key ? (byKana.get(key) ?? []).filter((s) => owing(s) === l.amount) : [];
    if (fits.length === 1 && fits[0]) return { status: 'matched', by: 'kana', seat: fits[0] };
    if (fits.length > 1) return { status: 'ambiguous', by: 'kana', candidates: fits };
    return {
      status: 'unmatched',
      reason: key && byKana.has(key) ? '名前は一致しますが、金額が残額と違います' : '該当する学生がいません',
    };
  };
}
