import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { apiInput, MSG } from '@manabi/shared';
import Fastify, { type FastifyError, type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerModules } from './modules';
import { installActor } from './platform/actor';
import type { Deps, RouteEntry } from './platform/context';
import { installCsrf } from './platform/csrf';
import { AppError } from './platform/errors';
import { installGuards } from './platform/guards';
import { installJsonBodyParser, JsonTooDeepError } from './platform/json-body';
import { installLoadShedding } from './platform/load-shed';
import { loggerOptions, redactUrl } from './platform/logging';
import { Mailer } from './platform/mail';
import { installMailDelivery } from './platform/mail-delivery';
import { installOpenApi, openApiRoutes } from './platform/openapi';
import { webDistDir } from './platform/paths';
import { COOKIE } from './platform/sessions';

z.config(z.locales.ja());

export interface BuildOptions {
  config: Config;
  db: Db;
  /** serve the built web app (off in API tests) */
  serveWeb?: boolean;
  logger?: boolean;
  /** where log lines go (tests read them); default stdout */
  logStream?: NodeJS.WritableStream;
}

/** A page's own HTML, and the session it needs (without that session's cookie, index.html is sent). */
interface PageHtml {
  file: string;
  session?: 'student';
}

/**
 * The pages with an HTML of their own (route-html/routes.json of the web build: path → file under dist/,
 * or { file, session }). A build without it, or an entry naming a file that is not there, leaves those paths
 * on index.html.
 */
function routeHtml(webRoot: string): Map<string, PageHtml> {
  const index = join(webRoot, 'route-html', 'routes.json');
  if (!existsSync(index)) return new Map();
  const routes = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string | PageHtml>;
  return new Map(
    Object.entries(routes)
      .map(([path, entry]): [string, PageHtml] => [path, typeof entry === 'string' ? { file: entry } : entry])
      .filter(([, { file }]) => !file.includes('..') && existsSync(join(webRoot, file))),
  );
}

/** Builds the app without listening: tests call `inject`, main.ts calls `listen`. */
export async function buildApp({
  config,
  db,
  serveWeb = true,
  logger = true,
  logStream,
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
    // one line per request (below), not Fastify's two: half the logging work on every call (issue 16)
    logController: new LogController({ disableRequestLogging: true }),
    // SPEC §7 writes some calls without the final slash and most with it: both spellings reach the route
    routerOptions: { ignoreTrailingSlash: true },
  });
  const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const deps: Deps = { db, config, mailer };
  app.decorate('deps', deps);
  // Every body and query passes through the shared input rules (JSON numbers and booleans read as the
  // text the forms hold, control characters refused): validation/json-input.ts decides, once.
  app.setValidatorCompiler<z.ZodType>((route) =>
    validatorCompiler({
      ...route,
      schema:
        route.httpPart === 'body' || route.httpPart === 'querystring' ? apiInput(route.schema) : route.schema,
    }),
  );
  app.setSerializerCompiler(serializerCompiler);
  installJsonBodyParser(app);

  // helmet's headers, worked out once (none depends on the request: no nonces) and set on every answer
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-aria positions overlays with inline style attributes; no inline <script> is allowed
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  installLoadShedding(app, { maxInFlight: config.maxInFlight, maxLagMs: config.maxEventLoopLagMs });
  installCsrf(app, config.allowedOrigins);
  installGuards(app);
  installActor(app);
  installMailDelivery(app);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errList = err.validation.map((v) => ({
        name: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        msg: v.message ?? MSG.required,
      }));
      return reply
        .code(422)
        .send({ code: 'VALIDATION', message: errList[0]?.msg ?? '', is_valid: false, err_list: errList });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return reply.code(err.status).send(err.toBody());
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ code: 'RATE_LIMITED', message: MSG.tooManyRequests });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // malformed or too deeply nested JSON, too large a body, unsupported media type: the client's
      // mistake, said plainly
      const message =
        err instanceof JsonTooDeepError
          ? err.message
          : err.statusCode === 413
            ? '送信されたデータが大きすぎます。'
            : '送信された内容を読み取れませんでした。';
      return reply.code(err.statusCode).send({ code: 'VALIDATION', message, is_valid: false, err_list: [] });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 'INTERNAL', message: MSG.internal });
  });

  const apiRoutes: RouteEntry[] = [];
  app.decorate('apiRoutes', apiRoutes);
  const guardOf = (route: RouteOptions): RouteEntry['guard'] => {
    const hooks = [route.onRequest].flat();
    return (
      (['authority1', 'admin', 'student'] as const).find((g) => hooks.includes(app.guards[g])) ?? 'public'
    );
  };
  await installOpenApi(app, guardOf);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD' || route.schema?.hide) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url, guard: guardOf(route), schema: route.schema });
    }
  });
  await app.register(registerModules, { prefix: '/api' });
  openApiRoutes(app, config.apiDocs);

  const webRoot = serveWeb ? webDistDir(config.webDist) : undefined;
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes brotli and gzip copies beside the text files (packages/web/precompress.ts):
      // sent as they are to a browser that accepts them (Vary: Accept-Encoding), the file itself otherwise.
      // The copies get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'route-html/**'],
      // Vite names every asset by its content hash: it never changes, so it may be kept for a year.
      // Anything else (index.html, favicon, the manifest) must be revalidated, or a deploy strands users
      // on a page whose scripts are gone.
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else if (serveWeb) {
    app.log.warn({ webRoot }, 'web build not found: run `npm run build` (serving the API only)');
  }
  const pageHtml = hasWeb ? routeHtml(webRoot) : new Map<string, PageHtml>();
  app.setNotFoundHandler((req, reply) => {
    // a missing asset (e.g. an old chunk after a deploy) is a 404, not the app's HTML
    const isAsset = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.url.startsWith('/api/')) {
      // said apart from a record that is not there (that 404 comes from a route): no route has this path
      return reply.code(404).send({ code: 'NOT_FOUND', message: MSG.noSuchApi });
    }
    if (!hasWeb || req.method !== 'GET' || isAsset) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: MSG.notFound });
    }
    // the single-page app owns every other path (its router shows its own 404 page); the my-page's login
    // and top get a copy of index.html that also preloads their chunks, and top's draws its frame before
    // the scripts run (packages/web/route-html.ts). A visitor without the session cookie is sent on to
    // the login by the app: that visitor gets the plain index.html, not a frame of a page it cannot see.
    const path = (req.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const page = pageHtml.get(path);
    const file = page && (!page.session || req.cookies[COOKIE[page.session]]) ? page.file : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(file);
  });

  app.addHook('onClose', async () => {
    await mailer.stop();
  });
  return app;
}

/**
 * The headers helmet sets for `options`, read once from a response that only records them. @fastify/helmet
 * builds every helmet middleware again on each request (issue 16: 2.8 % of the app's CPU under the student
 * mix); with no nonce and no directive computed per request, the headers are the same for every answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
