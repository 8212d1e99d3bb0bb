import fp from 'fastify-plugin';
import { requestTarget } from '../../platform/logging';

/**
 * One line per request (Fastify's own two are switched off in app.ts): the method, the route's pattern and the
 * query's parameter names (platform/logging.ts: never the values), the status and the time. A file of the web
 * build (/assets/…, the favicon, the manifest) served as it is goes at debug: a page opened in a browser
 * fetches dozens, and at info they would bury `npm start`'s ready line and every API call among them. A file
 * that failed (a 404 of an old chunk after a deploy) stays at info.
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      const line = {
        method: req.method,
        ...requestTarget(req),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      // @fastify/static gives each file of the build a route of its own, with the file in its config
      const webFile = (req.routeOptions.config as { file?: unknown }).file !== undefined;
      if (webFile && reply.statusCode < 400) req.log.debug(line, 'request');
      else req.log.info(line, 'request');
    });
  },
  { name: 'request-logging' },
);
