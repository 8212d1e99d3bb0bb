import type {
  AddressRequestBodyInput,
  MypageAddress,
  MypageUser,
  ValidResult,
  WriteResult,
} from '@manabi/shared/api';
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

/** 住所変更の届出 (decision 040): the address the record holds, the latest request, the office's phone. */
export const ADDRESS_KEY = ['mypage', 'user', 'address'] as const;

export const addressQuery = () =>
  queryOptions({
    queryKey: ADDRESS_KEY,
    queryFn: () => apiGet<MypageAddress>('/api/mypage/user/address/'),
    // the form echoes the pending request's updated_at back: always read fresh
    staleTime: 0,
  });

export const requestAddressChange = (body: AddressRequestBodyInput) =>
  apiPost<{ result: true }>('/api/mypage/user/address/request/', body);
