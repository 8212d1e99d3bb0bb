import fp from 'fastify-plugin';
import type { RouteEntry } from '../../platform/context';
import { guardOf } from './guards';

/** `app.apiRoutes`: every /api route as registered, with the guard it runs (tests walk them). */
export default fp(
  async (app) => {
    const apiRoutes: RouteEntry[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.method === 'HEAD' || route.schema?.hide) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        apiRoutes.push({ method, url: route.url, guard: guardOf(app, route), schema: route.schema });
      }
    });
  },
  { name: 'api-routes', dependencies: ['guards'] },
);
