import type {
  CourseCancelView,
  MypageAppliedList,
  MypageAttendedList,
  MypageCourseDetail,
  MypageCourseList,
  ResultTrue,
} from '@manabi/shared/api';
import {
  type MypageCourseSearchForm,
  mypageCourseSearchFormSchema,
} from '@manabi/shared/schemas/mypage-course';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * My-page courses (SPEC §7 Student area): the four lists, the detail, the cancel view, apply and cancel.
 * Every flag (in_period, is_cancelable, is_disp_applybtn…) comes from the server; the screens only show it.
 */
export const COURSES_KEY = ['mypage', 'courses'] as const;

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
  page: 1,
};

/**
 * Reads the filter from URL search params. Unknown keys are ignored and a value the search form would not
 * accept (a hand-edited date, an overlong keyword) is dropped, so an old or edited link still searches.
 */
export function filterFromParams(params: URLSearchParams): CourseListFilter {
  const filter = { ...EMPTY_FILTER };
  for (const key of Object.keys(EMPTY_FILTER) as (keyof CourseListFilter)[]) {
    if (key === 'page') {
      filter.page = Math.min(999_999, Math.max(1, Math.trunc(Number(params.get('page'))) || 1));
      continue;
    }
    const value = params.get(key) ?? '';
    filter[key] = value && mypageCourseSearchFormSchema.shape[key].safeParse(value).success ? value : '';
  }
  return filter;
}

const listQuery = <T>(kind: string, filter: CourseListFilter) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'list', kind, filter],
    queryFn: () =>
      apiGet<T>(`/api/mypage/${kind}courselist/`, {
        ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '')),
        page: String(filter.page),
      }),
    placeholderData: (previous) => previous,
  });

export const courseSearchQuery = (kind: CourseSearchKind, filter: CourseListFilter) =>
  listQuery<MypageCourseList>(kind, filter);
export const appliedListQuery = (filter: CourseListFilter) => listQuery<MypageAppliedList>('applied', filter);
export const attendedListQuery = (filter: CourseListFilter) =>
  listQuery<MypageAttendedList>('attended', filter);

export const courseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'detail', id],
    queryFn: () => apiGet<MypageCourseDetail>('/api/mypage/course/', { id: String(id) }),
  });

export const cancelViewQuery = (id: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'cancel', id],
    queryFn: () => apiGet<CourseCancelView>('/api/mypage/coursecancel/', { id: String(id) }),
  });

/** POST /api/mypage/courseapplication/ (SPEC §3 Course application payload). */
const applyCourse = (detail: MypageCourseDetail, agreed: boolean) =>
  apiPost<ResultTrue>('/api/mypage/courseapplication/', {
    course_id: detail.id,
    course_name: detail.course_name,
    university_id: detail.univ_id ?? '',
    how_apply: '1',
    cancel: detail.cancel ? '1' : '0',
    is_dont_canncel: agreed ? '1' : '0',
  });

/**
 * 申込を確定: applies, then every course list and detail is read again. The screen shows the server's
 * refusals itself (already applied, full, out of period) and routes the rest, so the global routing is off.
 */
export function useApplyCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ detail, agreed }: { detail: MypageCourseDetail; agreed: boolean }) =>
      applyCourse(detail, agreed),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
  });
}

/** POST /api/mypage/coursecancel/cancel/ with the application's updated_at from the cancel view. */
export const cancelCourse = (view: CourseCancelView) =>
  apiPost<ResultTrue>('/api/mypage/coursecancel/cancel/', {
    course_id: view.id,
    course_name: view.course_name,
    updated_at: view.updated_at,
  });
