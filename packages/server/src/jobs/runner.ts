/**
 * The background jobs' runner (decisions 015, 028, 060): every `intervalSeconds` one round of each job in
 * turn, never two rounds at once in this process. Each job stands alone — one that fails is logged and
 * recorded (job_runs), and the next job still runs — and is tried again next round. The record is what the
 * work list's 「止まっている自動処理」 card reads.
 */
import type { JobName } from '@manabi/shared/schemas/worklist';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import { serializeError } from '../platform/logging';

export interface Job {
  /** job_runs.job: what the work list names it by */
  name: JobName;
  run: () => Promise<unknown>;
}

export interface JobRunner {
  stop(): Promise<void>;
}

type JobLog = { error: (obj: object, msg: string) => void };
/** Told each job's outcome as its round ends (the metrics' rounds by job and outcome). */
type RoundObserver = (job: Job['name'], ok: boolean) => void;

/** The longest reason kept: enough for a database's or a mail server's sentence, not for a stack. */
const REASON_MAX = 300;

/**
 * Records one round's outcome. The reason is the logged error's message (serializeError: the statement's
 * parameters and any mail address taken out), so the record holds no personal data.
 */
export async function recordJobRound(
  db: Db,
  job: Job['name'],
  err?: unknown,
  now = new Date(),
): Promise<void> {
  if (err === undefined) {
    await db
      .insert(jobRuns)
      .values({ job, lastSuccessAt: now })
      .onConflictDoUpdate({ target: jobRuns.job, set: { lastSuccessAt: now, failuresInRow: 0 } });
    return;
  }
  const reason = serializeError(err).message.slice(0, REASON_MAX);
  await db
    .insert(jobRuns)
    .values({ job, lastFailureAt: now, failureReason: reason, failuresInRow: 1 })
    .onConflictDoUpdate({
      target: jobRuns.job,
      set: {
        lastFailureAt: now,
        failureReason: reason,
        failuresInRow: sql`${jobRuns.failuresInRow} + 1`,
      },
    });
}

/** One round: each job in turn, its outcome recorded; a failure (of the job or of its record) is logged. */
export async function runJobRound(
  db: Db,
  jobs: readonly Job[],
  log: JobLog,
  observe: RoundObserver = () => {},
): Promise<void> {
  for (const job of jobs) {
    let failure: unknown;
    try {
      await job.run();
    } catch (err) {
      failure = err ?? new Error('unknown failure');
      log.error({ err, job: job.name }, 'job round failed');
    }
    observe(job.name, failure === undefined);
    await recordJobRound(db, job.name, failure).catch((err) =>
      log.error({ err, job: job.name }, 'job round could not be recorded'),
    );
  }
}

export function startJobRunner(
  db: Db,
  jobs: readonly Job[],
  intervalSeconds: number,
  log: JobLog,
  observe?: RoundObserver,
): JobRunner {
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = runJobRound(db, jobs, log, observe).finally(() => {
      running = null;
    });
  };
  const timer = intervalSeconds > 0 ? setInterval(round, intervalSeconds * 1000) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
