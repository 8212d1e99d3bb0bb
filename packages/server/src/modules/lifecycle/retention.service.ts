/**
 * The retention rule (decision 072): how long the personal data of a student whose participation ended is
 * kept, who is past it (the dry run), and the anonymisation — by the monthly job when the office lets it, or
 * at once on 「今すぐ実行」. What the statistics count stays: the town, gender, cohort, the applications and
 * units, and the birthday generalised so the age on every fiscal year's last day is unchanged (the kept
 * statistics of decision 063 see no change; no screen or file shows it). Names, readings, contacts, the
 * address below the town, remarks, the password and the free text about the person wherever the registry of
 * a person's data names it (db/person-data.ts) go, the audit log's references included.
 */
import { APPROVAL } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  LIFECYCLE_MSG,
  type RetentionCandidates,
  type RetentionKind,
  type RetentionPolicy,
  type RetentionRunBody,
  type RetentionUpdateBody,
} from '@manabi/shared/schemas/lifecycle';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { retentionPolicy } from '../../db/schema';
import { type Actor, audit, auditMany, changesOf } from '../../platform/audit';
import { AppError, notFound, seenAt, stale } from '../../platform/errors';
import { rowsOf } from '../../platform/sql';
import { eraseRecords } from '../../repositories/person-data';

/** The dry run's page. */
const PER_PAGE = 50;
/** Records anonymised per transaction: a month's round of thousands does not hold one long lock. */
const BATCH = 500;
/** A round whose process died leaves its claim; another takes it over after this. */
const CLAIM_STALE = '1 hour';

type PolicyRow = typeof retentionPolicy.$inferSelect;

async function readPolicy(db: DbOrTx): Promise<PolicyRow> {
  const [p] = await db.select().from(retentionPolicy).where(eq(retentionPolicy.id, 1));
  if (!p) throw notFound();
  return p;
}

const tokyoDate = (ts: SQL | string) =>
  sql`((${typeof ts === 'string' ? sql.raw(ts) : ts}) at time zone 'Asia/Tokyo')::date`;

/**
 * The candidates with the date each one's years count from, as SQL over `s` (students): the partial index
 * students_retention_idx holds exactly the records whose participation ended and that still hold data.
 */
function candidatesSql(p: PolicyRow, today: string): SQL {
  // the last class day of any course the student applied to (the course's start date without dated days)
  const lastCourse = sql`(select max(coalesce(
      (select max(cs.day) from course_sessions cs where cs.course_id = a.course_id),
      case when c.start_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then c.start_date::date end))
    from course_applications a join courses c on c.id = a.course_id where a.student_id = s.id)`;
  const mergedOn = sql`(select max(m.merged_at) from student_merges m where m.merged_id = s.id and m.undone_at is null)`;
  return sql`
    select s.id, s.login_id, s.name, k.kind, k.since,
      (k.since + make_interval(years => k.years))::date as due_on
    from students s
    cross join lateral (select
      case
        when s.approval_status = ${APPROVAL.WITHDRAWN} then 'withdrawn'
        when s.approval_status = ${APPROVAL.MERGED} then 'merged'
        when s.approval_status = ${APPROVAL.REJECTED} then 'rejected'
        else 'graduated' end as kind) kk
    cross join lateral (select kk.kind,
      case kk.kind
        when 'withdrawn' then greatest(${tokyoDate('s.withdrawn_at')}, ${lastCourse})
        when 'merged' then coalesce(${tokyoDate(mergedOn)}, ${tokyoDate('s.updated_at')})
        when 'rejected' then ${tokyoDate('s.updated_at')}
        else coalesce(${lastCourse}, ${tokyoDate('s.updated_at')}) end as since,
      case kk.kind
        when 'withdrawn' then ${p.withdrawnYears}::int
        when 'merged' then ${p.mergedYears}::int
        when 'rejected' then ${p.rejectedYears}::int
        else ${p.graduatedYears}::int end as years) k
    where s.anonymized_at is null
      and (s.approval_status in ('2', '3', '4') or s.is_graduation)
      and (k.since + make_interval(years => k.years))::date <= ${today}::date`;
}

