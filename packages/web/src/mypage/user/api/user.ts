import type { MypageUser, ValidResult, WriteResult } from '@manabi/shared/api';
import type { ContactsUpdateInput, PasswordUpdateForm } from '@manabi/shared/schemas/mypage-user';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/** My-page user info (SPEC §7 Student area): the student's data, contact update, password change. */
export const USER_KEY = ['mypage', 'user'] as const;

export const userQuery = () =>
  queryOptions({ queryKey: USER_KEY, queryFn: () => apiGet<MypageUser>('/api/mypage/user/') });

export const updateContacts = (body: ContactsUpdateInput) =>
  apiPost<WriteResult>('/api/mypage/user/contacts/update/', body);

export const updatePassword = (body: PasswordUpdateForm & { login_id: string; updated_at: string }) =>
  apiPost<ValidResult>('/api/mypage/user/password/update/', body);
