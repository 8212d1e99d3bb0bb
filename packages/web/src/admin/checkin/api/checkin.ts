import { endpoints } from '@manabi/shared/routes/endpoints';
import type { CheckinBody } from '@manabi/shared/schemas/checkin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** QR check-in at the venue: today's sessions and one check-in. */
const KEY = ['admin', 'checkin'] as const;

/** GET /api/admin/checkin/courses/ — today's sessions (authority 2: its university's), with the counts. */
export const todaySessionsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'today'],
    queryFn: () => call(endpoints.adminCheckin.courses),
    staleTime: 0,
  });

/**
 * GET /api/admin/checkin/missing/ — the session's expected students not yet checked in. Under the same key
 * as the counter, so every check-in reads it again; the last list stays shown while the next one loads.
 */
export const missingQuery = (courseId: number, sessionNo: number) =>
  queryOptions({
    queryKey: [...KEY, 'missing', courseId, sessionNo],
    queryFn: ({ signal }) =>
      call(endpoints.adminCheckin.missing, { course_id: courseId, session_no: sessionNo }, { signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
    // a session no longer today (past midnight) is the list's own sentence, not an error page
    meta: { shows: [422] },
  });

/**
 * POST /api/admin/checkin/ — a refusal (422: expired, not an applicant, …; 403: another university's
 * course; 404: the course is gone) is the page's answer to show, loud, not an error page. The counter and
 * any open applicant table are read again after each check-in.
 */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinBody) => call(endpoints.adminCheckin.checkIn, body),
    meta: { shows: [0, 403, 404, 422, 503] },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'applicants'] }),
      ]),
  });
}
