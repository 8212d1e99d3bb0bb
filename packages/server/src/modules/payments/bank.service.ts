/**
 * The bank's transfer file (decision 078): a preview that writes nothing (matched, ambiguous, unmatched,
 * already recorded lines, and lines just like a transfer recorded from another file, which the office is
 * asked about — decision 085 —, and the preview_hash of decision 070), then the apply that writes every
 * matched line, every ambiguous line the office picked a seat for and every asked line it said is another
 * transfer, in one transaction holding the lock of every course it pays into (id order, as every seat
 * writer), or nothing.
 */
import { createHash } from 'node:crypto';
import { LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { PAYMENT_KIND } from '@manabi/shared/domain/fees';
import { IMPORT_PREVIEW_MSG } from '@manabi/shared/schemas/import-preview';
import {
  BANK_LINES_MAX,
  type BankApplyBody,
  type BankPreview,
  PAYMENT_MSG,
} from '@manabi/shared/schemas/payments';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, courses, payments, students } from '../../db/schema';
import { type Actor, audit, auditMany } from '../../platform/audit';
import {
  CsvUploadError,
  decodeCsvText,
  decodeDataUrl,
  parseCsvRecordSlices,
} from '../../platform/csv-upload';
import { AppError, invalid } from '../../platform/errors';
import { OutcomeDigest } from '../../platform/import-preview';
import { anyOf, isUniqueViolation, qualified } from '../../platform/sql';
import { insertPayments, NEXT_RECEIPT, netPaidOf, refreshPaidAt } from '../../repositories/payments';
import { lockForPayments } from '../../repositories/person-locks';
import {
  type BankFormat,
  type BankLine,
  type Booked,
  bankNameKey,
  isZengin,
  type Ledger,
  ledgerOf,
  likeKey,
  matchLines,
  readBankCsv,
  readZengin,
  type SeatCandidate,
  type Verdict,
} from './bank-file';

/** A day's transfer file is kilobytes; 2 MB is ten thousand 全銀 records. */
const BANK_MAX_BYTES = 2 * 1024 * 1024;

/** The file's transfer lines, or a 422 on the file field. */
async function readBankFile(
  dataUrl: string,
): Promise<{ format: BankFormat; bytes: Buffer; lines: BankLine[] }> {
  let bytes: Buffer;
  let format: BankFormat = 'csv';
  let lines: BankLine[] | null = null;
  try {
    bytes = await decodeDataUrl(dataUrl, BANK_MAX_BYTES, undefined, { anyMediaType: true });
    if (bytes.length === 0) throw invalid('file', PAYMENT_MSG.bankNoLines);
    if (isZengin(bytes)) {
      format = 'zengin';
      lines = readZengin(bytes);
      if (!lines) throw invalid('file', PAYMENT_MSG.bankUnreadable);
    } else {
      const records: string[][] = [];
      for await (const chunk of parseCsvRecordSlices(await decodeCsvText(bytes))) records.push(...chunk);
      lines = readBankCsv(records, createHash('sha256').update(bytes).digest('hex'));
    }
  } catch (e) {
    if (e instanceof CsvUploadError) throw invalid('file', e.message);
    throw e;
  }
  if (lines.length === 0) throw invalid('file', PAYMENT_MSG.bankNoLines);
  if (lines.length > BANK_LINES_MAX) throw invalid('file', PAYMENT_MSG.bankTooMany(BANK_LINES_MAX));
  return { format, bytes, lines };
}

/** Every live charged seat (won, not cancelled, amount_due set), with what it still owes. */
async function liveChargedSeats(db: DbOrTx): Promise<SeatCandidate[]> {
  const a = courseApplications;
  const rows = await db
    .select({
      applicationId: a.id,
      courseId: a.courseId,
      loginId: students.loginId,
      name: students.name,
      nameKana: students.nameKana,
      courseName: courses.name,
      outstanding: sql<number>`greatest(${a.amountDue} - ${netPaidOf(qualified(a, a.id))}, 0)::int`,
    })
    .from(a)
    .innerJoin(students, eq(students.id, a.studentId))
    .innerJoin(courses, eq(courses.id, a.courseId))
    .where(and(eq(a.lotteryStatus, LOTTERY.WON), isNull(a.cancelledAt), isNotNull(a.amountDue)))
    .orderBy(a.id);
  return rows.map((r) => ({ ...r, kanaKey: bankNameKey(r.nameKana) }));
}

/**
 * The transfers recorded from the bank (payments not voided) that the file's lines are, or look like: those
 * holding one of the lines' identities, and those of a line's day and amount whose payer's words are the
 * same (likeKey).
 */
