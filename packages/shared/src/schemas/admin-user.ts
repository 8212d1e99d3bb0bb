/**
 * Admin users (SPEC §3 Admin user, §4 "Admin user update", §5 "Admin user", §7 "Admin users"). One schema
 * per payload, used by the screens and the server alike. The email travels as `mail` (SPEC §3).
 */
import { z } from 'zod';
import { AUTHORITY } from '../codes';
import { MSG } from '../validation/messages';
import {
  asciiMax,
  asciiPassword,
  codeOf,
  confirmField,
  mailAddress,
  recordId,
  sameAs,
  text,
  timestamp,
} from '../validation/rules';

export const ADMIN_NAME_MAX = 30;
export const ADMIN_MAIL_MAX = 100;
export const UNIVERSITY_ID_MAX = 30;
/** SPEC §5 gives no maximum for this search; the other name searches use 100. */
export const ADMIN_SEARCH_NAME_MAX = 100;
/** Login ids are assigned by the system: 'a' + a 6-digit sequence (SPEC §9: admin login id ≤ 10). */
export const ADMIN_LOGIN_ID_PREFIX = 'a';
export const ADMIN_LOGIN_ID_DIGITS = 6;

export const ADMIN_USER_MSG = {
  universityRequired: '権限が「大学担当」のときは大学IDを入力してください',
  universityUnknown: 'この大学IDは登録されていません',
  ownAuthority: 'ご自身の権限は変更できません',
  ownRejection: 'ご自身のログインは停止できません',
  loginIdsExhausted: 'ログインIDを割り当てられません。システム管理者にお問い合わせください',
} as const;

/** Login refusal and mail choices (SPEC §3 is_rejection, is_email). */
export const ADMIN_FLAG_OPTIONS = {
  is_rejection: [
    { value: '0', label: 'ログインできる' },
    { value: '1', label: 'ログインを停止する' },
  ],
  is_email: [
    { value: '1', label: '送信する' },
    { value: '0', label: '送信しない' },
  ],
} as const;

const flag = (defaultValue: '0' | '1') =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidChoice })
    .prefault(defaultValue)
    .transform((v): '0' | '1' => (v === '' ? defaultValue : v));

/** SPEC §5 Admin user: the fields every admin form holds (the password is added per mode). */
const adminUserFieldsSchema = z.object({
  name: text({ required: true, max: ADMIN_NAME_MAX }),
  mail: mailAddress({ max: ADMIN_MAIL_MAX }),
  mail2: confirmField(),
  authority: codeOf('CD001'),
  university_id: asciiMax(UNIVERSITY_ID_MAX),
  is_rejection: flag('0'),
  is_email: flag('1'),
});

type RuleValue = {
  mail: unknown;
  mail2: unknown;
  password: unknown;
  password2: unknown;
  authority: unknown;
  university_id: unknown;
};

/**
 * SPEC §5: the confirmations match; university_id is "optional" in §5 but an authority-2 admin is tied
 * to a university (§1, §6), so it is required for authority 2 (whether it exists is the server's check).
 */
function adminUserRules(value: RuleValue, ctx: z.RefinementCtx): void {
  sameAs('mail2', 'mail', 'メールアドレス')(value, ctx);
  sameAs('password2', 'password', 'パスワード', { exact: true })(value, ctx);
  if (value.authority === AUTHORITY.UNIVERSITY && value.university_id === '') {
    ctx.addIssue({
      code: 'custom',
      message: ADMIN_USER_MSG.universityRequired,
      path: ['university_id'],
      input: '',
    });
  }
}

/** /admin/admin/register/new/0: the password is required. */
export const adminUserNewFormSchema = adminUserFieldsSchema
  .extend({ password: asciiPassword(), password2: confirmField() })
  .superRefine(adminUserRules);
export type AdminUserNewForm = z.output<typeof adminUserNewFormSchema>;

/** /admin/admin/register/update/{id}: the password only when it is changed. */
export const adminUserUpdateFormSchema = adminUserFieldsSchema
  .extend({ password: asciiPassword({ required: false }), password2: confirmField() })
  .superRefine(adminUserRules);
export type AdminUserUpdateForm = z.output<typeof adminUserUpdateFormSchema>;

/** POST /api/admin/adminuser/add/ */
export const adminUserAddBodySchema = adminUserNewFormSchema;
export type AdminUserAddBodyParsed = z.output<typeof adminUserAddBodySchema>;

/** POST /api/admin/adminuser/update/ */
export const adminUserUpdateBodySchema = adminUserFieldsSchema
  .extend({
    password: asciiPassword({ required: false }),
    password2: confirmField(),
    id: recordId(),
    updated_at: timestamp(),
  })
  .superRefine(adminUserRules);
export type AdminUserUpdateBodyParsed = z.output<typeof adminUserUpdateBodySchema>;

/**
 * POST /api/admin/adminuser/password/: the form's fields and id (absent, '' or 0 for a new admin). The
 * password is required when there is no id, as on add.
 */
export const adminUserPasswordBodySchema = adminUserFieldsSchema
  .extend({
    password: asciiPassword({ required: false }),
    password2: confirmField(),
    id: z.union([recordId(), z.literal(''), z.literal(0)]).optional(),
  })
  .superRefine(adminUserRules)
  .superRefine((value, ctx) => {
    if (!value.id && value.password === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required, path: ['password'], input: '' });
    }
  });
export type AdminUserPasswordBodyParsed = z.output<typeof adminUserPasswordBodySchema>;

/** GET /api/admin/adminuser/list/?name= (contains) */
export const adminUserListQuerySchema = z.object({
  name: text({ max: ADMIN_SEARCH_NAME_MAX }),
});
export type AdminUserSearch = z.output<typeof adminUserListQuerySchema>;

/** GET /api/admin/adminuser/detail/?id= */
export const adminUserDetailQuerySchema = z.object({ id: recordId() });
