import { MSG } from '@manabi/shared';
import type { ErrItem, ErrorBody } from '@manabi/shared/api';

export type ErrorCode = ErrorBody['code'];

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The one error type services throw; the app's error handler turns it into SPEC-shaped JSON. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errList: ErrItem[] = [],
  ) {
    super(message);
    this.status = STATUS[code];
  }

  toBody(): ErrorBody {
    return this.code === 'VALIDATION'
      ? { code: this.code, message: this.message, is_valid: false, err_list: this.errList }
      : { code: this.code, message: this.message };
  }
}

export const invalid = (name: string, msg: string) => new AppError('VALIDATION', msg, [{ name, msg }]);
export const notFound = () => new AppError('NOT_FOUND', MSG.notFound);
export const forbidden = () => new AppError('FORBIDDEN', MSG.forbidden);
/** 401 for a session that existed and ended (idle or absolute timeout, logged out elsewhere). */
export const unauthorized = () => new AppError('UNAUTHORIZED', MSG.sessionExpired);
/** 401 for a request that presented no session at all. */
export const notLoggedIn = () => new AppError('UNAUTHORIZED', MSG.notLoggedIn);
export const stale = () => new AppError('CONFLICT', MSG.stale);

/**
 * The `updated_at` a client echoes back, for optimistic locking; an unreadable one can only be stale. (A year
 * past 9999 never gets here: the shared `timestamp()` rule refuses it as input.)
 */
export function seenAt(updatedAt: string): Date {
  const d = new Date(updatedAt);
  if (Number.isNaN(d.getTime())) throw stale();
  return d;
}
