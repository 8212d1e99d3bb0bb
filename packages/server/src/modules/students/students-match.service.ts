import { APPROVAL } from '@manabi/shared/codes';
import {
  MATCH_KEY_COMMON,
  type MatchPerson,
  matchReasonText,
  type PreparedPerson,
  preparePerson,
  scorePrepared,
} from '@manabi/shared/domain/person-match';
import {
  CANDIDATES_LIMIT,
  type Candidates,
  DUPLICATE_MSG,
  type DuplicatePairs,
  type DuplicatePairsQuery,
  type MatchStudent,
} from '@manabi/shared/schemas/duplicates';
import { and, desc, eq, ne, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { duplicateDismissals, duplicatePairs, duplicateScan, students } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { type Actor, audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { nextTurn } from '../../platform/sliced';
import { anyOf, arrayLiteral, sqlLiteral } from '../../platform/sql';

/**
 * The same person entered twice, scored (decision 069): one student's likely duplicates, read live through
 * the GIN index of their match keys; the whole roster's pairs, as the last roster scan found them; the
 * office's 「別人」; and the scan itself, a background job no two processes run at once.
 */

/** The fields a pair is shown with and scored on. */
const personColumns = {
  user_id: students.id,
  login_id: students.loginId,
  name: students.name,
  name_kana: students.nameKana,
  birthday: students.birthday,
  street_name1: students.streetName1,
  approval_status: students.approvalStatus,
  created_at: students.createdAt,
  phone1: students.phone1,
  phone2: students.phone2,
  mail1: students.mail1,
  mail2: students.mail2,
  postcode: students.postcode,
};
type PersonRow = MatchPerson & Omit<MatchStudent, 'created_at'> & { created_at: Date };

const shown = (r: PersonRow): MatchStudent => ({
  user_id: r.user_id,
  login_id: r.login_id,
  name: r.name,
  name_kana: r.name_kana,
  birthday: r.birthday,
  street_name1: r.street_name1,
  approval_status: r.approval_status,
  created_at: r.created_at.toISOString(),
});

/**
 * Records sharing a key read for one student at most: a key held by more (a care home's phone, a very
 * common name and reading) still finds the best ones, as every match of a name key is also read by its
 * other keys when they agree.
 */
const CANDIDATE_READ_MAX = 500;

/** A pair stored a < b: the primary key of the pairs and of the dismissals. */
const ordered = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);

/**
 * GET /api/admin/student/duplicate/candidates/?user_id=: the records that look like this student, best
 * first, with their reasons — any student, approved or not (the approval page shows the best one). Live:
 * one GIN-indexed read of the records sharing a match key, scored here.
 */
export async function studentCandidates(db: Db, userId: number): Promise<Candidates> {
  const [target] = await db
    .select({ ...personColumns, keys: students.matchKeys })
    .from(students)
    .where(eq(students.id, userId));
  if (!target) throw notFound();
  const { keys, ...person } = target;
  // a merged record is the kept one's now (decision 069): it is nobody's candidate, and has none
  if (!keys || keys.length === 0 || person.approval_status === APPROVAL.MERGED)
    return { user_data: shown(person), candidates: [] };

  const others = await db
    .select(personColumns)
    .from(students)
    .where(
      and(
        sql`${students.matchKeys} && ${sql.param(arrayLiteral(keys))}::text[]`,
        ne(students.id, userId),
        ne(students.approvalStatus, APPROVAL.MERGED),
      ),
    )
    .orderBy(desc(students.id))
    .limit(CANDIDATE_READ_MAX);
  const me = preparePerson(person);
  const scored = others
    .map((o) => ({ o, s: scorePrepared(me, preparePerson(o)) }))
    .filter(({ s }) => s.candidate)
    .sort((x, y) => y.s.score - x.s.score || y.o.user_id - x.o.user_id)
    .slice(0, CANDIDATES_LIMIT);

  const dismissed = new Set<number>();
  if (scored.length > 0) {
    const rows = await db
      .select({ a: duplicateDismissals.studentA, b: duplicateDismissals.studentB })
      .from(duplicateDismissals)
      .where(
        sql`(${duplicateDismissals.studentA} = ${userId} or ${duplicateDismissals.studentB} = ${userId})`,
      );
    for (const r of rows) dismissed.add(r.a === userId ? r.b : r.a);
  }
  return {
    user_data: shown(person),
    candidates: scored.map(({ o, s }) => ({
      ...shown(o),
      score: s.score,
      reasons: s.reasons,
      reason_text: matchReasonText(s.reasons),
      dismissed: dismissed.has(o.user_id),
    })),
  };
}

// ---- the roster's pairs ----

const scanState = async (db: DbOrTx): Promise<DuplicatePairs['scan']> => {
  const [s] = await db.select().from(duplicateScan).where(eq(duplicateScan.id, 1));
  const finished = s?.finishedAt ?? null;
  const running = !!s?.startedAt && (!finished || s.startedAt > finished);
  const asked = !!s?.requestedAt && (!s.startedAt || s.requestedAt > s.startedAt);
  return {
    finished_at: finished?.toISOString() ?? null,
    pending: running || asked,
    compared: s?.compared ?? 0,
  };
};

/**
 * GET /api/admin/student/duplicate/pairs/: 「重複の疑いがある学生」, the pairs the last roster scan found
 * and nobody has dismissed, the newest record's pair first (the index on student_b, student_a read
 * backwards). A page past the end answers the last page.
 */
export async function listDuplicatePairs(db: Db, q: DuplicatePairsQuery): Promise<DuplicatePairs> {
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(duplicatePairs);
  const total = counted?.n ?? 0;
  const page = Math.min(q.page, Math.max(1, Math.ceil(total / q.size)));
  const a = alias(students, 'a');
  const b = alias(students, 'b');
  const side = (t: typeof a | typeof b) => ({
    user_id: t.id,
    login_id: t.loginId,
    name: t.name,
    name_kana: t.nameKana,
    birthday: t.birthday,
    street_name1: t.streetName1,
    approval_status: t.approvalStatus,
    created_at: t.createdAt,
  });
  const rows = await db
    .select({
      a: side(a),
      b: side(b),
      score: duplicatePairs.score,
      reasons: duplicatePairs.reasons,
      found_at: duplicatePairs.foundAt,
    })
    .from(duplicatePairs)
    .innerJoin(a, eq(a.id, duplicatePairs.studentA))
    .innerJoin(b, eq(b.id, duplicatePairs.studentB))
    .orderBy(desc(duplicatePairs.studentB), desc(duplicatePairs.studentA))
    .limit(q.size)
    .offset((page - 1) * q.size);
  const iso = <T extends { created_at: Date }>(s: T) => ({ ...s, created_at: s.created_at.toISOString() });
  return {
    total,
    page,
    size: q.size,
    scan: await scanState(db),
    data_list: rows.map((r) => ({
      a: iso(r.a),
      b: iso(r.b),
      score: r.score,
      reasons: r.reasons as Candidates['candidates'][number]['reasons'],
      reason_text: matchReasonText(r.reasons),
      found_at: r.found_at.toISOString(),
    })),
  };
}

/**
 * POST /api/admin/student/duplicate/dismiss/: the office has compared the two and they are different
 * people. The pair leaves the roster's list at once and no later scan lists it again; audited.
 */
export async function dismissPair(db: Db, actor: Actor, userId: number, otherId: number): Promise<void> {
  const [lo, hi] = ordered(userId, otherId);
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: students.id })
      .from(students)
      .where(anyOf(students.id, [lo, hi], 'int'));
    if (found.length !== 2) throw notFound();
    await tx
      .insert(duplicateDismissals)
      .values({ studentA: lo, studentB: hi, adminId: actor.kind === 'admin' ? actor.id : null })
      .onConflictDoNothing();
    await tx
      .delete(duplicatePairs)
      .where(and(eq(duplicatePairs.studentA, lo), eq(duplicatePairs.studentB, hi)));
    await audit(tx, {
      actor,
      action: 'duplicate_dismiss',
      entity: 'student',
      entityId: userId,
      studentId: userId,
      detail: { other_id: otherId },
    });
  });
}

