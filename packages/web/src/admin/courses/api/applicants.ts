import type {
  CourseApplicantCancelBody,
  CourseApplicantDetail,
  CourseApplicantDetailLimited,
  SessionAttendance,
} from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { ProxyDecisionForm } from '@manabi/shared/schemas/contact';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Admin course applicants: detail, update, cancel (SPEC §7 "Admin courses"). */
const KEY = ['admin', 'applicants'] as const;

/** The applicant as the session's authority sees it (authority 2: the reduced set, own university only). */
export type ApplicantDetailView = CourseApplicantDetail | CourseApplicantDetailLimited;

/** True when the answer carries every field (authority 1). */
export const isFullApplicant = (detail: ApplicantDetailView): detail is CourseApplicantDetail =>
  'cannot_cancel' in detail;

/** The applicant reads and the course reads (applicant counts) after a write. */
const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
  ]);

/**
 * GET /api/admin/courseapplicantdetail/?id=&user_id= — 404 and 403 (authority 2 on another university's
 * course) both go to /admin/404 (SPEC §2, routed by the query client from `meta`).
 */
export const applicantDetailQuery = (courseId: number, userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', courseId, userId],
    queryFn: () =>
      call(endpoints.adminApplicants.detail, {
        id: String(courseId),
        user_id: String(userId),
      }),
    meta: { notFoundTo: paths.admin.notFound(), forbiddenIsNotFound: true },
    // update and cancel echo updated_at back: always start from the current row
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The application of `userId` to `courseId` (when `enabled`): 403 and 404 go to /admin/404 (SPEC §2),
 * any other error is routed as SPEC §8.
 */
export function useApplicantDetail(courseId: number, userId: number, enabled = true) {
  return useQuery({ ...applicantDetailQuery(courseId, userId), enabled });
}

/** SPEC §7 courseapplicantdetail/update body (see applicantUpdateBodySchema). */
export type ApplicantUpdateBody = SessionAttendance & {
  lottery_status: string;
  attendance_status: string;
  acquisition_unit: string;
  remarks: string;
  course_id: number;
  user_id: number;
  updated_at: string;
};

/** POST /api/admin/courseapplicantdetail/update/ (authority 1; 409 stale, shown by StepForm). */
export function useUpdateApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicantUpdateBody) => call(endpoints.adminApplicants.update, body),
    onSuccess: () => invalidate(queryClient),
  });
}

/**
 * POST /api/admin/courseapplicantdetail/cancel/ (authority 1). 422 (the course forbids cancelling, or it
 * is already cancelled) and 409 (stale) are shown on the screen; anything else is routed as SPEC §8.
 */
export function useCancelApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseApplicantCancelBody) => call(endpoints.adminApplicants.cancel, body),
    meta: { shows: [409, 422] },
    onSuccess: () => invalidate(queryClient),
  });
}

/**
 * POST /api/admin/courseapplicantlist/decide/ (authority 1, decision 065): the office confirms or declines the
 * seat for the student; a 409 (changed meanwhile) and a 422 (a field) are the dialog's to show.
 */
export function useProxyDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProxyDecisionForm) => call(endpoints.adminContact.decide, body),
    meta: { shows: [409, 422] },
    onSuccess: () => invalidate(queryClient),
  });
}
