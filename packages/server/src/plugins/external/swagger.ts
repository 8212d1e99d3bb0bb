import fp from 'fastify-plugin';
import { installOpenApi, openApiRoutes } from '../../platform/openapi';
import { guardOf } from '../app/guards';

/**
 * The OpenAPI document and its two reference routes: @fastify/swagger is registered before the modules so
 * it sees their routes, each /api route marked with the roles its guard demands. The document is built on
 * its first request, when every route is there.
 */
export default fp(
  async (app) => {
    await installOpenApi(app, (route) => guardOf(app, route));
    openApiRoutes(app, app.deps.config.apiDocs);
  },
  { name: 'swagger', dependencies: ['deps', 'guards'] },
);