/** POST /api/admin/student/duplicate/scan/: asks for a roster scan; the job runner's next round does it. */
export async function requestDuplicateScan(db: Db) {
  await db.update(duplicateScan).set({ requestedAt: new Date() }).where(eq(duplicateScan.id, 1));
  return { ...(await scanState(db)), msg: DUPLICATE_MSG.scanRequested };
}

// ---- the roster scan ----

/**
 * Records whose pairs one statement reads (each paired with every later record sharing a key): small enough
 * that the driver parses a batch, and drizzle maps it, within a few milliseconds (200 held the loop for up to
 * 90 ms at 100,000 students); the next batch's read overlaps the scoring, so more statements cost no time.
 */
const SCAN_IDS = 100;
/** Pairs scored in one turn of the event loop. */
const SCORE_SLICE = 100;
/** Pairs written per statement (4 array parameters). */
const WRITE_BATCH = 10_000;
/** A scan that started this long ago and never finished died with its process: another may claim it. */
const SCAN_STALE = "interval '10 minutes'";
/** The roster is scanned once a day without being asked. */
const SCAN_EVERY = "interval '1 day'";

/** Two ids as one number, for the set of pairs dismissed (ids stay far below 2^26). */
const pairKey = (a: number, b: number) => a * 67_108_864 + b;

