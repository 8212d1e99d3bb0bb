import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox, students } from '../db/schema';
import { placeholderAs, preparedPerDatabase } from '../db/statements';

// the outbox's writer is platform/outbox.ts; its one mail is also reached here, where the Mailer is
export { enqueueMail } from './outbox';

/** What a mail to a student needs of the configuration: the links and footer, the length of a day. */
export type MailContext = Pick<
  Config,
  'publicUrl' | 'officeMail' | 'officePhone' | 'officeHours' | 'confirmDaySeconds'
>;

/** The last line of every mail we send. */
export const NO_REPLY = '※このメールは送信専用です。返信されてもお答えできません。';

/** How to reach the office, then the no-reply line: the end of every mail to a student or admin. */
export function officeFooter(
  config: { officePhone: string; officeMail: string },
  ask = 'ご不明な点は、事務局までお問い合わせください。',
): string[] {
  return [ask, `電話：${config.officePhone}`, `メール：${config.officeMail}`, '', NO_REPLY];
}

/** What a secret-bearing body becomes once sent (or given up on): the outbox keeps no live link. */
export const ERASED_BODY = '（パスワード再設定用のURLを含むため、送信後に本文を消去しました）';

/**
 * A mail server's reason with any mail address in it replaced: the work list and the student's record say
 * why, not to whom (the student's record is where an address is seen).
 */
export const reasonOf = (error: string | null) =>
  (error ?? '').replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '（宛先）').slice(0, 300);

/**
 * A student's record with no refused address: written when the student saves their contacts (they have
 * looked at the address) or the office saves a new mail 1.
 */
export const BOUNCE_CLEARED = { mailBouncedAddress: '', mailBouncedAt: null, mailBounceReason: '' } as const;

/** Why a delivery failed: the address was refused for good, or anything that a later try may get past. */
export type FailureKind = 'hard' | 'temporary';

/** What nodemailer puts on a failed send (smtp-connection's _formatError). */
interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

/**
 * A failure is 'hard' only when the recipient's server refused the recipient itself: nodemailer's
 * EENVELOPE on the RCPT TO command with a 5xx reply (our mails have one recipient, so "all recipients were
 * rejected" is that one). When the reply carries an enhanced status code (RFC 3463), it must name the
 * address or the mailbox: 5.1.x (no such user, bad domain, bad syntax), or 5.2.x but 5.2.2 (a full mailbox
 * may be emptied) and 5.2.3 (our message's size). A 5.7.x refusal on RCPT TO is a policy about us
 * (relaying denied to an unauthenticated sender, our sender blocked): marking every student for it would
 * be wrong, so it is temporary, as are 5xx replies to MAIL FROM or AUTH (our configuration).
 *
 * A 5xx reply to DATA or to the message itself is never hard: over SMTP it is one reply for the whole
 * message (its content, its size, a spam filter), not a word about the recipient's address; only LMTP
 * answers per recipient there, and the outbox speaks SMTP. Everything else — 4xx, connection errors,
 * timeouts, TLS — is temporary and retried.
 */
