import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The first screen's data in the page's own HTML (decision 048). A guarded my-page sent with the student's
 * session cookie carries, in a `<script type="application/json" id="page-data">` (data, never run: the
 * CSP's script-src stays 'self'), the answers of the GET calls its first screen makes, keyed by the URL the
 * web app asks them with (packages/web/src/lib/page-data.ts answers those calls from it, once each). A
 * phone then has the data when the scripts have run, instead of asking for it only then. Each answer is
 * the route's own, asked with the visitor's cookie through `inject`, so the same guards, checks and
 * schemas apply; an answer other than 200 is left out and the app asks for it itself as before.
 */

/** A page's own HTML, and the session it needs (without that session's cookie, index.html is sent). */
export interface PageHtml {
  file: string;
  session?: 'student';
}

/**
 * The page HTML for `path`: its own entry, or the entry whose last segment is `:id` when `path` ends in a
 * number (route-html.ts writes `/mypage/course/detail/:id`).
 */
export function pageHtmlOf(pages: Map<string, PageHtml>, path: string): PageHtml | undefined {
  return pages.get(path) ?? pages.get(path.replace(/\/\d{1,9}$/, '/:id'));
}

const SESSION = '/api/auth/mypage/session/?touch=1';

/**
 * The GET calls the first screen of `path` makes (the URLs exactly as the web app builds them). A search in
 * the page's own URL (`search`) is the app's to turn into calls: such a page carries the session only.
 */
export function firstScreenCalls(path: string, search: string): string[] {
  const page = (): string[] => {
    if (path === '/' || path === '/mypage' || path === '/mypage/top') {
      return ['/api/mypage/top/', '/api/mypage/schedule/'];
    }
    if (search !== '') return [];
    const kind = /^\/mypage\/course\/search\/(accepting|before)$/.exec(path)?.[1];
    if (kind) return [`/api/mypage/${kind}courselist/?page=1`];
    if (path === '/mypage/course/applied') return ['/api/mypage/appliedcourselist/?page=1'];
    const id = /^\/mypage\/course\/detail\/(\d{1,9})$/.exec(path)?.[1];
    if (id) return [`/api/mypage/course/?id=${Number(id)}`];
    return [];
  };
  return [SESSION, ...page()];
}

/** JSON safe inside a script element: no `</script>` or `<!--` can close or confuse it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const htmlCache = new Map<string, string>();

/**
 * The page's HTML (`file` under `webRoot`) with the answers of its first screen's calls, asked with the
 * request's cookie. Without a valid session nothing is added (the app sends the visitor to the login).
 */
export async function htmlWithPageData(
  app: FastifyInstance,
  req: FastifyRequest,
  webRoot: string,
  file: string,
): Promise<string> {
  let html = htmlCache.get(file);
  if (html === undefined) {
    html = readFileSync(join(webRoot, file), 'utf8');
    htmlCache.set(file, html);
  }
  const [path = '', search = ''] = req.url.split('?');
  const calls = firstScreenCalls(path.replace(/(.)\/+$/, '$1'), search);
  const cookie = req.headers.cookie;
  if (!cookie) return html;
  const answers = await Promise.all(
    calls.map((url) => app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' } })),
  );
  if (answers[0]?.statusCode !== 200) return html;
  const data: Record<string, unknown> = {};
  answers.forEach((answer, i) => {
    const url = calls[i];
    if (url && answer.statusCode === 200) data[url] = answer.json();
  });
  const script = `<script type="application/json" id="page-data">${scriptJson(data)}</script>`;
  return html.replace('</head>', `${script}\n  </head>`);
}