export interface ScanOutcome {
  /** pairs of records compared */
  compared: number;
  /** likely duplicate pairs found */
  pairs: number;
}

/**
 * The job: when a scan is due (asked for, or the last one finished a day ago) and no other process is
 * running one, claims it and scans. Returns null when it had nothing to do.
 */
export async function runDuplicateScan(
  db: Db,
  opts: { force?: boolean; rerun?: boolean } = {},
): Promise<ScanOutcome | null> {
  const due = opts.force
    ? sql`true`
    : sql`(${duplicateScan.finishedAt} is null or ${duplicateScan.finishedAt} < now() - ${sql.raw(SCAN_EVERY)}
          or ${duplicateScan.requestedAt} > ${duplicateScan.startedAt})`;
  const notRunning = sql`(${duplicateScan.startedAt} is null
    or ${duplicateScan.startedAt} <= coalesce(${duplicateScan.finishedAt}, '-infinity')
    or ${duplicateScan.startedAt} < now() - ${sql.raw(SCAN_STALE)})`;
  const [claim] = await db
    .update(duplicateScan)
    .set({ startedAt: sql`now()`, scan: sql`${duplicateScan.scan} + 1` })
    .where(and(eq(duplicateScan.id, 1), due, notRunning))
    .returning({ scan: duplicateScan.scan });
  if (!claim) return null;
  try {
    const outcome = await scanRoster(db, claim.scan);
    // 「今すぐ確認し直す」 pressed while this scan ran found it running and started nothing, and the students it
    // was pressed for may have come after this scan read the roster: scan again now (once), not at the next
    // round. The claim's `due` sees such a request (requested_at after started_at).
    if (opts.rerun === false) return outcome;
    return (await runDuplicateScan(db, { rerun: false })) ?? outcome;
  } catch (err) {
    // let the next round try again at once rather than wait out SCAN_STALE
    await db
      .update(duplicateScan)
      .set({ startedAt: sql`coalesce(${duplicateScan.finishedAt}, '-infinity')` })
      .where(and(eq(duplicateScan.id, 1), eq(duplicateScan.scan, claim.scan)));
    throw err;
  }
}

/**
 * Scores every pair of records that share a match key and writes the likely duplicates in one transaction:
 * pairs found again keep when they were first found, pairs no longer found go. Dismissed pairs are skipped,
 * and so are keys held by more than MATCH_KEY_COMMON records (their pairs are found through their other keys
 * when those agree). The pairs are read SCAN_IDS records at a time — each record joined to the later records
 * sharing one of its keys, through the GIN index — and scored SCORE_SLICE at a time with a turn of the event
 * loop between, so neither the app's memory nor its other calls feel the roster's size.
 */
async function scanRoster(db: Db, scan: number): Promise<ScanOutcome | null> {
  const { common, dismissed, range } = await scanStart(db);
  // a record's keys less the common ones: what its later records are looked up by. A filter of its few keys,
  // not EXCEPT: that hashed the whole common list again for every record, most of a batch's time
  const keysOf = sql`(select array_agg(k) from unnest(${scanS.matchKeys}) k
    where k <> all(${sql.param(arrayLiteral(common))}::text[]))`;

  const found: FoundPairs = { a: [], b: [], score: [], reasons: [] };
  let compared = 0;
  // the next batch is read while this one is scored: the database's work and the process's overlap
  const read = (lo: number) => {
    if (!range || lo > range.hi) return null;
    const batch = readPairBatch(db, keysOf, lo);
    // awaited in the next round; a scan that fails before then must not leave it unhandled
    batch.catch(() => undefined);
    return batch;
  };
  let next = read(range?.lo ?? 0);
  for (let lo = range?.lo ?? 0; next; lo += SCAN_IDS) {
    const pairs = await next;
    next = read(lo + SCAN_IDS);
    await scorePairs(pairs, dismissed, found);
    compared += pairs.length;
    await nextTurn();
  }

  const written = await writePairs(db, scan, found, compared);
  return written ? { compared, pairs: found.a.length } : null;
}

/** The likely duplicates found, as the four arrays they are written by. */
interface FoundPairs {
  a: number[];
  b: number[];
  score: number[];
  reasons: string[];
}

/** What the scan reads first: the keys too common to look by, the pairs dismissed, the range of ids. */
async function scanStart(db: Db) {
  const live = sql`approval_status <> ${sqlLiteral(APPROVAL.MERGED)}`;
  const common = (
    await rowsOf<{ k: string }>(
      db,
      sql`
      select k from (select unnest(match_keys) k from ${students} where ${live}) x
      group by k having count(*) > ${MATCH_KEY_COMMON}`,
    )
  ).map((r) => r.k);
  const dismissed = new Set(
    (
      await db
        .select({ a: duplicateDismissals.studentA, b: duplicateDismissals.studentB })
        .from(duplicateDismissals)
    ).map((r) => pairKey(r.a, r.b)),
  );
  const [range] = await db
    .select({ lo: sql<number>`min(${students.id})`, hi: sql<number>`max(${students.id})` })
    .from(students);
  return { common, dismissed, range };
}

