import type {
  CourseApplicantList,
  CourseApplicantListUpdateResult,
  LotteryBody,
  LotteryResult,
} from '@manabi/shared/api';
import type { ApplicantSearchForm } from '@manabi/shared/schemas/applicant';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, withQuery } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** The applicant tab of /admin/course/detail/{id}/2 (SPEC §7 courseapplicantlist, lottery, update). */
const KEY = ['admin', 'applicants'] as const;

/** The tab's search conditions (SPEC §3 / §4): text fields, the CD003 values ticked, CD004 ('' = all). */
export type ApplicantSearch = ApplicantSearchForm;

/** The list call's query: the course and the tab's conditions (a ticked CD003 value is `lottery_status_N=1`). */
const listQuery = (courseId: number, search: ApplicantSearch) => ({
  id: String(courseId),
  login_id: search.login_id,
  name: search.name,
  name_kana: search.name_kana,
  ...Object.fromEntries(
    ['1', '2', '3', '4', '5', '6'].map((v) => [
      `lottery_status_${v}`,
      search.lottery_status.includes(v) ? '1' : '',
    ]),
  ),
  attendance_status: search.attendance_status,
});

/**
 * GET /api/admin/courseapplicantlist/csv/ (decision 021): the list's rows as the CSV file the server streams
 * (`applicant_yyyymmddhhmmss.csv`; 氏名カナ alone for authority 2). A link target: the browser downloads it.
 */
export const applicantCsvUrl = (courseId: number, search: ApplicantSearch) =>
  withQuery('/api/admin/courseapplicantlist/csv/', listQuery(courseId, search));

/**
 * GET /api/admin/courseapplicantlist/ — one course's applicants (an indexed query on the course; the
 * table pages and sorts them on the screen). Not refetched in the background: the admin's edits are laid
 * over these rows and their updated_at is what the update sends back.
 */
export const applicantListQuery = (courseId: number, search: ApplicantSearch) =>
  queryOptions({
    queryKey: [...KEY, 'list', courseId, search],
    queryFn: () =>
      apiGet<CourseApplicantList>('/api/admin/courseapplicantlist/', listQuery(courseId, search)),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Everything about applicants and course counts is read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'intake'] }),
    ]);
}

/**
 * POST /api/admin/courseapplicantlist/update/ (authority 1): all ticked rows or none. 409 (a row was
 * changed meanwhile) and 422 (a cell) are shown on the table, not routed; the caller reloads the rows.
 */
export function useUpdateApplicantTable() {
  return useMutation({
    mutationFn: (body: Record<string, string | number>) =>
      apiPost<CourseApplicantListUpdateResult>('/api/admin/courseapplicantlist/update/', body),
  });
}

/**
 * POST /api/admin/courseapplicantlist/lottery/ (authority 1) with the intake options (decision 015); a 422
 * lands on its field (win_num when none other).
 */
export function useLottery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LotteryBody) =>
      apiPost<LotteryResult>('/api/admin/courseapplicantlist/lottery/', body),
    onSuccess: () => invalidate(),
  });
}

/** Reads the rows (and the course's counts) again. */
export function useReloadApplicants() {
  return useInvalidate();
}
