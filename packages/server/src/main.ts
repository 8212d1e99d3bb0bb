import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { type RunningServer, startServer } from './server';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const { app, database } = server;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // the last line start-up prints: where to go, in plain words
  app.log.info(
    `Manabi is ready: ${config.publicUrl}/mypage/login (students), ${config.publicUrl}/admin/login (office); database: ${database.kind}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
