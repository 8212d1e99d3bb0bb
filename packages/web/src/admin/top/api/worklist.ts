import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The office's work list on the top page (decision 057). */
const KEY = ['admin', 'worklist'] as const;

/** GET /api/admin/worklist/ — every card's number as the rows stand now (authority 2: its university's). */
export const worklistQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => call(endpoints.adminWorklist.list, {}, { signal }),
    staleTime: 0,
  });

/**
 * POST /api/admin/worklist/mail/retry/ — one failed mail back in line. A mail retried meanwhile (409) or
 * whose body was erased (422) is the card's sentence, not an error page; the list is read again either way.
 */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.adminWorklist.mailRetry, { id }),
    meta: { shows: [404, 409, 422] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
