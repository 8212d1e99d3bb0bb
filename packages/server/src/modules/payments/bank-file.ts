/**
 * The bank's transfer file (decision 078), read and matched — no I/O here, so the matching is tested as a
 * property. Two formats:
 * - 全銀協 振込入金通知 (振込入金明細): fixed 200-byte records, Shift_JIS (JIS 8-bit), with or without line
 *   breaks; header '1', data '2', trailer '8', end '9'. A data record: データ区分 1, 照会番号 6, 勘定日 6
 *   (和暦 YYMMDD), 起算日 6, 金額 10, うち他店券金額 10, 振込依頼人コード 10, 振込依頼人名 48 (half-width
 *   katakana), 仕向銀行名 15, 仕向店名 15, 取消区分 1, EDI情報 20, ダミー 52.
 * - a CSV of 日付・金額・振込依頼人名 (as a net bank's download or the office's own sheet): UTF-8 with or
 *   without BOM, or Shift_JIS as Excel saves it; a header row is optional.
 */
import { createHash } from 'node:crypto';
import { foldKana } from '@manabi/shared/domain/person-match';
import { normalizeDigits } from '@manabi/shared/validation/normalize';
import { isYmd } from '@manabi/shared/validation/rules';
import iconv from 'iconv-lite';

export interface BankLine {
  /** record number (全銀) or row number (CSV), 1-based */
  line: number;
  paidOn: string;
  amount: number;
  payerName: string;
  /** sha-256 of the transfer: the same transfer read twice (two uploads, or a later file) has the same ref */
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
};

/** The records of a CSV (its text already decoded): a header is recognised by its words, else 日付,金額,名前. */
export function readBankCsv(records: readonly string[][]): BankLine[] {
  let cols = { day: 0, amount: 1, name: 2 };
  let first = 0;
  const head = records[0]?.map((c) => c.trim()) ?? [];
  if (head.length > 0 && csvDay(head[0] ?? '') === null) {
    const find = (words: string[], fallback: number) => {
      const i = head.findIndex((h) => words.includes(h));
      return i === -1 ? fallback : i;
    };
    cols = { day: find(HEADERS.day, 0), amount: find(HEADERS.amount, 1), name: find(HEADERS.name, 2) };
    first = 1;
  }
  const seen = new Map<string, number>();
  const lines: BankLine[] = [];
  for (let i = first; i < records.length; i++) {
    const r = records[i] ?? [];
    if (r.every((c) => c.trim() === '')) continue;
    const day = csvDay(r[cols.day] ?? '');
    const amount = csvAmount(r[cols.amount] ?? '');
    const payerName = (r[cols.name] ?? '').trim().slice(0, 100);
    // the same transfer twice in one file is two transfers: numbered by its occurrence
    const key = ['csv', day ?? r[cols.day], amount ?? r[cols.amount], bankNameKey(payerName)].join('\u001f');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    lines.push({
      line: i + 1,
      paidOn: day ?? '',
      amount: amount ?? 0,
      payerName,
      bankRef: sha(`${key}\u001f${n}`),
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

export type Verdict =
  | { status: 'recorded' }
  | { status: 'unmatched'; reason: string }
  | { status: 'matched'; by: 'login_id' | 'kana'; seat: SeatCandidate }
  | { status: 'ambiguous'; by: 'login_id' | 'kana'; candidates: SeatCandidate[] };

/**
 * Each line's verdict, in file order. A 学生番号 in the name decides the student: their one seat, or of
 * several the one owing exactly the amount, or the one owing anything; else the office picks among that
 * student's seats. Without one, the kana name and the amount must both fit a seat that owes exactly that
 * much. A seat a line matched owes that much less for the lines after it, so one transfer is never taken
 * for two and two transfers of one amount are not both given to one seat by name.
 */
export function matchLines(
  lines: readonly BankLine[],
  seats: readonly SeatCandidate[],
  recorded: ReadonlySet<string>,
): Verdict[] {
  const owes = new Map(seats.map((s) => [s.applicationId, s.outstanding]));
  const byLogin = new Map<string, SeatCandidate[]>();
  const byKana = new Map<string, SeatCandidate[]>();
  for (const s of seats) {
    if (s.loginId) byLogin.set(s.loginId, [...(byLogin.get(s.loginId) ?? []), s]);
    if (s.kanaKey) byKana.set(s.kanaKey, [...(byKana.get(s.kanaKey) ?? []), s]);
  }
  const inThisFile = new Set<string>();
  const owing = (s: SeatCandidate) => owes.get(s.applicationId) ?? 0;
  const take = (s: SeatCandidate, amount: number) => owes.set(s.applicationId, owing(s) - amount);
  return lines.map((l): Verdict => {
    if (recorded.has(l.bankRef) || inThisFile.has(l.bankRef)) return { status: 'recorded' };
    if (l.problem) return { status: 'unmatched', reason: l.problem };
    inThisFile.add(l.bankRef);
    for (const id of loginIdsIn(l.payerName)) {
      const own = byLogin.get(id);
      if (!own) continue;
      const pick = (list: SeatCandidate[]) => (list.length === 1 ? list[0] : undefined);
      const seat =
        pick(own) ?? pick(own.filter((s) => owing(s) === l.amount)) ?? pick(own.filter((s) => owing(s) > 0));
      if (seat) {
        take(seat, l.amount);
        return { status: 'matched', by: 'login_id', seat };
      }
      return { status: 'ambiguous', by: 'login_id', candidates: own };
    }
    const key = bankNameKey(l.payerName);
    const fits = key ? (byKana.get(key) ?? []).filter((s) => owing(s) === l.amount) : [];
    if (fits.length === 1 && fits[0]) {
      take(fits[0], l.amount);
      return { status: 'matched', by: 'kana', seat: fits[0] };
    }
    if (fits.length > 1) return { status: 'ambiguous', by: 'kana', candidates: fits };
    return {
      status: 'unmatched',
      reason: key && byKana.has(key) ? '名前は一致しますが、金額が残額と違います' : '該当する学生がいません',
    };
  });
}
