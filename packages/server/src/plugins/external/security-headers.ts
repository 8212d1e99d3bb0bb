import { type IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once (none depends on the request: no nonces) and set on every answer,
 * the API's and the web app's.
 */
export default fp(
  async (app) => {
    const securityHeaders = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // react-aria positions overlays with inline style attributes; no inline <script> is allowed
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets for `options`, read once from a response that only records them. @fastify/helmet
 * builds every helmet middleware again on each request (a measurable share of the app's CPU under the
 * student mix); with no nonce and no directive computed per request, the headers are the same for every
 * answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  // a response of no request and no socket: it only keeps the headers set on it (names in lower case)
  const request = {} as IncomingMessage;
  const recorder = new ServerResponse(request);
  helmet(options)(request, recorder, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.fromEntries(
    Object.entries(recorder.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}
