import type { FastifyInstance } from 'fastify';

/** The answer to a call refused because the app is at capacity (issue 16). */
export const BUSY_BODY = {
  code: 'BUSY',
  message: 'ただいま大変混み合っています。少し時間をおいてから、もう一度お試しください。',
} as const;

/**
 * Load shedding (issue 16): at most `maxInFlight` API calls are worked on at once; one more is answered at
 * once with 503 and `Retry-After`, instead of waiting in a queue until the client gives up. On the embedded
 * database every query runs on the app's own thread, so a queue there only grows: without this, an overload
 * turned into 10-second timeouts for everyone. `/api/health` is never refused (monitors must see the app
 * alive), and a path no route matched is not counted. The count is released when the response is finished
 * or the client went away, whichever comes first, exactly once.
 */
export function installLoadShedding(
  app: FastifyInstance,
  { maxInFlight, retryAfterSeconds = 1 }: { maxInFlight: number; retryAfterSeconds?: number },
): { inFlight: () => number } {
  let inFlight = 0;
  if (maxInFlight > 0) {
    app.addHook('onRequest', async (req, reply) => {
      const route = req.routeOptions.url;
      if (route === undefined || !route.startsWith('/api/') || route === '/api/health') return;
      if (inFlight >= maxInFlight) {
        reply.header('retry-after', String(retryAfterSeconds)).code(503);
        return reply.send(BUSY_BODY);
      }
      inFlight++;
      let released = false;
      reply.raw.once('close', () => {
        if (released) return;
        released = true;
        inFlight--;
      });
    });
  }
  return { inFlight: () => inFlight };
}
