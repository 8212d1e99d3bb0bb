import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Rate limits are per route (the login and the public forms set theirs); nothing is limited globally. */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
