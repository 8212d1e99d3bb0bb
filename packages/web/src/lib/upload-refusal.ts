import type { UploadResult } from '@manabi/shared/api';
import { isApiError } from './api';

/**
 * A CSV upload's refusal travels as an error status carrying `{ result: false, msg }`: 422 for a file that
 * cannot be registered, 409 when it no longer does what its preview showed (decision 070). Resolved, so
 * the upload modal shows the msg on the file field; anything else rejects and is routed as SPEC §8.
 */
export function refusedUpload(error: unknown): { result: false; msg: string } {
  const body =
    isApiError(error) && (error.status === 422 || error.status === 409)
      ? (error.body as Partial<UploadResult>)
      : null;
  if (body?.result === false && typeof body.msg === 'string') return { result: false, msg: body.msg };
  throw error;
}
