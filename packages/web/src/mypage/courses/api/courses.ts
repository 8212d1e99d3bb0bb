import type { CourseCancelView, MypageCourseDetail } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { MypageCourseListInput, MypageCourseSearchForm } from '@manabi/shared/schemas/mypage-course';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, withQuery } from '../../../lib/api';
import { COURSES_KEY, seatChanged } from '../../query-keys';

/**
 * My-page courses (SPEC §7 Student area): the four lists, the detail, the cancel view, apply and cancel.
 * Every flag (in_period, is_cancelable, is_disp_applybtn…) comes from the server; the screens only show it.
 * Their keys are under the my-page's COURSES_KEY (query-keys.ts); 受講を確定する / 辞退する, which the top page
 * offers too, are the my-page's seat-decision-api.ts.
 */

export type CourseSearchKind = 'accepting' | 'before';

/** The search as it lives in the URL (every value a string; '' = not set) plus the page. */
export type CourseListFilter = Required<{ [K in keyof MypageCourseSearchForm]: string }> & { page: number };

export const EMPTY_FILTER: CourseListFilter = {
  keyword: '',
  organ: '',
  date_from: '',
  date_to: '',
  lottery_status_1: '',
  lottery_status_2: '',
  lottery_status_3: '',
  lottery_status_4: '',
  lottery_status_5: '',
  lottery_status_6: '',
  page: 1,
};

/**
 * The filter of a search read from the URL (lib/search-state.ts parses it with the shared list query
 * schema, so a value the form would not accept is already dropped): ticks as '1' or '', the page a number.
 */
export function courseFilterOf(values: MypageCourseListInput): CourseListFilter {
  const tick = (value: '0' | '1') => (value === '1' ? '1' : '');
  return {
    keyword: values.keyword,
    organ: values.organ,
    date_from: values.date_from,
    date_to: values.date_to,
    lottery_status_1: tick(values.lottery_status_1),
    lottery_status_2: tick(values.lottery_status_2),
    lottery_status_3: tick(values.lottery_status_3),
    lottery_status_4: tick(values.lottery_status_4),
    lottery_status_5: tick(values.lottery_status_5),
    lottery_status_6: tick(values.lottery_status_6),
    page: Number(values.page),
  };
}

/** `/api/mypage/{kind}courselist/` (decision 010), one route each. */
const LISTS = {
  accepting: endpoints.mypage.acceptingCourseList,
  before: endpoints.mypage.beforeCourseList,
  applied: endpoints.mypage.appliedCourseList,
  attended: endpoints.mypage.attendedCourseList,
} as const;

/** The list's query: the filter's set values and the page. */
const listParams = (filter: CourseListFilter) => ({
  ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '')),
  page: String(filter.page),
});

const listKey = (kind: keyof typeof LISTS, filter: CourseListFilter) => [
  ...COURSES_KEY,
  'list',
  kind,
  filter,
];

export const courseSearchQuery = (kind: CourseSearchKind, filter: CourseListFilter) =>
  queryOptions({
    queryKey: listKey(kind, filter),
    queryFn: () => call(LISTS[kind], listParams(filter)),
    placeholderData: (previous) => previous,
  });
export const appliedListQuery = (filter: CourseListFilter) =>
  queryOptions({
    queryKey: listKey('applied', filter),
    queryFn: () => call(LISTS.applied, listParams(filter)),
    placeholderData: (previous) => previous,
  });
export const attendedListQuery = (filter: CourseListFilter) =>
  queryOptions({
    queryKey: listKey('attended', filter),
    queryFn: () => call(LISTS.attended, listParams(filter)),
    placeholderData: (previous) => previous,
  });

export const courseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'detail', id],
    queryFn: () => call(endpoints.mypage.course, { id: String(id) }),
  });

export const cancelViewQuery = (id: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'cancel', id],
    queryFn: () => call(endpoints.mypage.courseCancelView, { id: String(id) }),
  });

/** POST /api/mypage/courseapplication/ (SPEC §3 Course application payload). */
const applyCourse = (detail: MypageCourseDetail, agreed: boolean) =>
  call(endpoints.mypage.courseApplication, {
    course_id: detail.id,
    course_name: detail.course_name,
    university_id: detail.univ_id ?? '',
    how_apply: '1',
    cancel: detail.cancel ? '1' : '0',
    is_dont_canncel: agreed ? '1' : '0',
  });

/**
 * 申込を確定: applies, then every course list and detail is read again. The screen shows the server's
 * refusals itself (already applied, full, out of period: 400, 409, 422); the QueryClient routes the rest.
 */
export function useApplyCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ detail, agreed }: { detail: MypageCourseDetail; agreed: boolean }) =>
      applyCourse(detail, agreed),
    meta: { shows: [400, 409, 422] },
    onSuccess: () => seatChanged(queryClient),
  });
}

/** POST /api/mypage/coursecancel/cancel/ with the application's updated_at from the cancel view. */
export const cancelCourse = (view: CourseCancelView) =>
  call(endpoints.mypage.courseCancel, {
    course_id: view.id,
    course_name: view.course_name,
    updated_at: view.updated_at,
  });

/** The course's classes as a .ics download (a plain link: the browser sends the session cookie). */
export const courseIcsUrl = (courseId: number) => withQuery('/api/mypage/course/ics/', { id: courseId });
