import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import {
  type JobName,
  WORKLIST_COURSES_MAX,
  WORKLIST_MAILS_MAX,
  type Worklist,
} from '@manabi/shared/schemas/worklist';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid, notFound, stale } from '../../platform/errors';
import { reasonOf } from '../../platform/mail';
import { contactCounts, contactWhere, courseScope } from '../../repositories/contact-list';
import {
  awaitingDraw,
  classesOn,
  countUnapproved,
  dueDeadlines,
  failedMails,
  mailState,
  overdueUnpaid,
  requeueMail,
  stoppedJobs,
  stuckWaitlists,
} from './worklist.repository';

/**
 * The office's work list (decision 057): what waits to be done today, each number counted from the rows as
 * they stand when the page asks (no batch, no summary table), in the caller's scope.
 */

const RETRY_MSG = {
  secret: 'このメールはパスワード再設定用のURLを含むため、本文を消去しました。再送できません',
} as const;

/** The contact list's people by reason, and in all (authority 2: deadlines only; the other two are authority 1's). */
async function contactSummary(db: Db, config: Config, admin: AdminPrincipal, now: Date) {
  const w = contactWhere(admin, config, { days: '', reason: '', course_id: '' }, now);
  const n = await contactCounts(db, w);
  return {
    deadline: n.deadline,
    mail: w.full ? n.mail : null,
    letter: w.full ? n.letter : null,
    people: n.people,
  };
}

export async function getWorklist(
  db: Db,
  config: Config,
  admin: AdminPrincipal,
  now = new Date(),
): Promise<Worklist> {
  const scope = courseScope(admin);
  const today = todayTokyo(now);
  const tomorrow = addDays(today, 1);
  // how far ahead a confirm-by deadline is worth a telephone call: the contact list's setting
  const until = new Date(now.getTime() + config.contactDays * 86_400_000);
  const full = admin.authority === 1;
  const [unapproved, contact, draw, deadlines, waitlist, unpaid, sessions, mail, jobs] = await Promise.all([
    full ? countUnapproved(db) : null,
    contactSummary(db, config, admin, now),
    awaitingDraw(db, scope, now, WORKLIST_COURSES_MAX),
    dueDeadlines(db, scope, now, until, WORKLIST_COURSES_MAX),
    stuckWaitlists(db, scope, today, WORKLIST_COURSES_MAX),
    overdueUnpaid(db, scope, now, WORKLIST_COURSES_MAX),
    classesOn(db, scope, [today, tomorrow]),
    full ? failedMails(db, WORKLIST_MAILS_MAX) : null,
    full ? stoppedJobs(db) : null,
  ]);
  return {
    today,
    tomorrow,
    unapproved,
    awaiting_draw: draw,
    contact,
    deadlines: { ...deadlines, until: until.toISOString() },
    waitlist,
    unpaid,
    sessions,
    mail: mail && {
      count: mail.count,
      mails: mail.rows.map((m) => ({
        id: m.id,
        subject: m.subject,
        created_at: m.createdAt.toISOString(),
        reason: reasonOf(m.lastError),
        can_retry: !m.holdsSecret,
      })),
    },
    jobs:
      jobs?.map((j) => ({
        job: j.job as JobName,
        // the statement's condition makes both present
        failed_at: (j.lastFailureAt as Date).toISOString(),
        failures: Math.max(1, j.failuresInRow),
        reason: j.failureReason,
        last_success_at: j.lastSuccessAt?.toISOString() ?? null,
      })) ?? null,
  };
}

/**
 * POST /api/admin/worklist/mail/retry/ (authority 1): one failed mail back in line, with its audit entry, in
 * one transaction; the route's mail hook delivers it after the answer. A mail no longer 'failed' (retried
 * meanwhile, or never failed) is 409, as a stale write is; an unknown id 404; an erased body 422.
 */
export async function retryMail(
  db: Db,
  admin: AdminPrincipal,
  body: { id: number },
): Promise<{ result: true }> {
  const done = await db.transaction(async (tx) => {
    if (!(await requeueMail(tx, body.id))) return false;
    await audit(tx, {
      actor: { kind: 'admin', id: admin.id },
      action: 'mail_retry',
      entity: 'mail',
      entityId: body.id,
    });
    return true;
  });
  if (done) return { result: true };
  const state = await mailState(db, body.id);
  if (!state) throw notFound();
  if (state.status === 'failed' && state.holdsSecret) throw invalid('id', RETRY_MSG.secret);
  throw stale();
}
