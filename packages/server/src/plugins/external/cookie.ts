import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookies read on every request (the sessions live in them) and set by the login calls. */
export default fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookie' },
);
