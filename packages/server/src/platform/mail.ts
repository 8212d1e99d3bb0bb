import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** the body carries a secret (a password-reset link): erased from the outbox once the mail has left */
  holdsSecret?: boolean;
}

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

/** Queue a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    body: message.body,
    holdsSecret: message.holdsSecret ?? false,
  });
}

const erased = (row: { holdsSecret: boolean }) => (row.holdsSecret ? { body: ERASED_BODY } : {});

const MAX_ATTEMPTS = 5;
/**
 * Delay before the next try after the n-th failed attempt (1 min, 5 min, 30 min, 2 h); the fifth failure
 * marks the row 'failed' (decision 008).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const retryDelayMs = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];

/**
 * Delivers the outbox. With SMTP_URL unset, mail is only logged (status 'logged') — the demo and
 * developer default. Rows are claimed one by one so several app processes can share one outbox; a row
 * whose delivery failed waits until its next_attempt_at (growing delay, RETRY_DELAYS_MS).
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
    for (;;) {
      // claim the oldest due mail and read it in one statement (issue 16: a statement fewer per mail): only
      // one process moves attempts from n to n+1, and a mail another process is claiming is skipped, not
      // waited for. The row answered has the new attempt count.
      const due = this.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, new Date())),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await this.db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(inArray(mailOutbox.id, due))
        .returning();
      if (!row) return;
      if (!this.transport) {
        // the address and the body are personal data: the log says only that a mail was kept
        this.opts.log.info({ id: row.id, subject: row.subject }, 'mail (SMTP_URL unset: logged, not sent)');
        await this.db
          .update(mailOutbox)
          .set({ status: 'logged', sentAt: new Date(), ...erased(row) })
          .where(eq(mailOutbox.id, row.id));
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.opts.from,
          to: row.to,
          subject: row.subject,
          text: row.body,
        });
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), ...erased(row) })
          .where(eq(mailOutbox.id, row.id));
      } catch (err) {
        const attempts = row.attempts;
        const failed = attempts >= MAX_ATTEMPTS;
        this.opts.log.warn({ err, id: row.id, attempts }, 'mail delivery failed');
        await this.db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            ...(failed ? erased(row) : {}),
            lastError: String(err).slice(0, 1000),
            nextAttemptAt: failed ? null : new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
        return; // the peer is unwell: try again on the next tick
      }
    }
  }
}
