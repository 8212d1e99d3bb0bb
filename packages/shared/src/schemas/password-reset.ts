/**
 * My-page password reset (SPEC §3 Reset mail, Password setting; §4 password reset; §5 "New password on
 * reset"; §7 login/sendmail, login/isexpire, login/passwordsetting). One schema per payload, used by the
 * screens and the server alike. Passwords are taken as typed: never trimmed.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { asciiMax, asciiPassword, confirmField, mailAddress, maxLen, sameAs } from '../validation/rules';
import { MYPAGE_LOGIN_ID_MAX } from './auth';

/** A reset token as mailed: 256 bits in base64url are 43 characters; anything longer names nothing. */
export const RESET_TOKEN_MAX = 100;

export const PASSWORD_RESET_MSG = {
  /** the answer for an unknown, used, superseded or expired link (SPEC §8 「無効なURL」) */
  invalidToken: 'このURLは無効です。お手数ですが、もう一度パスワード再設定のメールをお送りください。',
} as const;

/** /mypage/password: the login id and a registered mail address. */
export const sendMailBodySchema = z.object({
  login_id: asciiMax(MYPAGE_LOGIN_ID_MAX, { required: true }),
  mail_address: mailAddress(),
});

/** GET login/isexpire/?token= (a missing or overlong token is simply expired, never a 422). */
export const isExpireQuerySchema = z.object({
  token: z.string({ error: MSG.invalidValue }).prefault(''),
});

/** The form on /mypage/passwordsetting/{token}: the new password twice (SPEC §5: printable ASCII 8–12). */
export const passwordSettingFormSchema = z
  .object({ password: asciiPassword(), password2: confirmField() })
  .superRefine(sameAs('password2', 'password', 'パスワード', { exact: true }));
export type PasswordSettingForm = z.infer<typeof passwordSettingFormSchema>;

export const passwordSettingBodySchema = z
  .object({
    token: z.string({ error: MSG.invalidValue }).pipe(maxLen(RESET_TOKEN_MAX)),
    password: asciiPassword(),
    password2: confirmField(),
  })
  .superRefine(sameAs('password2', 'password', 'パスワード', { exact: true }));
