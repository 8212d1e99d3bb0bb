import { endpoints } from '@manabi/shared/routes/endpoints';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api';

const KEY = ['admin', 'courses', 'picker'] as const;

/**
 * GET /api/admin/course/picker/ (decision 035): the courses whose name contains the words or whose code
 * starts with them, page after page (20 each) as the list is scrolled.
 */
export const coursePickerQuery = (words: string) =>
  infiniteQueryOptions({
    queryKey: [...KEY, words],
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.adminCourses.picker, { q: words, page: String(pageParam) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.is_end ? undefined : pages.length + 1),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

/**
 * The name of an already chosen course (a search in the URL names it by id): GET /api/admin/course/. A course
 * that is gone or not the admin's leaves the field showing its number; the screen stays.
 */
export const chosenCourseQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'chosen', id],
    queryFn: () => call(endpoints.adminCourses.detail, { id: String(id) }),
    meta: { shows: [403, 404] },
    retry: false,
  });
