import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@manabi/shared';
import fp from 'fastify-plugin';
import { htmlWithPageData, type PageHtml, pageHtmlOf } from '../../platform/page-data';
import { webDistDir } from '../../platform/paths';
import { COOKIE } from '../../platform/sessions';

/**
 * The pages with an HTML of their own (route-html/routes.json of the web build: path → file under dist/,
 * or { file, session }). A build without it, or an entry naming a file that is not there, leaves those paths
 * on index.html.
 */
function routeHtml(webRoot: string): Map<string, PageHtml> {
  const index = join(webRoot, 'route-html', 'routes.json');
  if (!existsSync(index)) return new Map();
  const routes = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string | PageHtml>;
  return new Map(
    Object.entries(routes)
      .map(([path, entry]): [string, PageHtml] => [path, typeof entry === 'string' ? { file: entry } : entry])
      .filter(([, { file }]) => !file.includes('..') && existsSync(join(webRoot, file))),
  );
}

/**
 * The built web app (when `serveWeb`), and the answer to every path no route matched: an /api path is the
 * API's 404, any other GET the single-page app's HTML.
 */
export default fp<{ serveWeb: boolean }>(
  async (app, { serveWeb }) => {
    const { config } = app.deps;
    const webRoot = serveWeb ? webDistDir(config.webDist) : undefined;
    const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes brotli and gzip copies beside the text files (packages/web/precompress.ts):
        // sent as they are to a browser that accepts them (Vary: Accept-Encoding), the file itself otherwise.
        // The copies get no routes of their own.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', 'route-html/**'],
        // Vite names every asset by its content hash: it never changes, so it may be kept for a year.
        // Anything else (index.html, favicon, the manifest) must be revalidated, or a deploy strands users
        // on a page whose scripts are gone.
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else if (serveWeb) {
      app.log.warn({ webRoot }, 'web build not found: run `npm run build` (serving the API only)');
    }
    const pageHtml = hasWeb ? routeHtml(webRoot) : new Map<string, PageHtml>();
    app.setNotFoundHandler(async (req, reply) => {
      // a missing asset (e.g. an old chunk after a deploy) is a 404, not the app's HTML
      const isAsset = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
      if (req.url.startsWith('/api/')) {
        // said apart from a record that is not there (that 404 comes from a route): no route has this path
        return reply.code(404).send({ code: 'NOT_FOUND', message: MSG.noSuchApi });
      }
      if (!hasWeb || req.method !== 'GET' || isAsset) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: MSG.notFound });
      }
      // the single-page app owns every other path (its router shows its own 404 page); the my-page's login
      // and top get a copy of index.html that also preloads their chunks, and top's draws its frame before
      // the scripts run (packages/web/route-html.ts). A visitor without the session cookie is sent on to
      // the login by the app: that visitor gets the plain index.html, not a frame of a page it cannot see.
      const path = (req.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
      const page = pageHtmlOf(pageHtml, path);
      const file = page && (!page.session || req.cookies[COOKIE[page.session]]) ? page.file : 'index.html';
      if (page?.session && file === page.file && webRoot) {
        // it carries the student's own answers (platform/page-data.ts): kept by no cache
        const html = await htmlWithPageData(app, req, webRoot, file);
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      }
      return reply.header('cache-control', 'no-cache').sendFile(file);
    });
  },
  { name: 'web', dependencies: ['deps', 'cookie'] },
);
