import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { NEWS_KEY } from '../../query-keys';

/** My-page notices (SPEC §7 Student area): top, list, detail, mark read, under the my-page's NEWS_KEY. */
const KEY = NEWS_KEY;

export interface NewsFilter {
  keyword: string;
  date_from: string;
  date_to: string;
  page: number;
}

export const topQuery = () =>
  queryOptions({ queryKey: [...KEY, 'top'], queryFn: () => call(endpoints.mypage.top) });

export const newsListQuery = (type: '1' | '2', filter: NewsFilter) =>
  queryOptions({
    queryKey: [...KEY, 'list', type, filter],
    queryFn: () =>
      call(endpoints.mypage.newsList, {
        type,
        keyword: filter.keyword,
        date_from: filter.date_from,
        date_to: filter.date_to,
        page: String(filter.page),
      }),
    placeholderData: (previous) => previous,
  });

export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(endpoints.mypage.news, { id: String(id) }),
  });

/** Records that the student opened a notice; the unread badge and the lists are read again. */
export function useAddRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: number) => call(endpoints.mypage.addRead, { notice_id: noticeId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