/** A batch's record (s) and a later record sharing a key (t). */
const scanS = alias(students, 's');
const scanT = alias(students, 't');
const scanPerson = (x: typeof scanS | typeof scanT) => ({
  user_id: x.id,
  name: x.name,
  name_kana: x.nameKana,
  birthday: x.birthday,
  phone1: x.phone1,
  phone2: x.phone2,
  mail1: x.mail1,
  mail2: x.mail2,
  postcode: x.postcode,
  street_name1: x.streetName1,
});

/** The pairs of the SCAN_IDS records from `lo`: each joined to the later records sharing one of `keysOf`. */
function readPairBatch(db: Db, keysOf: SQL, lo: number) {
  const s = scanS;
  const t = scanT;
  // one short transaction a batch, for its planner settings alone: the join's row estimate is far above
  // what the index gives (a few records a key), which would have PostgreSQL compile the statement (JIT,
  // half a second a batch) for 100 ms of work
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx
      .select({ a: scanPerson(s), b: scanPerson(t) })
      .from(s)
      .innerJoin(
        t,
        and(
          sql`${t.matchKeys} && ${keysOf}`,
          // `+ 0` keeps the primary key's index out: ANDed with the GIN look-up, the range read most of
          // the roster for each record
          sql`${t.id} + 0 > ${s.id}`,
          ne(t.approvalStatus, APPROVAL.MERGED),
        ),
      )
      .where(
        and(sql`${s.id} >= ${lo}`, sql`${s.id} < ${lo + SCAN_IDS}`, ne(s.approvalStatus, APPROVAL.MERGED)),
      );
  });
}

/** A batch's pairs scored, SCORE_SLICE a turn; the likely duplicates not dismissed added to `found`. */
async function scorePairs(
  pairs: Awaited<ReturnType<typeof readPairBatch>>,
  dismissed: Set<number>,
  found: FoundPairs,
): Promise<void> {
  const prepared = new Map<number, PreparedPerson>();
  const prep = (p: MatchPerson & { user_id: number }) => {
    let got = prepared.get(p.user_id);
    if (!got) {
      got = preparePerson(p);
      prepared.set(p.user_id, got);
    }
    return got;
  };
  for (let i = 0; i < pairs.length; i++) {
    if (i > 0 && i % SCORE_SLICE === 0) await nextTurn();
    const { a, b } = pairs[i] as (typeof pairs)[number];
    if (dismissed.has(pairKey(a.user_id, b.user_id))) continue;
    const score = scorePrepared(prep(a), prep(b));
    if (!score.candidate) continue;
    found.a.push(a.user_id);
    found.b.push(b.user_id);
    found.score.push(score.score);
    found.reasons.push(arrayLiteral(score.reasons));
  }
}

/**
 * The pairs found written in one transaction, those of earlier scans deleted, the scan marked finished;
 * false when the scan was claimed again meanwhile (nothing written).
 */
function writePairs(db: Db, scan: number, found: FoundPairs, compared: number): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      for (let from = 0; from < found.a.length; from += WRITE_BATCH) {
        const to = from + WRITE_BATCH;
        await tx.execute(sql`
        insert into ${duplicatePairs} (student_a, student_b, score, reasons, scan)
        select a, b, s, r::text[], ${scan}
        from unnest(${sql.param(arrayLiteral(found.a.slice(from, to)))}::int[],
                    ${sql.param(arrayLiteral(found.b.slice(from, to)))}::int[],
                    ${sql.param(arrayLiteral(found.score.slice(from, to)))}::int[],
                    ${sql.param(arrayLiteral(found.reasons.slice(from, to)))}::text[]) as u(a, b, s, r)
        on conflict (student_a, student_b) do update
          set score = excluded.score, reasons = excluded.reasons, scan = excluded.scan`);
        await nextTurn();
      }
      await tx.delete(duplicatePairs).where(ne(duplicatePairs.scan, scan));
      const finished = await tx
        .update(duplicateScan)
        .set({ finishedAt: sql`now()`, pairs: found.a.length, compared })
        .where(and(eq(duplicateScan.id, 1), eq(duplicateScan.scan, scan)))
        .returning({ id: duplicateScan.id });
      // a scan taken for dead and claimed again meanwhile: that one's result stands, not this one's
      if (finished.length === 0) tx.rollback();
      return true;
    })
    .catch((e) => {
      if (e instanceof TransactionRollbackError) return false;
      throw e;
    });
}
