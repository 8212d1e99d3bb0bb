import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs may hold: no secrets and no personal data. Request lines keep the method and
 * the path, with a reset token in a query (`?token=…`) or in the password-setting page's path, and the
 * secret of a calendar feed's address (`/api/calendar/…`), replaced by 「***」; bodies are never
 * logged. Errors keep their type, code and the SQL text, never the SQL parameters (Drizzle puts them in the
 * message) nor the database's detail line (which quotes values).
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
  const message = err.message.replace(PARAMS, '').replace(MAIL_ADDRESS, '***@***');
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

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
}

/** The Fastify logger options for a level ('silent' … 'trace'). */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: redactUrl(req.url) }),
      err: serializeError,
    },
  };
}
