import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase, POOL_MIN } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { runDeadlineJob } from './jobs/intake-deadlines';
import { startJobRunner } from './jobs/runner';
import { runReminderJob } from './jobs/session-reminders';
import { syncCodeMaster } from './modules/common/common.service';
import { runRetentionJob } from './modules/lifecycle/retention.service';
import { runDuplicateScan } from './modules/students/students-match.service';
import { migrationsDir } from './platform/paths';
import { purgeExpiredSessions } from './platform/sessions';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /**
   * Says it is going (/api/ready answers 503), stops the jobs and, for SHUTDOWN_DRAIN_SECONDS, keeps serving
   * while the load balancer takes it out of rotation; then the app (its open calls answered) and the database.
   */
  stop(): Promise<void>;
}

/**
 * Everything a server process does before it takes a call, then listen. It listens only once it is ready
 * (decision 055): on PostgreSQL, the pool holds its warm minimum of open connections, so neither a load
 * balancer's health check nor the first caller meets a connection being opened.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  // a server keeps its PostgreSQL connections open through a quiet spell (decision 045)
  const database = await openDatabase(config, { min: POOL_MIN });
  try {
    await database.migrate(migrationsDir(config.migrationsDir));
    await syncCodeMaster(database.db);
    if (config.seedDemo && (await isEmpty(database.db))) {
      await seedDemo(database.db, config);
      console.log(
        'Demo data seeded (admin / adminpass1, univ01 / univpass01, 24040001 / student01, 24040002 / student02).',
      );
    }
  } catch (err) {
    await database.close();
    throw err;
  }

  const app = await buildApp({
    config,
    db: database.db,
    readDb: database.readDb,
    poolStats: database.poolStats,
  });
  // the replica's outages and returns go to the app's log, one line each (decision 073)
  database.replica?.start(app.log);
  app.deps.mailer.start();
  // what was queued before this start (the demo's draw results) goes out now; without SMTP each mail is only
  // logged, at once, so those lines come before the ready line rather than burying it
  if (config.smtpUrl) void app.deps.mailer.flush();
  else await app.deps.mailer.flush();
  const housekeeping = setInterval(
    () => void purgeExpiredSessions(database.db, config).catch(() => {}),
    10 * 60_000,
  );
  housekeeping.unref();
  // the intake cycle's deadlines (decision 015) and the class days' reminders (decision 028); the mails they
  // queue go out with the next flush
  const flushIfAny = (n: number) => {
    if (n > 0) void app.deps.mailer.flush();
  };
  const jobs = startJobRunner(
    database.db,
    [
      { name: 'deadlines', run: async () => flushIfAny(await runDeadlineJob(database.db, config)) },
      {
        name: 'reminders',
        run: async () =>
          flushIfAny(await runReminderJob(database.db, config, { reminderHour: config.reminderHour })),
      },
      // the roster's likely duplicates (decision 069): once a day, or when the office asks
      { name: 'duplicates', run: () => runDuplicateScan(database.db) },
      // personal data past the office's retention rule (decision 072): once a month, if the office lets it
      { name: 'retention', run: () => runRetentionJob(database.db) },
    ],
    config.jobIntervalSeconds,
    app.log,
    (job, ok) => app.metrics.jobRound(job, ok),
  );

  // a burst of new connections while the event loop is busy waits in the kernel's accept queue; past it, the
  // kernel drops the client's SYN and the client tries again 1 s, then 3 s later. Node's default of 511 let
  // an overload of many browsers wait seconds before the app could even answer 503 (decision 022). The
  // kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  return {
    app,
    database,
    async stop() {
      app.deps.lifecycle.draining = true;
      clearInterval(housekeeping);
      await Promise.all([jobs.stop(), drain(config.shutdownDrainSeconds)]);
      await app.close();
      await database.close();
    },
  };
}

const drain = (seconds: number) =>
  seconds > 0 ? new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000)) : Promise.resolve();

/** The accept queue: connections the kernel has made but the app not yet taken. */
const LISTEN_BACKLOG = 4096;
