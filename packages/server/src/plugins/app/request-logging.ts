import fp from 'fastify-plugin';
import { redactUrl } from '../../platform/logging';

/** One line per request (Fastify's own two are switched off in app.ts), its URL redacted. */
export default fp(
  async (app) => {
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
  },
  { name: 'request-logging' },
);
