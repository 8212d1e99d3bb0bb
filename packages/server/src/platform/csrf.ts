import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (ARCHITECTURE.md): state-changing API calls must be JSON from our own origin. Browsers always
 * send Origin on cross-site POSTs and Sec-Fetch-Site on modern ones; a JSON content type cannot be sent
 * cross-site without a CORS preflight, which we never grant. The logout GETs also refuse cross-site.
 */
export function installCsrf(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (req) => {
    // Decide on the route the router matched, never on the raw URL: `/ap%69/…` and `/api/…` reach the
    // same handler (the router decodes), so a check on `req.url` could be walked round.
    const route = req.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/')) return;
    const site = req.headers['sec-fetch-site'];
    const isLogout = route.endsWith('/logout/');
    if (SAFE.has(req.method) && !isLogout) return;
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('FORBIDDEN', '別のサイトからの操作は受け付けられません。');
    }
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.host}`;
      if (origin !== own && !allowedOrigins.includes(origin)) {
        throw new AppError('FORBIDDEN', '別のサイトからの操作は受け付けられません。');
      }
    }
    const type = req.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/json')) {
      throw new AppError('VALIDATION', 'JSON形式で送信してください。', [
        { name: 'content-type', msg: 'JSON形式で送信してください。' },
      ]);
    }
  });
}
