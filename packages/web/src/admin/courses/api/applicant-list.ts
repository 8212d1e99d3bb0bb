import type { LotteryBody } from '@manabi/shared/api';
import { ATTENDANCE } from '@manabi/shared/codes';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { ApplicantSearchForm } from '@manabi/shared/schemas/applicant';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call, type SortOf, withQuery } from '../../../lib/api';
import { type ListPage, pageQuery } from '../../../lib/list-search';
import { paths } from '../../../lib/paths';

/** The applicant tab of /admin/course/detail/{id}/2 (SPEC §7 courseapplicantlist, lottery, update). */
const KEY = ['admin', 'applicants'] as const;

/** The tab's search conditions (SPEC §3 / §4): text fields, the CD003 values ticked, CD004 ('' = all). */
export type ApplicantSearch = ApplicantSearchForm;

/** The call's search fields (SPEC §7): the text fields and the ticked CD003 values as flags; the payment filter. */
const searchParams = (courseId: number, search: ApplicantSearch) => ({
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
  confirmed: search.confirmed.includes('1') ? ('1' as const) : ('' as const),
  payment: search.payment,
});

/**
 * GET /api/admin/courseapplicantlist/csv/ (decision 021): the list's rows as the CSV file the server streams
 * (`applicant_yyyymmddhhmmss.csv`; 氏名カナ alone for authority 2). A link target: the browser downloads it.
 */
export const applicantCsvUrl = (courseId: number, search: ApplicantSearch) =>
  withQuery(endpoints.adminApplicants.csv.path, searchParams(courseId, search));

/**
 * GET /api/admin/courseapplicantlist/ — one page of a course's applicants and the search's total (the
 * call's optional page, size, sort and dir; decision 020), the previous page shown while the next loads.
 * Not refetched in the background: the admin's edits are laid over these rows and their updated_at is what
 * the update sends back.
 */
export const applicantListQuery = (courseId: number, search: ApplicantSearch, page: ListPage) =>
  queryOptions({
    queryKey: [...KEY, 'list', courseId, search, pageQuery(page)],
    queryFn: () =>
      call(endpoints.adminApplicants.list, {
        ...searchParams(courseId, search),
        ...pageQuery<SortOf<typeof endpoints.adminApplicants.list>>(page),
      }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  });

/** Every applicant of the search in the table's order (the call without page and size): CSV, a 409. */
export const fetchAllApplicants = (
  courseId: number,
  search: ApplicantSearch,
  sort: Pick<ListPage, 'sort' | 'dir'>,
) =>
  call(endpoints.adminApplicants.list, {
    ...searchParams(courseId, search),
    sort: (sort.sort ?? '') as SortOf<typeof endpoints.adminApplicants.list> | '',
    dir: sort.sort ? sort.dir : ('' as const),
  });

/** How many live applicants wait for the draw (抽選待ち): the total of that search, one row read. */
export const undrawnCountQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'undrawn', courseId],
    queryFn: async () =>
      (
        await call(endpoints.adminApplicants.list, {
          id: String(courseId),
          lottery_status_1: '1',
          page: '1',
          size: '10',
        })
      ).total ?? 0,
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** How many in the course completed it (受講済み, CD004 3): the total of that search, one page read. */
export const attendedCountQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'attended', courseId],
    queryFn: async () =>
      (
        await call(endpoints.adminApplicants.list, {
          id: String(courseId),
          attendance_status: ATTENDANCE.ATTENDED,
          page: '1',
          size: '10',
        })
      ).total ?? 0,
    meta: { notFoundTo: paths.admin.notFound() },
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
      call(
        endpoints.adminApplicants.tableUpdate,
        body as CallInput<typeof endpoints.adminApplicants.tableUpdate>,
      ),
  });
}

/**
 * POST /api/admin/courseapplicantlist/lottery/ (authority 1) with the intake options (decision 015); a 422
 * lands on its field (win_num when none other).
 */
export function useLottery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LotteryBody) => call(endpoints.adminApplicants.lottery, body),
    onSuccess: () => invalidate(),
  });
}

/** Reads the rows (and the course's counts) again. */
export function useReloadApplicants() {
  return useInvalidate();
}