async function countDue(db: DbOrTx, p: PolicyRow, today: string): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${candidatesSql(p, today)}) c`,
  );
  return r?.n ?? 0;
}

const presentPolicy = (p: PolicyRow, due: number): RetentionPolicy => ({
  withdrawn_years: p.withdrawnYears,
  graduated_years: p.graduatedYears,
  rejected_years: p.rejectedYears,
  merged_years: p.mergedYears,
  auto: p.auto ? '1' : '0',
  last_run_at: p.lastRunAt?.toISOString() ?? null,
  updated_at: p.updatedAt.toISOString(),
  due,
});

/** GET /api/admin/retention/ */
export async function getPolicy(db: Db, now = new Date()): Promise<RetentionPolicy> {
  const p = await readPolicy(db);
  return presentPolicy(p, await countDue(db, p, todayTokyo(now)));
}

const POLICY_CHANGES = {
  shown: ['withdrawnYears', 'graduatedYears', 'rejectedYears', 'mergedYears', 'auto'],
};

/** POST /api/admin/retention/update/: the office's rule, its stamp checked; audited before → after. */
export async function updatePolicy(
  db: Db,
  actor: Actor,
  input: RetentionUpdateBody,
  now = new Date(),
): Promise<RetentionPolicy> {
  const next = {
    withdrawnYears: Number(input.withdrawn_years),
    graduatedYears: Number(input.graduated_years),
    rejectedYears: Number(input.rejected_years),
    mergedYears: Number(input.merged_years),
    auto: input.auto === '1',
  };
  const p = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(retentionPolicy).where(eq(retentionPolicy.id, 1)).for('update');
    if (!current) throw notFound();
    if (current.updatedAt.getTime() !== seenAt(input.updated_at).getTime()) throw stale();
    const [row] = await tx
      .update(retentionPolicy)
      .set({ ...next, updatedAt: now })
      .where(eq(retentionPolicy.id, 1))
      .returning();
    await audit(tx, {
      actor,
      action: 'retention_policy',
      entity: 'retention_policy',
      entityId: 1,
      detail: changesOf(current, next, POLICY_CHANGES),
    });
    return row as PolicyRow;
  });
  return presentPolicy(p, await countDue(db, p, todayTokyo(now)));
}

/** GET /api/admin/retention/candidates/: who the rule would anonymise today, oldest first. */
export async function listCandidates(
  db: Db,
  pageAsked: number,
  now = new Date(),
): Promise<RetentionCandidates> {
  const p = await readPolicy(db);
  const today = todayTokyo(now);
  const total = await countDue(db, p, today);
  const page = Math.max(1, Math.min(pageAsked || 1, Math.ceil(total / PER_PAGE) || 1));
  const rows = await rowsOf<{
    id: number;
    login_id: string | null;
    name: string;
    kind: RetentionKind;
    since: string;
    due_on: string;
  }>(
    db,
    sql`select * from (${candidatesSql(p, today)}) c order by c.since, c.id
      limit ${PER_PAGE} offset ${(page - 1) * PER_PAGE}`,
  );
  return {
    total,
    page,
    per_page: PER_PAGE,
    list: rows.map((c) => ({
      user_id: c.id,
      login_id: c.login_id,
      name: c.name,
      kind: c.kind,
      since: String(c.since).slice(0, 10),
      due_on: String(c.due_on).slice(0, 10),
    })),
  };
}

/**
 * The anonymisation of the given records, in the caller's transaction: everything the registry of a person's
 * data (decision 081) says erasure reaches, set-based, one statement per table.
 */
async function anonymize(tx: DbOrTx, ids: number[], now: Date) {
  const done = await eraseRecords(tx, ids, now);
  return done.map((r) => ({ id: r.id, loginId: r.login_id, kind: r.approval_status }));
}

/**
 * Anonymises everyone past the rule today, BATCH records a transaction, and audits each record (on its
 * timeline) and the round. Rows being anonymised by another run are skipped (SKIP LOCKED), not waited for.
 */
async function anonymizeDue(db: Db, actor: Actor, now: Date): Promise<number> {
  const p = await readPolicy(db);
  const today = todayTokyo(now);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rowsOf<{ id: number }>(
        tx,
        sql`select s.id from students s where s.id in (select c.id from (${candidatesSql(p, today)}) c)
          order by s.id limit ${BATCH} for update skip locked`,
      );
      const done = await anonymize(
        tx,
        due.map((x) => x.id),
        now,
      );
      await auditMany(
        tx,
        done.map((d) => ({
          actor,
          action: 'anonymize' as const,
          entity: 'student' as const,
          entityId: d.id,
          detail: { login_id: d.loginId, approval_status: d.kind },
        })),
      );
      return done.length;
    });
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/**
 * POST /api/admin/retention/run/: the office runs the rule now, having read the dry run — a different count
 * today (someone withdrew, the rule changed) is refused, so nobody is anonymised the office did not see.
 */
export async function runNow(db: Db, actor: Actor, input: RetentionRunBody, now = new Date()) {
  const p = await readPolicy(db);
  const due = await countDue(db, p, todayTokyo(now));
  if (due !== Number(input.expected)) throw new AppError('CONFLICT', LIFECYCLE_MSG.raced);
  const anonymized = await anonymizeDue(db, actor, now);
  await db.transaction(async (tx) => {
    await tx.update(retentionPolicy).set({ lastRunAt: now }).where(eq(retentionPolicy.id, 1));
    await audit(tx, {
      actor,
      action: 'anonymize',
      entity: 'retention_policy',
      entityId: 1,
      detail: { anonymized, by: 'office' },
    });
  });
  return { result: true as const, anonymized };
}

/**
 * The monthly round (the job runner calls it every interval): when the office lets it run, once per calendar
 * month (Asia/Tokyo), claimed by one process of several through the policy row. A claim whose process died
 * is taken over after CLAIM_STALE. Returns how many were anonymised, or null when not this process's turn.
 */
export async function runRetentionJob(db: Db, now = new Date()): Promise<number | null> {
  const month = sql`date_trunc('month', ${now}::timestamptz at time zone 'Asia/Tokyo')`;
  const [claim] = await db
    .update(retentionPolicy)
    .set({ runStartedAt: now })
    .where(
      sql`${retentionPolicy.id} = 1 and ${retentionPolicy.auto}
        and (${retentionPolicy.lastRunAt} is null
          or date_trunc('month', ${retentionPolicy.lastRunAt} at time zone 'Asia/Tokyo') < ${month})
        and (${retentionPolicy.runStartedAt} is null
          or ${retentionPolicy.runStartedAt} <= coalesce(${retentionPolicy.lastRunAt}, '-infinity')
          or ${retentionPolicy.runStartedAt} < ${now}::timestamptz - interval '${sql.raw(CLAIM_STALE)}')`,
    )
    .returning({ id: retentionPolicy.id });
  if (!claim) return null;
  const system: Actor = { kind: 'system', id: null };
  let anonymized: number;
  try {
    anonymized = await anonymizeDue(db, system, now);
  } catch (err) {
    // the next round tries again at once rather than wait out CLAIM_STALE
    await db.update(retentionPolicy).set({ runStartedAt: null }).where(eq(retentionPolicy.id, 1));
    throw err;
  }
  await db.transaction(async (tx) => {
    await tx.update(retentionPolicy).set({ lastRunAt: now }).where(eq(retentionPolicy.id, 1));
    await audit(tx, {
      actor: system,
      action: 'anonymize',
      entity: 'retention_policy',
      entityId: 1,
      detail: { anonymized, by: 'job' },
    });
  });
  return anonymized;
}
