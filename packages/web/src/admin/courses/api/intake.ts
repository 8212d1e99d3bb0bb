import type { IntakeUpdateBody, PromoteBody } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/**
 * The intake cycle of a course (decision 015), authority 1 only: its settings and counts, its
 * lottery records and their re-verification, and moving a 補欠 up by hand.
 */
const KEY = ['admin', 'intake'] as const;

/** Every read the cycle changes: the intake reads, the applicant rows and the course reads (counts). */
function useInvalidateCycle() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'applicants'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
    ]);
}

/**
 * GET /api/admin/course/intake/?id= — the settings (defaults before any save, updated_at '') and the
 * counts. The settings form echoes updated_at back: always read afresh.
 */
export const intakeQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'settings', courseId],
    queryFn: () => call(endpoints.adminIntake.settings, { id: String(courseId) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/**
 * GET /api/admin/courseapplicantlist/lottery/preview/?id= — who a draw would tell (and mail), whether the
 * application period is still open, and the seats: read afresh each time the lottery modal opens.
 */
export const lotteryPreviewQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'preview', courseId],
    queryFn: () => call(endpoints.adminApplicants.lotteryPreview, { id: String(courseId) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/** POST /api/admin/course/intake/update/: 409 (stale) and 422 (a field) are shown on the form. */
export function useSaveIntake() {
  const invalidate = useInvalidateCycle();
  return useMutation({
    mutationFn: (body: IntakeUpdateBody) => call(endpoints.adminIntake.update, body),
    onSuccess: () => invalidate(),
  });
}

/** GET /api/admin/lottery/runs/?id= — the course's draws, newest first. */
export const lotteryRunsQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'runs', courseId],
    queryFn: () => call(endpoints.adminIntake.runs, { id: String(courseId) }),
    meta: { notFoundTo: paths.admin.notFound() },
  });

/** GET /api/admin/lottery/run/?id= — one record as it is stored (what the download saves). */
export const fetchLotteryRecord = (runId: number) => call(endpoints.adminIntake.run, { id: String(runId) });

/** GET /api/admin/lottery/run/verify/?id= — the server draws the record again and compares. */
export function useVerifyRun() {
  return useMutation({
    mutationFn: (runId: number) => call(endpoints.adminIntake.verify, { id: String(runId) }),
  });
}

/**
 * POST /api/admin/courseapplicantlist/promote/: a 422 (not 補欠, no seat) and a 409 (the row changed) are
 * shown in the confirmation dialog; the rows and counts are read again on success.
 */
export function usePromote() {
  const invalidate = useInvalidateCycle();
  return useMutation({
    mutationFn: (body: PromoteBody) => call(endpoints.adminIntake.promote, body),
    meta: { shows: [409, 422] },
    onSuccess: () => invalidate(),
  });
}
