import type { AddressDecisionBodyInput } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** 住所変更の届出 (decision 040): the office's side. */
const KEY = ['admin', 'address-requests'] as const;

/** GET /api/admin/student/address/?user_id=: the student's pending request (read fresh: its stamp goes back). */
export const pendingAddressQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'student', userId],
    queryFn: () => call(endpoints.adminStudents.address, { user_id: String(userId) }),
    staleTime: 0,
  });

/** GET /api/admin/student/address/list/?page=: every pending request, oldest first. */
export const addressRequestListQuery = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', page],
    queryFn: () => call(endpoints.adminStudents.addressList, { page: String(page) }),
    staleTime: 0,
  });

/** POST /api/admin/student/address/decide/; afterwards the student and the pending lists are read again. */
export function useDecideAddressRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressDecisionBodyInput) => call(endpoints.adminStudents.addressDecide, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'students'] }),
        queryClient.invalidateQueries({ queryKey: KEY }),
      ]),
  });
}
