import type { SendMailBody } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { PasswordSettingForm } from '@manabi/shared/schemas/password-reset';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The my-page password reset (SPEC §4; §7 login/sendmail, login/isexpire, login/passwordsetting). */

/** POST /api/mypage/login/sendmail/: the mail with the reset link (always `{result: true}`). */
export const sendResetMail = (body: SendMailBody) => call(endpoints.publicForms.sendResetMail, body);

/** GET /api/mypage/login/isexpire/?token= — asked once per visit to the link, never kept. */
export const isExpireQuery = (token: string) =>
  queryOptions({
    queryKey: ['mypage', 'password-reset', 'isexpire', token],
    queryFn: () => call(endpoints.publicForms.isExpire, { token }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** POST /api/mypage/login/passwordsetting/: `{ is_valid: false, name, msg }` names the field refused. */
export const setNewPassword = (body: PasswordSettingForm & { token: string }) =>
  call(endpoints.publicForms.passwordSetting, body);
