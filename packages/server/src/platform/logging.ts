import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs may hold: no secrets and no personal data. A request line says which route answered — its
 * pattern as registered (`/api/admin/student/detail/:id/`), never the path as called — and the names of the
 * query's parameters, never their values: the office searches by name, kana, 学生番号 and birthday, and a
 * query's values are exactly those. A path no route matched is logged as far as it reads as a route's words
 * ({@link loggablePath}). Bodies are never logged. Errors keep their type, code and the SQL text, never the
 * SQL parameters (Drizzle puts them in the message) nor the database's detail line (which quotes values), and
 * a URL in an error's message loses its query.
 */

/** How a request line names what was called: the route's pattern, or the path no route matched. */
export interface RequestTarget {
  route?: string;
  path?: string;
  /** the query's parameter names, in the order sent, each once */
  query?: string[];
}

interface RoutedRequest {
  url: string;
  /** Fastify's request has it (undefined `url` when no route matched); Node's raw request does not */
  routeOptions?: { url?: string | undefined };
}

export function requestTarget(req: RoutedRequest): RequestTarget {
  const route = req.routeOptions?.url;
  const target: RequestTarget = route ? { route } : { path: loggablePath(req.url) };
  const query = queryNames(req.url);
  if (query.length > 0) target.query = query;
  return target;
}

/**
 * A parameter's name as the router's schemas spell them (`name_kana`, `birthday_s`, `sort`): a name that is
 * not one (`?24040001`, `?山田`, `?a@b.jp`, a name typed where a value belongs) is logged as 「?」.
 */
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,39}$/;
const MAX_NAMES = 20;

function queryNames(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const hash = url.indexOf('#', start);
  const names = new Set<string>();
  for (const pair of url.slice(start + 1, hash < 0 ? undefined : hash).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodedQueryPart(eq < 0 ? pair : pair.slice(0, eq));
    names.add(PARAM_NAME.test(name) ? name : '?');
    if (names.size >= MAX_NAMES) break;
  }
  return [...names];
}

/** A query's name or value as a server reads it: `+` a space, percent-escapes decoded (kept when broken). */
function decodedQueryPart(s: string): string {
  const spaced = s.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A segment of a path that reads as a route's word or a built file's name: ASCII letters, digits and
 * `. _ ~ -`, at most 40, and no run of four digits (a 学生番号, a phone number, a birthday). Anything else — a
 * name typed into the address bar, a mail address, a long token — is logged as 「*」.
 */
const PATH_SEGMENT = /^(?!.*\d{4})[A-Za-z0-9._~-]{0,40}$/;
/** An unmatched path is a scanner's or a typo's: its first 120 characters say enough. */
const PATH_MAX = 120;

/** The path no route matched, as the log may keep it: no query, no segment that may be a person's. */
export function loggablePath(url: string): string {
  const end = url.search(/[?#]/);
  const path = redactUrl(end < 0 ? url : url.slice(0, end))
    .split('/')
    .map((segment) => (segment === '***' || PATH_SEGMENT.test(segment) ? segment : '*'))
    .join('/');
  return path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path;
}

/** A URL in free text (an error's message, a framework's warning) without its query. */
const URL_QUERY = /(\/[^\s"'`?#<>]*)\?[^\s"'`<>)]*/g;
export const withoutQueries = (text: string): string => text.replace(URL_QUERY, '$1?…');

/**
 * A reset token in a query (`?token=…`) or in the password-setting page's path, and the secret of a calendar
 * feed's address (`/api/calendar/…`), replaced by 「***」.
 */
export function redactUrl(url: string): string {
  return readable(url)
    .replace(/([?&](?:token|password\w*)=)[^&#]*/gi, '$1***')
    .replace(/(\/passwordsetting\/)[^/?#]+/i, '$1***')
    .replace(/(\/calendar\/)[^/?#]+/i, '$1***');
}

/**
 * The path as the router reads it: it decodes percent-escapes before matching, so `/api/%63alendar/…`
 * reaches the feed too and must be recognised as it. An undecodable path is left as it is.
 */
function readable(url: string): string {
  if (!url.includes('%')) return url;
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  try {
    return decodeURI(path) + (end < 0 ? '' : url.slice(end));
  } catch {
    return url;
  }
}

const PARAMS = /\nparams: [\s\S]*$/;
/** An SMTP peer's refusal quotes the recipient: a mail address is personal data, not for the log. */
const MAIL_ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError;
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '(not an Error)', stack: '' };
  const message = withoutQueries(err.message.replace(PARAMS, '').replace(MAIL_ADDRESS, '***@***'));
  const out: LoggedError = {
    type: err.constructor.name,
    message,
    stack: (err.stack ?? '').replace(err.message, message),
  };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/**
 * The Fastify logger options for a level ('silent' … 'trace'). Fastify's own lines that carry the request
 * (`{ req }`) are switched off in app.ts; were they on, they would name it as our request line does. The few
 * of its warnings that put the raw URL in their words ("Reply was already sent … in "/x?…"") lose its query.
 */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: {
      req: (req: RoutedRequest & { method: string }) => ({ method: req.method, ...requestTarget(req) }),
      err: serializeError,
    },
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) {
          const arg = args[i];
          if (typeof arg === 'string' && arg.includes('?')) args[i] = withoutQueries(arg);
        }
        return method.apply(this, args);
      },
    },
  };
}
