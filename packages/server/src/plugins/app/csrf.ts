import fp from 'fastify-plugin';
import { installCsrf } from '../../platform/csrf';

/** State-changing API calls only as JSON from our own origin (platform/csrf.ts). */
export default fp(
  async (app) => {
    installCsrf(app, app.deps.config.allowedOrigins);
  },
  { name: 'csrf', dependencies: ['deps'] },
);
