/**
 * My-page user info (SPEC §2 user, user/update, user/password; §3 My-page user; §4 contact update and
 * password change; §5 "My-page contact update", "My-page password change"; §7 Student area user calls).
 * One schema per payload, used by the screens and the server alike. Passwords are taken as typed.
 */
import { z } from 'zod';
import {
  asciiMax,
  asciiPassword,
  confirmField,
  differentFrom,
  mailAddress,
  optionalText,
  phoneJp,
  sameAs,
  timestamp,
} from '../validation/rules';

/** SPEC §5: the current password is required, at most 12 characters. */
export const CURRENT_PASSWORD_MAX = 12;
/** SPEC §5: the new password is 8 to 12 printable ASCII characters. */
export const NEW_PASSWORD_MAX = 12;

export const MYPAGE_USER_MSG = {
  /** wrong current password, shown on the current-password field */
  wrongPassword: '現在のパスワードが違います',
} as const;

const contactFields = {
  phone1: phoneJp({ required: true }),
  mail1: mailAddress({ required: false }),
  phone2: phoneJp(),
  mail2: mailAddress({ required: false }),
};

/** SPEC §5: phone 2 differs from phone 1, mail 2 from mail 1. */
const contactRules = (
  value: { phone1: unknown; phone2: unknown; mail1: unknown; mail2: unknown },
  ctx: z.RefinementCtx,
) => {
  differentFrom('phone2', 'phone1', '電話番号2')(value, ctx);
  differentFrom('mail2', 'mail1', 'メールアドレス2')(value, ctx);
};

/** The form on /mypage/user/update. */
export const contactsUpdateFormSchema = z.object(contactFields).superRefine(contactRules);
export type ContactsUpdateForm = z.infer<typeof contactsUpdateFormSchema>;

/** POST /api/mypage/user/contacts/update/: the form plus the three timestamps read with it. */
export const contactsUpdateBodySchema = z
  .object({ ...contactFields, updated_at: timestamp(), updated_at1: timestamp(), updated_at2: timestamp() })
  .superRefine(contactRules);
export type ContactsUpdateInput = z.infer<typeof contactsUpdateBodySchema>;

const passwordFields = {
  current_password: asciiMax(CURRENT_PASSWORD_MAX, { required: true, trim: false }),
  password: asciiPassword({ max: NEW_PASSWORD_MAX }),
  password2: confirmField(),
};

/** The form on /mypage/user/password: current password, new password and its confirmation. */
export const passwordUpdateFormSchema = z
  .object(passwordFields)
  .superRefine(sameAs('password2', 'password', 'パスワード', { exact: true }));
export type PasswordUpdateForm = z.infer<typeof passwordUpdateFormSchema>;

/**
 * POST /api/mypage/user/password/update/ (SPEC §7 field names). login_id and updated_at are sent as the
 * SPEC lists them; the server acts only on the session's student and does not lock on updated_at.
 */
export const passwordUpdateBodySchema = z
  .object({ ...passwordFields, login_id: optionalText(), updated_at: optionalText() })
  .superRefine(sameAs('password2', 'password', 'パスワード', { exact: true }));
