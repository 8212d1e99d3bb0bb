import type { AdminCourse, AdminCourseLimited, CourseListRow } from '@manabi/shared/api';
import type { CourseState } from '@manabi/shared/domain/course-state';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { CourseAddBody, CourseUpdateBody } from '@manabi/shared/schemas/course';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Admin courses (SPEC §7 "Admin courses"). */
const KEY = ['admin', 'courses'] as const;

/** The course as the session's authority sees it (authority 2: the reduced set, own university only). */
export type AdminCourseView = AdminCourse | AdminCourseLimited;

/** True when the answer carries every field (authority 1). */
export const isFullCourse = (course: AdminCourseView): course is AdminCourse => 'updated_at' in course;

/**
 * GET /api/admin/course/?id= — 404 and 403 (authority 2 on another university's course) both go to
 * /admin/404 (SPEC §2), not to /admin/apierror: `meta.forbiddenIsNotFound`.
 */
export const courseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(endpoints.adminCourses.detail, { id: String(id) }),
    meta: { notFoundTo: paths.admin.notFound(), forbiddenIsNotFound: true },
    // the edit form echoes updated_at back: always start from the current row
    staleTime: 0,
    gcTime: 0,
  });

/** GET /api/admin/course/categories/ — the category checkboxes of the authoring form. */
export const courseCategoriesQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'categories'],
    queryFn: () => call(endpoints.adminCourses.categories),
  });

/** add (no id) or update (id + updated_at); every course query is read again afterwards. */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseAddBody | CourseUpdateBody) =>
      'id' in body ? call(endpoints.adminCourses.update, body) : call(endpoints.adminCourses.add, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * The course of `id` (when `enabled`): 403 and 404 go to /admin/404 (SPEC §2), any other error is routed
 * as SPEC §8.
 */
export function useCourseDetail(id: number, enabled = true) {
  return useQuery({ ...courseDetailQuery(id), enabled });
}

// ---- course list (/admin/course) ----

/** SPEC §9: the paged course-list fetch stops after 1000 pages (offset_num 0 to 999). */
export const COURSE_LIST_MAX_PAGES = 1000;

/** The search fields of the course list (SPEC §3 "Course search conditions", §5), in form order. */
export const COURSE_SEARCH_FIELDS = [
  'course_name',
  'course_content',
  'organ',
  'period_f_s',
  'period_f_e',
  'period_t_s',
  'period_t_e',
  'period',
  'keyword',
  'control',
  'course_id',
  'state',
] as const;
export type CourseSearchField = (typeof COURSE_SEARCH_FIELDS)[number];
/** The course-list search conditions without paging: every value a string ('' = not given). */
export type CourseSearch = Record<Exclude<CourseSearchField, 'state'>, string> & { state: CourseState | '' };

/**
 * Every matching course: GET /api/admin/courselist/ pages (100 rows each) by offset_num 0, 1, 2, … until
 * is_end (at most {@link COURSE_LIST_MAX_PAGES} pages), accumulated (SPEC §4 "Course list"). site_id is not
 * sent: the server then returns both the programme's own and the partner-university courses.
 */
export async function fetchAllCourses(search: CourseSearch, signal?: AbortSignal): Promise<CourseListRow[]> {
  const rows: CourseListRow[] = [];
  for (let offset = 0; offset < COURSE_LIST_MAX_PAGES; offset++) {
    const page = await call(endpoints.adminCourses.list, { ...search, offset_num: offset }, { signal });
    rows.push(...page.data_list);
    if (page.is_end) break;
  }
  return rows;
}

export const courseListQuery = (search: CourseSearch) =>
  queryOptions({
    queryKey: [...KEY, 'list', search],
    queryFn: ({ signal }) => fetchAllCourses(search, signal),
    placeholderData: (previous) => previous,
  });

/** GET /api/admin/courselist/period/: the current fiscal year, the list's default application period. */
export const coursePeriodDefaultsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'period-defaults'],
    queryFn: () => call(endpoints.adminCourses.period),
    staleTime: 60 * 60 * 1000,
  });
