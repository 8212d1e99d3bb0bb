import { endpoints } from '@manabi/shared/routes/endpoints';
import type { RetentionUpdateBody } from '@manabi/shared/schemas/lifecycle';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** A student's withdrawal by the office, and the retention rule (decision 072). */
const KEY = ['admin', 'students', 'lifecycle'] as const;

/** GET /api/admin/student/withdraw/preview/: read afresh (its stamp goes back with the withdrawal). */
export const withdrawPreviewQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'withdraw', userId],
    queryFn: () => call(endpoints.adminStudents.withdrawPreview, { user_id: userId }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
    // once withdrawn the record has nothing to preview (404): the page, showing its completion, must not ask
    refetchOnWindowFocus: false,
  });

/**
 * POST /api/admin/student/withdraw/; afterwards every student query is read again, but the preview the page
 * still shows (it would answer 404 now).
 */
export function useWithdrawStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; updated_at: string; reason: string }) =>
      call(endpoints.adminStudents.withdraw, body),
    meta: { shows: [409, 422] },
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: ['admin', 'students'],
        predicate: (q) => q.queryKey[3] !== 'withdraw',
      }),
  });
}

export const retentionPolicyQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'retention'],
    queryFn: () => call(endpoints.adminRetention.policy),
    staleTime: 0,
  });

export const retentionCandidatesQuery = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'retention', 'candidates', page],
    queryFn: ({ signal }) => call(endpoints.adminRetention.candidates, { page: String(page) }, { signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

export const updateRetention = (body: RetentionUpdateBody) => call(endpoints.adminRetention.update, body);

/** POST /api/admin/retention/run/: with the count the office read; the rule's views are read again. */
export function useRunRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expected: number) =>
      call(endpoints.adminRetention.run, { expected: String(expected), confirm: '1' }),
    meta: { shows: [409, 422] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'retention'] }),
  });
}
