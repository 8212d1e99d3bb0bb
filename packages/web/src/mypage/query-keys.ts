import type { QueryClient } from '@tanstack/react-query';

/**
 * The my-page's query keys that more than one family reads or invalidates. Under the courses' key live the
 * course lists and detail, the schedule and the finished courses, so whatever reads the courses again
 * reads those too.
 */
export const COURSES_KEY = ['mypage', 'courses'] as const;

/** The notices: the top page, the lists and each notice. */
export const NEWS_KEY = ['mypage', 'news'] as const;

/** The finished courses: the transcript and each 修了証. */
export const FINISHED_KEY = [...COURSES_KEY, 'finished'] as const;

/**
 * A seat changed (applied, cancelled, confirmed, declined): the course lists and detail, and the top page's
 * statuses and personal notices (a decision writes one) are read again.
 */
export const seatChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
    queryClient.invalidateQueries({ queryKey: NEWS_KEY }),
  ]);
