import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteEntry } from '../../platform/context';
import { installGuards } from '../../platform/guards';

/** `app.guards`: the onRequest hooks a route names to demand a session (platform/guards.ts). */
export default fp(
  async (app) => {
    installGuards(app);
  },
  { name: 'guards', dependencies: ['deps', 'cookie'] },
);

/** Which session a route demands, read from the guard among its onRequest hooks. */
export function guardOf(app: FastifyInstance, route: RouteOptions): RouteEntry['guard'] {
  const hooks = [route.onRequest].flat();
  return (['authority1', 'admin', 'student'] as const).find((g) => hooks.includes(app.guards[g])) ?? 'public';
}
