import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { z } from 'zod';
import type { Config } from './config';
import type { Db, PoolStats } from './db/client';
import { registerModules } from './modules';
import { loggerOptions } from './platform/logging';
import actor from './plugins/app/actor';
import apiRoutes from './plugins/app/api-routes';
import csrf from './plugins/app/csrf';
import deps from './plugins/app/deps';
import errors from './plugins/app/errors';
import guards from './plugins/app/guards';
import loadShedding from './plugins/app/load-shedding';
import mailDelivery from './plugins/app/mail-delivery';
import metrics from './plugins/app/metrics';
import requestLogging from './plugins/app/request-logging';
import validation from './plugins/app/validation';
import web from './plugins/app/web';
import cookie from './plugins/external/cookie';
import rateLimit from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';
import swagger from './plugins/external/swagger';

z.config(z.locales.ja());

export interface BuildOptions {
  config: Config;
  db: Db;
  /** the reads that may lag (decision 073): a replica's handle; `db` when there is none */
  readDb?: Db;
  /** serve the built web app (off in API tests) */
  serveWeb?: boolean;
  logger?: boolean;
  /** where log lines go (tests read them); default stdout */
  logStream?: NodeJS.WritableStream;
  /** the database's connections, for /metrics (Database.poolStats) */
  poolStats?: () => PoolStats;
}

/**
 * Builds the app without listening: tests call `inject`, main.ts calls `listen`. Each concern is a plugin
 * (plugins/external wrap a library, plugins/app are ours); the order is the order of their hooks on every
 * request: headers, cookies, rate limits, load shedding, CSRF, then the route's guard. The metrics plugin
 * comes first so that its count sees every answer, the refused ones included.
 */
export async function buildApp({
  config,
  db,
  readDb = db,
  serveWeb = true,
  logger = true,
  logStream,
  poolStats,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) }
      : false,
    // a hop count trusts the N nearest proxies (proxy-addr's hop is 0 for the socket's peer)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // one line per request (plugins/app/request-logging.ts), not Fastify's two: half the logging work
    logController: new LogController({ disableRequestLogging: true }),
    // SPEC §7 writes some calls without the final slash and most with it: both spellings reach the route
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(deps, { config, db, readDb });
  await app.register(metrics, { poolStats });
  await app.register(validation);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(rateLimit);
  await app.register(requestLogging);
  await app.register(loadShedding);
  await app.register(csrf);
  await app.register(guards);
  await app.register(actor);
  await app.register(mailDelivery);
  await app.register(errors);
  await app.register(swagger);
  await app.register(apiRoutes);
  await app.register(registerModules, { prefix: '/api' });
  await app.register(web, { serveWeb });
  return app;
}