async function ledgerFor(db: DbOrTx, lines: readonly BankLine[]): Promise<Ledger> {
  const refs = [...new Set(lines.map((l) => l.bankRef))];
  const days = [...new Set(lines.flatMap((l) => (l.paidOn ? [l.paidOn] : [])))];
  const amounts = [...new Set(lines.map((l) => l.amount))];
  if (refs.length === 0) return ledgerOf([]);
  const p = payments;
  const rows = await db
    .select({
      ref: p.bankRef,
      paidOn: p.paidOn,
      amount: p.amount,
      payerName: p.payerName,
      receiptNo: p.receiptNo,
      name: students.name,
      courseName: courses.name,
    })
    .from(p)
    .innerJoin(students, eq(students.id, p.studentId))
    .innerJoin(courses, eq(courses.id, p.courseId))
    .where(
      and(
        isNull(p.voidedAt),
        eq(p.source, 'bank'),
        or(
          inArray(p.bankRef, refs),
          days.length === 0
            ? sql`false`
            : and(
                sql`${p.paidOn} = any(${sql.param(days)}::text[]::date[])`,
                anyOf(p.amount, amounts, 'int'),
              ),
        ),
      ),
    )
    .orderBy(p.id);
  const wanted = new Set(lines.map(likeKey));
  const refSet = new Set(refs);
  return ledgerOf(rows.filter((r: Booked) => (r.ref && refSet.has(r.ref)) || wanted.has(likeKey(r))));
}

interface Walk {
  format: BankFormat;
  lines: BankLine[];
  verdicts: Verdict[];
  hash: string;
}

/** The file matched against the database as it is now, and the digest of the outcome. */
async function walk(
  db: DbOrTx,
  file: { format: BankFormat; bytes: Buffer; lines: BankLine[] },
  now: Date,
): Promise<Walk> {
  const verdicts = matchLines(
    file.lines,
    await liveChargedSeats(db),
    await ledgerFor(db, file.lines),
    todayTokyo(now),
  );
  const digest = new OutcomeDigest();
  digest.bytes(file.bytes);
  file.lines.forEach((l, i) => {
    const v = verdicts[i] as Verdict;
    const earlier = 'earlier' in v && v.earlier ? [`${v.earlier.receiptNo}`] : [];
    const seats = seatsOf(v).map((s) => `${s.applicationId}:${s.outstanding}`);
    digest.record(l.line, v.status, ...earlier, ...seats);
  });
  return { ...file, verdicts, hash: digest.hex() };
}

/** The seats a verdict names: the one matched, or the candidates (of a question: as it would record). */
function seatsOf(v: Verdict): SeatCandidate[] {
  const found = v.status === 'question' ? v.found : v;
  return found.status === 'matched' ? [found.seat] : found.status === 'ambiguous' ? found.candidates : [];
}

const candidate = (s: SeatCandidate) => ({
  application_id: s.applicationId,
  login_id: s.loginId,
  name: s.name,
  course_name: s.courseName,
  outstanding: s.outstanding,
});

const earlierOf = (b: Booked | null | undefined) =>
  b ? { receipt_no: b.receiptNo, paid_on: b.paidOn, name: b.name, course_name: b.courseName } : null;

/** A line's verdict as the preview shows it. */
function presentLine(l: BankLine, v: Verdict): BankPreview['lines'][number] {
  const found = v.status === 'question' ? v.found : v;
  return {
    line: l.line,
    paid_on: l.paidOn,
    amount: l.amount,
    payer_name: l.payerName,
    status: v.status,
    matched_by: found.status === 'matched' || found.status === 'ambiguous' ? found.by : ('' as const),
    reason: v.status === 'unmatched' ? v.reason : v.status === 'question' ? PAYMENT_MSG.bankSame : '',
    candidates: seatsOf(v).map(candidate),
    earlier: earlierOf('earlier' in v ? v.earlier : null),
  };
}

export async function previewBankFile(db: Db, dataUrl: string, now = new Date()): Promise<BankPreview> {
  const file = await readBankFile(dataUrl);
  const w = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return walk(tx, file, now);
  });
  const counts = { lines: w.lines.length, matched: 0, ambiguous: 0, question: 0, unmatched: 0, recorded: 0 };
  const lines = w.lines.map((l, i) => {
    const v = w.verdicts[i] as Verdict;
    counts[v.status]++;
    return presentLine(l, v);
  });
  return { preview_hash: w.hash, format: w.format, counts, lines };
}

const changed = () =>
  new AppError('CONFLICT', IMPORT_PREVIEW_MSG.changed, [{ name: 'file', msg: IMPORT_PREVIEW_MSG.changed }]);

interface ToWrite {
  line: BankLine;
  seat: SeatCandidate;
}

/**
 * The lines the apply writes: every matched one, each ambiguous one the office picked a candidate for, and
 * each question the office said is another transfer (new_transfers) — with its pick when it has candidates.
 * A pick or an answer for any other line is a 422 on its field.
 */
