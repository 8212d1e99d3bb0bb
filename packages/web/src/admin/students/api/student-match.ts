import { endpoints } from '@manabi/shared/routes/endpoints';
import type { DUPLICATE_PAGE_SIZES } from '@manabi/shared/schemas/duplicates';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { ListPage } from '../../../lib/list-search';

/** Likely duplicates, scored (decision 069): a student's candidates, the roster's pairs, 「別人」 and a scan. */
const KEY = ['admin', 'students', 'match'] as const;

type PairsPageSize = (typeof DUPLICATE_PAGE_SIZES)[number];

/** GET /api/admin/student/duplicate/candidates/?user_id=: read afresh (a record typed elsewhere counts). */
export const candidatesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'candidates', userId],
    queryFn: () => call(endpoints.adminStudents.candidates, { user_id: userId }),
    staleTime: 0,
  });

/** GET /api/admin/student/duplicate/pairs/: one page of the roster's pairs, newest first. */
export const pairsQuery = (page: ListPage) =>
  queryOptions({
    queryKey: [...KEY, 'pairs', page.page, page.size],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminStudents.pairs,
        // the table offers the sizes the call takes (10, 50, 100)
        { page: String(page.page), size: String(page.size) as PairsPageSize },
        { signal },
      ),
    placeholderData: (previous) => previous,
    staleTime: 0,
    // while a scan is asked for or running, the page looks again now and then
    refetchInterval: (q) => (q.state.data?.scan.pending ? 5_000 : false),
  });

/** POST /api/admin/student/duplicate/dismiss/: 「別人です」; the lists are read again. */
export function useDismissPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: { user_id: number; other_id: number }) => call(endpoints.adminStudents.dismiss, pair),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/admin/student/duplicate/scan/: the roster is scanned again by the next job round. */
export function useRequestScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.adminStudents.scan, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'pairs'] }),
  });
}
