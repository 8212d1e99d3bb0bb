import type { FastifyInstance } from 'fastify';

/** The answer to a call refused because the app is at capacity. */
export const BUSY_BODY = {
  code: 'BUSY',
  message: 'ただいま大変混み合っています。少し時間をおいてから、もう一度お試しください。',
} as const;

/** Why a call was refused: the in-flight limit reached, or the event loop late. */
export type ShedReason = 'in_flight' | 'event_loop';

/**
 * The probes a monitor or load balancer reads are never refused: under overload they must still say the
 * process is alive, and a busy process taken out of rotation by its own 503 sends its load to the others.
 */
const NEVER_REFUSED = new Set(['/api/health', '/api/ready']);

/** How often the event loop's lateness is sampled, and how many late samples in a row mean saturated. */
const LAG_SAMPLE_MS = 20;
const LATE_SAMPLES = 2;

/**
 * Load shedding: an API call is answered at once with 503 and `Retry-After`, instead of waiting
 * until the client gives up, when either
 * - `maxInFlight` calls are already being worked on (a queue in the app, waiting for one of the database pool's connections), or
 * - the event loop has been late by more than `maxLagMs` at two samples in a row. That is the queue the
 *   in-flight count cannot see: on the embedded database every query runs on the app's own thread, so under
 *   overload the calls wait unread in the sockets, not in the app. A single long task (an upload's statement)
 *   makes one late sample and refuses nobody; a saturated thread is late at every sample.
 *
 * The lateness is sampled from the moment the app is ready, so the long tasks of building it (compiling
 * the routes' schemas) do not refuse the first calls after a start.
 *
 * `/api/health` and `/api/ready` are never refused (NEVER_REFUSED), and a path no route matched is not
 * counted; nor is anything outside /api (pages, files, /metrics). Each refusal is told to `onRefused`. The in-flight place is released when the response is finished or the client went away,
 * whichever comes first, exactly once. `maxInFlight` 0 switches both off.
 */
export function installLoadShedding(
  app: FastifyInstance,
  {
    maxInFlight,
    maxLagMs = 0,
    retryAfterSeconds = 1,
    onRefused = () => {},
  }: {
    maxInFlight: number;
    maxLagMs?: number;
    retryAfterSeconds?: number;
    onRefused?: (reason: ShedReason) => void;
  },
): { inFlight: () => number; lagging: () => boolean } {
  let inFlight = 0;
  let lateSamples = 0;
  if (maxInFlight > 0 && maxLagMs > 0) {
    // sampled from the moment the app is ready: building it (compiling every route's schemas, hundreds of
    // milliseconds in a few long tasks) is not a saturated thread, and must not refuse the first calls
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      let expected = performance.now() + LAG_SAMPLE_MS;
      timer = setInterval(() => {
        const now = performance.now();
        lateSamples = now - expected > maxLagMs ? lateSamples + 1 : 0;
        expected = now + LAG_SAMPLE_MS;
      }, LAG_SAMPLE_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const lagging = () => lateSamples >= LATE_SAMPLES;
  if (maxInFlight > 0) {
    app.addHook('onRequest', async (req, reply) => {
      const route = req.routeOptions.url;
      if (route === undefined || !route.startsWith('/api/') || NEVER_REFUSED.has(route)) return;
      const full = inFlight >= maxInFlight;
      if (full || lagging()) {
        onRefused(full ? 'in_flight' : 'event_loop');
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
  return { inFlight: () => inFlight, lagging };
}
