import type { AddressRequestBodyInput } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { ContactsUpdateInput, PasswordUpdateForm } from '@manabi/shared/schemas/mypage-user';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** My-page user info (SPEC §7 Student area): the student's data, contact update, password change. */
export const USER_KEY = ['mypage', 'user'] as const;

export const userQuery = () =>
  queryOptions({ queryKey: USER_KEY, queryFn: () => call(endpoints.mypage.user) });

export const updateContacts = (body: ContactsUpdateInput) => call(endpoints.mypage.contactsUpdate, body);

export const updatePassword = (body: PasswordUpdateForm & { login_id: string; updated_at: string }) =>
  call(endpoints.mypage.passwordUpdate, body);

/** 住所変更の届出 (decision 040): the address the record holds, the latest request, the office's phone. */
export const ADDRESS_KEY = ['mypage', 'user', 'address'] as const;

export const addressQuery = () =>
  queryOptions({
    queryKey: ADDRESS_KEY,
    queryFn: () => call(endpoints.mypage.address),
    // the form echoes the pending request's updated_at back: always read fresh
    staleTime: 0,
  });

export const requestAddressChange = (body: AddressRequestBodyInput) =>
  call(endpoints.mypage.addressRequest, body);

/** 退会 (decision 072): what it would cancel, read afresh (its stamp goes back with the withdrawal). */
export const withdrawQuery = () =>
  queryOptions({
    queryKey: ['mypage', 'user', 'withdraw'],
    queryFn: () => call(endpoints.mypage.withdrawView),
    staleTime: 0,
  });

export const withdraw = (body: { updated_at: string; password: string }) =>
  call(endpoints.mypage.withdraw, { ...body, understood: '1' });
