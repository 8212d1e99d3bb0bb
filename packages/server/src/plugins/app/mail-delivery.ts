import fp from 'fastify-plugin';

/**
 * Mail a request queued is delivered once its answer is sent, by this one hook rather than by each route:
 * a route that may queue mail says so (`mail: true`, platform/route.ts). A 4xx answer wrote nothing (every
 * refusal comes before or rolls back its transaction), so it delivers nothing; any other answer, a 5xx
 * after a commit included, delivers what is pending. Mail left behind by a failed SMTP peer waits for the
 * mailer's periodic retry.
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      if (!req.routeOptions.config.mail) return;
      if (reply.statusCode >= 400 && reply.statusCode < 500) return;
      void app.deps.mailer.flush();
    });
  },
  { name: 'mail-delivery', dependencies: ['deps'] },
);
