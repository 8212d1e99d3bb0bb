import type {
  AdminUserAddBody,
  AdminUserPasswordBody,
  AdminUserPasswordCheck,
  AdminUserUpdateBody,
} from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Admin users (SPEC §7 "Admin users"): list, detail, the check, add, update. */
const KEY = ['admin', 'admin-users'] as const;

/** GET /api/admin/adminuser/list/?name= (name contains); the previous rows stay while a search loads. */
export const adminUserListQuery = (name: string) =>
  queryOptions({
    queryKey: [...KEY, 'list', name],
    queryFn: () => call(endpoints.adminUsers.list, { name }),
    placeholderData: (previous) => previous,
  });

/** GET /api/admin/adminuser/detail/?id= for the form: always the current row (it echoes updated_at). */
export const adminUserDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(endpoints.adminUsers.detail, { id: String(id) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/admin/adminuser/password/ — the check before the confirm step (SPEC §4). */
export function checkAdminUser(body: AdminUserPasswordBody): Promise<AdminUserPasswordCheck> {
  return call(endpoints.adminUsers.password, body);
}

/** add (no id) or update (id + updated_at); every admin-user query is read again afterwards. */
export function useSaveAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserAddBody | AdminUserUpdateBody) =>
      'id' in body ? call(endpoints.adminUsers.update, body) : call(endpoints.adminUsers.add, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