function chosenLines(w: Walk, body: Pick<BankApplyBody, 'choices' | 'new_transfers'>): ToWrite[] {
  const picks = new Map<number, number>();
  for (const c of body.choices) picks.set(c.line, c.application_id);
  const answered = new Set(body.new_transfers);
  const asked = new Set(w.lines.filter((_, i) => w.verdicts[i]?.status === 'question').map((l) => l.line));
  if ([...answered].some((n) => !asked.has(n))) throw invalid('new_transfers', PAYMENT_MSG.notAQuestion);
  const out: ToWrite[] = [];
  let used = 0;
  w.lines.forEach((line, i) => {
    const v = w.verdicts[i] as Verdict;
    const pick = picks.get(line.line);
    if (v.status === 'question' && !answered.has(line.line)) {
      if (pick !== undefined) throw invalid('choices', PAYMENT_MSG.sameUnanswered);
      return;
    }
    const found = v.status === 'question' ? v.found : v;
    if (found.status === 'matched') {
      if (pick !== undefined) throw invalid('choices', PAYMENT_MSG.chooseOne);
      out.push({ line, seat: found.seat });
    } else if (found.status === 'ambiguous' && (pick !== undefined || v.status === 'question')) {
      const seat = found.candidates.find((s) => s.applicationId === pick);
      if (!seat)
        throw invalid('choices', pick === undefined ? PAYMENT_MSG.chooseOne : PAYMENT_MSG.notACandidate);
      out.push({ line, seat });
    } else if (pick !== undefined) throw invalid('choices', PAYMENT_MSG.chooseOne);
    if (pick !== undefined) used++;
  });
  if (used !== picks.size) throw invalid('choices', PAYMENT_MSG.chooseOne);
  return out;
}

/** Each seat's student, by application id. */
async function studentsOfSeats(db: DbOrTx, applicationIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: courseApplications.id, studentId: courseApplications.studentId })
    .from(courseApplications)
    .where(inArray(courseApplications.id, applicationIds));
  return new Map(rows.map((s) => [s.id, s.studentId]));
}

/**
 * Writes the chosen lines. The file is matched once to learn which courses it pays into, then again under
 * those courses' locks: at either reading, a different outcome (a payment recorded meanwhile, another upload of the same file)
 * is a 409 with nothing written. The refs' unique index refuses the same transfer twice whatever happens.
 */
export async function applyBankFile(db: Db, actor: Actor, body: BankApplyBody, now = new Date()) {
  const file = await readBankFile(body.file);
  const first = await walk(db, file, now);
  // a preview the file no longer matches is stale whatever the choices say: the office looks again
  if (first.hash !== body.preview_hash) throw changed();
  const chosen = chosenLines(first, body);
  const courseIds = [...new Set(chosen.map((c) => c.seat.courseId))].sort((x, y) => x - y);
  if (courseIds.length === 0) throw invalid('file', PAYMENT_MSG.nothingToApply);
  const payers = await studentsOfSeats(
    db,
    chosen.map((c) => c.seat.applicationId),
  );
  try {
    return await db.transaction(async (tx) => {
      await lockForPayments(tx, [...payers.values()], courseIds);
      const w = await walk(tx, file, now);
      if (w.hash !== body.preview_hash) throw changed();
      const rows = chosenLines(w, body);
      if (rows.some((r) => !courseIds.includes(r.seat.courseId))) {
        throw changed();
      }
      // under the locks: a seat a merge moved before them is its kept record's now
      const student = await studentsOfSeats(
        tx,
        rows.map((r) => r.seat.applicationId),
      );
      const written = await insertPayments(
        tx,
        rows.map((r) => ({
          applicationId: r.seat.applicationId,
          courseId: r.seat.courseId,
          studentId: student.get(r.seat.applicationId) ?? 0,
          kind: PAYMENT_KIND.RECEIVED,
          amount: r.line.amount,
          paidOn: r.line.paidOn,
          method: 'bank',
          receiptNo: NEXT_RECEIPT,
          note: '',
          source: 'bank' as const,
          payerName: r.line.payerName.slice(0, 100),
          bankRef: r.line.bankRef,
          recordedBy: actor.id,
        })),
        now,
      );
      await refreshPaidAt(tx, [...new Set(rows.map((r) => r.seat.applicationId))], now);
      await auditMany(
        tx,
        written.map((r) => ({
          actor,
          action: 'payment_record' as const,
          entity: 'payment' as const,
          entityId: r.id,
          studentId: student.get(r.applicationId) ?? null,
          courseId: r.courseId,
          detail: {
            application_id: r.applicationId,
            amount: r.amount,
            receipt_no: r.receiptNo,
            source: 'bank',
          },
        })),
      );
      await audit(tx, {
        actor,
        action: 'bank_import',
        entity: 'payment',
        detail: { format: w.format, lines: w.lines.length, recorded: rows.length, courses: courseIds },
      });
      return {
        result: true as const,
        recorded: rows.length,
        msg: `${rows.length.toLocaleString('ja-JP')}件の入金を記録しました。`,
      };
    });
  } catch (e) {
    // another upload of the same transfer committed between our read and our insert
    if (isUniqueViolation(e, 'payments_bank_ref_uq')) {
      throw changed();
    }
    throw e;
  }
}