export function failureKindOf(err: unknown): FailureKind {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpFailure;
  if (e.code !== 'EENVELOPE' || e.command !== 'RCPT TO') return 'temporary';
  if (typeof e.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599) return 'temporary';
  const enhanced =
    typeof e.response === 'string' ? /^\d{3}[ -]([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(e.response) : null;
  if (!enhanced) return 'hard';
  const [, klass, subject, detail] = enhanced;
  if (klass !== '5') return 'temporary';
  if (subject === '1') return 'hard';
  return subject === '2' && detail !== '2' && detail !== '3' ? 'hard' : 'temporary';
}

/** The server's own words of a failure when it answered (the reply line), else the error as text. */
const replyOf = (err: unknown) => {
  const response = (err as SmtpFailure | null)?.response;
  return typeof response === 'string' && response !== '' ? response : String(err);
};

/** The body a mail keeps once it has left or been given up on: a secret-bearing one is erased. */
const keptBody = sql`case when ${mailOutbox.holdsSecret} then ${ERASED_BODY} else ${mailOutbox.body} end`;

const MAX_ATTEMPTS = 5;
/** How long a claimed mail is left to the process that claimed it before another may try it. */
const CLAIM_LEASE_MS = 10 * 60_000;
/**
 * Delay before the next try after the n-th failed attempt (1 min, 5 min, 30 min, 2 h); the fifth failure
 * marks the row 'failed' (decision 008).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const retryDelayMs = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];

/**
 * Delivers the outbox. With SMTP_URL unset, mail is only logged (status 'logged') — the demo and
 * developer default. Rows are claimed one by one, each under a lease, so several app processes can share
 * one outbox without sending a mail twice; a row whose delivery failed waits until its next_attempt_at
 * (growing delay, RETRY_DELAYS_MS).
 */
export class Mailer {
  private transport: Transporter | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  /** Periodic retry of anything left pending (a failed SMTP peer, another process's crash). */
  start(intervalMs = 30_000): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Deliver what is pending now; concurrent calls coalesce. Resolves when the outbox was drained once. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again);
    })()
      .catch((err) => this.opts.log.error({ err }, 'mail outbox delivery failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    let row = await this.claimNext(null);
    while (row) {
      const done = row;
      if (!this.transport) {
        // the address and the body are personal data: the log says only that a mail was kept
        this.opts.log.info({ id: done.id, subject: done.subject }, 'mail (SMTP_URL unset: logged, not sent)');
        row = await this.claimNext({ id: done.id, status: 'logged' });
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.opts.from,
          to: done.to,
          subject: done.subject,
          text: done.body,
        });
      } catch (err) {
        const attempts = done.attempts;
        const kind = failureKindOf(err);
        // the error's message quotes the address: the logger's serializer masks it (platform/logging.ts)
        this.opts.log.warn(
          { err, id: done.id, attempts, kind, responseCode: (err as SmtpFailure | null)?.responseCode },
          'mail delivery failed',
        );
        if (kind === 'hard') {
          await bounceStatements(this.db).bounce.execute({
            id: done.id,
            lastError: String(err).slice(0, 1000),
            reason: reasonOf(replyOf(err)),
            now: new Date(),
          });
          // that address was refused, not the peer unwell: the next mail is worth trying now
          row = await this.claimNext(null);
          continue;
        }
        const failed = attempts >= MAX_ATTEMPTS;
        await this.db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            ...(failed ? { body: keptBody } : {}),
            lastError: String(err).slice(0, 1000),
            failureKind: 'temporary',
            nextAttemptAt: failed ? null : new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, done.id));
        return; // the peer is unwell: try again on the next tick
      }
      row = await this.claimNext({ id: done.id, status: 'sent' });
    }
  }

  /**
   * Claims the oldest due mail and reads it, in one statement; with `done`, the same statement first
   * records the mail just delivered (one statement a mail, plus one for the outbox found empty).
   * A claim is a lease: the attempt count goes up and the mail is not due again for CLAIM_LEASE_MS, so
   * another process draining the same outbox skips it (rows being claimed are skipped too, not waited
   * for), and a process that dies holding it leaves it to be retried when the lease ends.
   */
  private async claimNext(done: { id: number; status: 'sent' | 'logged' } | null) {
    const now = new Date();
    const values = { now, leaseEnd: new Date(now.getTime() + CLAIM_LEASE_MS) };
    const claims = claimStatements(this.db);
    const [row] = done
      ? await claims.afterDone.execute({ ...values, doneId: done.id, doneStatus: done.status })
      : await claims.first.execute(values);
    return row;
  }
}

/**
 * The statements of {@link Mailer}'s claim, built once per database: the instant, the lease's end
 * and the finished mail are placeholders.
 */
const claimStatements = preparedPerDatabase((db: Db) => {
  const now = sql.placeholder('now');
  const doneId = sql.placeholder('doneId');
  const due = (afterDone: boolean) =>
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          // written into the SQL, not sent as a value: mail_outbox_due_idx is partial on it
          sql`${mailOutbox.status} = 'pending'`,
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
          // the finished row still reads as pending in this statement's snapshot
          afterDone ? ne(mailOutbox.id, doneId) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
  const claim = (on: Pick<Db, 'update'>, afterDone: boolean) =>
    on
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        // a placeholder where Drizzle types a value: it is encoded as the column's value when run
        nextAttemptAt: placeholderAs<Date>('leaseEnd'),
      })
      .where(inArray(mailOutbox.id, due(afterDone)))
      .returning();
  const finished = db.$with('finished').as(
    db
      .update(mailOutbox)
      .set({
        status: sql`${sql.placeholder('doneStatus')}`,
        sentAt: placeholderAs<Date>('now'),
        nextAttemptAt: null,
        body: keptBody,
      })
      .where(eq(mailOutbox.id, doneId))
      .returning({ id: mailOutbox.id }),
  );
  return {
    first: claim(db, false).prepare('mail_claim'),
    // records the mail just delivered, then claims the next
    afterDone: claim(db.with(finished), true).prepare('mail_claim_after'),
  };
});

/**
 * A refused address, in one statement: the mail is given up at once (no retry reaches a recipient that does
 * not exist) and, when the mail is a student's and that student's mail1 is still the refused address
 * (case aside: the domain part is not case-sensitive, and people type either), the student's record says
 * so. An address changed meanwhile is not marked: the new one has not been refused. The student's
 * updated_at is left alone: the bounce is not an edit that should make an open form stale.
 */
const bounceStatements = preparedPerDatabase((db: Db) => {
  const failed = db.$with('failed').as(
    db
      .update(mailOutbox)
      .set({
        status: 'failed',
        failureKind: 'hard',
        lastError: sql`${sql.placeholder('lastError')}`,
        nextAttemptAt: null,
        body: keptBody,
      })
      .where(eq(mailOutbox.id, sql.placeholder('id')))
      .returning({ studentId: mailOutbox.studentId, to: mailOutbox.to }),
  );
  return {
    bounce: db
      .with(failed)
      .update(students)
      .set({
        mailBouncedAddress: sql`${failed.to}`,
        mailBouncedAt: placeholderAs<Date>('now'),
        mailBounceReason: sql`${sql.placeholder('reason')}`,
      })
      .from(failed)
      .where(and(eq(students.id, failed.studentId), sql`lower(${students.mail1}) = lower(${failed.to})`))
      .prepare('mail_bounce'),
  };
});
