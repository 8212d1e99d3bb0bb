import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError, isApiError } from '../lib/api';
import { paths } from '../lib/paths';

/**
 * The error routing of a query for one record that handles its own errors (`meta.handlesErrors`): a missing
 * record (404) — and with `forbiddenIsNotFound`, one of another university (403) — goes to /admin/404
 * (SPEC §2, §6); any other error is routed as SPEC §8.
 */
export function useRecordErrorRouting(error: unknown, { forbiddenIsNotFound = false } = {}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.status === 404 || (forbiddenIsNotFound && error.status === 403))) {
      error.routed = true;
      navigate(paths.admin.notFound(), { replace: true });
    } else {
      handleApiError('admin', error, navigate);
    }
  }, [error, navigate, forbiddenIsNotFound]);
}
