import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError, openDatabase, POOL_MIN } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { runDeadlineJob, startJobRunner } from './jobs/intake-deadlines';
import { runReminderJob } from './jobs/session-reminders';
import { syncCodeMaster } from './modules/common/common.service';
import { migrationsDir } from './platform/paths';
import { purgeExpiredSessions } from './platform/sessions';

async function main() {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // a server keeps its PostgreSQL connections open through a quiet spell (decision 045)
    database = await openDatabase(config, { min: POOL_MIN });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate(migrationsDir(config.migrationsDir));
  await syncCodeMaster(database.db);
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, config);
    console.log(
      'Demo data seeded (admin / adminpass1, univ01 / univpass01, 24040001 / student01, 24040002 / student02).',
    );
  }

  const app = await buildApp({ config, db: database.db });
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
  const jobs = startJobRunner(
    async () => {
      const lapsed = await runDeadlineJob(database.db, config);
      const reminded = await runReminderJob(database.db, config, { reminderHour: config.reminderHour });
      if (lapsed + reminded > 0) void app.deps.mailer.flush();
    },
    config.jobIntervalSeconds,
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // a burst of new connections while the event loop is busy waits in the kernel's accept queue; past it, the
  // kernel drops the client's SYN and the client tries again 1 s, then 3 s later. Node's default of 511 let
  // an overload of many browsers wait seconds before the app could even answer 503 (decision 022). The
  // kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // the last line start-up prints: where to go, in plain words
  app.log.info(
    `Manabi is ready: ${config.publicUrl}/mypage/login (students), ${config.publicUrl}/admin/login (office); database: ${database.kind}`,
  );
}

/** The accept queue: connections the kernel has made but the app not yet taken. */
const LISTEN_BACKLOG = 4096;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
