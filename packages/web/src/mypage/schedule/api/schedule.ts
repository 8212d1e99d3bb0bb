import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { COURSES_KEY } from '../../query-keys';

/**
 * My calendar: the upcoming classes and the calendar feed's address (issue, revoke); one course's classes as
 * a .ics file are a link of the course detail (courses/api). The feed's address is answered once, when it is
 * made: the server keeps only its hash, so the screen holds it in memory and never in the query cache.
 */
// under the courses' key: a seat that changes (applied, confirmed, declined, cancelled) reads it again too
export const SCHEDULE_KEY = [...COURSES_KEY, 'schedule'] as const;

export const scheduleQuery = () =>
  queryOptions({
    queryKey: SCHEDULE_KEY,
    queryFn: () => call(endpoints.mypage.schedule),
  });

/** 「登録用のアドレスを発行する」: a new address (an older one stops working). */
export function useIssueFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.mypage.scheduleFeed, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  });
}

/** 「登録をやめる」: the address stops working. */
export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.mypage.scheduleFeedDelete, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  });
}
