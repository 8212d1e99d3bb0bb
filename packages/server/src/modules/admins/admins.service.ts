import type { AdminUserPasswordCheck } from '@manabi/shared/api';
import { AUTHORITY, codeText } from '@manabi/shared/codes';
import {
  ADMIN_LOGIN_ID_DIGITS,
  ADMIN_LOGIN_ID_PREFIX,
  ADMIN_USER_MSG,
  type AdminUserAddBodyParsed,
  type AdminUserPasswordBodyParsed,
  type AdminUserUpdateBodyParsed,
} from '@manabi/shared/schemas/admin-user';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, universities } from '../../db/schema';
import { type Actor, audit, changesOf } from '../../platform/audit';
import { hashPassword } from '../../platform/crypto';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { officeFooter } from '../../platform/mail';
import { isUniqueViolation, keyContains, keyOf } from '../../platform/sql';
import { presentAdminUser } from './admins.presenter';

type MailConfig = Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>;

/**
 * GET /api/admin/adminuser/list/?name=: the name contains the text, both keyed as every name search is
 * (decision 036: width and spaces ignored), in registration order. The office has tens of accounts: the key
 * is worked out per row rather than stored and indexed.
 */
export async function listAdminUsers(db: Db, filter: { name?: string }) {
  const rows = await db
    .select()
    .from(adminUsers)
    .where(keyContains(keyOf('name', adminUsers.name), 'name', filter.name ?? '', { indexed: false }))
    .orderBy(asc(adminUsers.id));
  return rows.map(presentAdminUser);
}

async function loadAdmin(db: DbOrTx, id: number) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw notFound();
  return row;
}

/** GET /api/admin/adminuser/detail/?id= (never the password); 404 when missing. */
export async function getAdminUser(db: Db, id: number) {
  return presentAdminUser(await loadAdmin(db, id));
}

interface Refusal {
  name: string;
  msg: string;
}

type CheckedFields = Pick<AdminUserAddBodyParsed, 'authority' | 'university_id' | 'is_rejection'>;

/**
 * The rules the schema cannot know (SPEC §4 "password check"): an admin neither removes their
 * own authority 1 nor refuses their own login (they could not undo it), and an authority-2 admin names a
 * registered university. Add and update run it again inside their transaction.
 */
async function refusalOf(
  db: DbOrTx,
  actor: Actor,
  editedId: number | undefined,
  input: CheckedFields,
): Promise<Refusal | null> {
  if (editedId !== undefined && editedId === actor.id) {
    if (input.authority !== AUTHORITY.FULL) return { name: 'authority', msg: ADMIN_USER_MSG.ownAuthority };
    if (input.is_rejection === '1') return { name: 'is_rejection', msg: ADMIN_USER_MSG.ownRejection };
  }
  if (input.authority === AUTHORITY.UNIVERSITY) {
    const [u] = await db
      .select({ id: universities.id })
      .from(universities)
      .where(eq(universities.id, input.university_id));
    if (!u) return { name: 'university_id', msg: ADMIN_USER_MSG.universityUnknown };
  }
  return null;
}

async function assertAllowed(tx: DbOrTx, actor: Actor, editedId: number | undefined, input: CheckedFields) {
  const refusal = await refusalOf(tx, actor, editedId, input);
  if (refusal) throw invalid(refusal.name, refusal.msg);
}

/**
 * POST /api/admin/adminuser/password/: the check before the confirm step (SPEC §4). The field rules
 * (password 8–12 printable ASCII, confirmations, university_id for authority 2) are the body schema's
 * (422 err_list); this answers the database rules as `{ is_valid, name, msg }`. 404 for a missing admin.
 */
export async function checkAdminUser(
  db: Db,
  actor: Actor,
  input: AdminUserPasswordBodyParsed,
): Promise<AdminUserPasswordCheck> {
  const editedId = input.id ? input.id : undefined;
  if (editedId !== undefined) await loadAdmin(db, editedId);
  const refusal = await refusalOf(db, actor, editedId, input);
  return refusal ? { is_valid: false, ...refusal } : { is_valid: true, name: '', msg: '' };
}

const LOGIN_ID_PATTERN = `^${ADMIN_LOGIN_ID_PREFIX}[0-9]{${ADMIN_LOGIN_ID_DIGITS}}$`;
const LOGIN_ID_MAX = 10 ** ADMIN_LOGIN_ID_DIGITS - 1;

/**
 * The next system login id: 'a' + (the highest 6-digit sequence used + 1), e.g. a000001. Ids of another
 * shape (the demo 'admin', ids made with `npm run admin:create`) are left alone. Call under the lock.
 */
async function nextAdminLoginId(tx: DbOrTx): Promise<string> {
  const [row] = await tx
    .select({ top: max(adminUsers.loginId) })
    .from(adminUsers)
    .where(sql`${adminUsers.loginId} ~ ${LOGIN_ID_PATTERN}`);
  const used = row?.top ? Number(row.top.slice(ADMIN_LOGIN_ID_PREFIX.length)) : 0;
  if (used >= LOGIN_ID_MAX) throw invalid('login_id', ADMIN_USER_MSG.loginIdsExhausted);
  return `${ADMIN_LOGIN_ID_PREFIX}${String(used + 1).padStart(ADMIN_LOGIN_ID_DIGITS, '0')}`;
}

/** Serialises login id assignment across processes (as decision 007 does for student numbers). */
async function lockAdminLoginIds(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'admin_users.login_id'}))`);
}

/** The unique index fired: an id of our shape was written outside the lock (a hand-made row). */
const loginIdTaken = (e: unknown) => isUniqueViolation(e, 'admin_users_login_id_unique');

/** The columns both forms write; an authority-1 admin is tied to no university. */
function adminColumns(input: AdminUserAddBodyParsed | AdminUserUpdateBodyParsed) {
  const authority = Number(input.authority);
  return {
    name: input.name,
    email: input.mail,
    authority,
    universityId: input.authority === AUTHORITY.UNIVERSITY ? input.university_id : null,
    isRejection: input.is_rejection === '1',
    isEmail: input.is_email === '1',
  };
}

/**
 * The registration / change mail (when is_email is set). It tells the login id, the authority and
 * where to log in — never the password, which the registering admin hands over another way.
 */
export function adminAccountMail(
  config: MailConfig,
  admin: {
    name: string;
    loginId: string;
    authority: number;
    universityId: string | null;
    isRejection: boolean;
  },
  kind: 'create' | 'update',
  passwordChanged: boolean,
) {
  const loginUrl = new URL('/admin/login', config.publicUrl).toString();
  const isNew = kind === 'create';
  return {
    subject: isNew ? '【まなび】管理者アカウント登録のお知らせ' : '【まなび】管理者アカウント変更のお知らせ',
    body: [
      `${admin.name} 様`,
      '',
      isNew
        ? 'まなび管理画面の管理者として登録しました。'
        : 'まなび管理画面の管理者アカウントの登録内容を変更しました。',
      isNew ? '次のログインIDと、登録した担当者からお知らせするパスワードでログインできます。' : '',
      '',
      `ログインID：${admin.loginId}`,
      `権限：${codeText('CD001', admin.authority)}`,
      ...(admin.universityId ? [`大学ID：${admin.universityId}`] : []),
      ...(admin.isRejection ? ['ログイン：停止中（ログインできません）'] : []),
      ...(isNew ? [] : [`パスワード：${passwordChanged ? '変更しました' : '変更していません'}`]),
      `ログイン画面：${loginUrl}`,
      '',
      'パスワードはこのメールには書いていません。',
      ...officeFooter(config, '心当たりのない場合は、事務局までお問い合わせください。'),
    ]
      .filter((line, i, lines) => line !== '' || lines[i - 1] !== '')
      .join('\n'),
  };
}

/** What the audit log keeps of an admin write: who and what changed in kind, never the mail or password. */
const auditDetail = (
  row: { id: number; loginId: string; authority: number; isRejection: boolean },
  extra: Record<string, unknown>,
) => ({
  id: row.id,
  login_id: row.loginId,
  authority: row.authority,
  is_rejection: row.isRejection,
  ...extra,
});

/**
 * The audit entry of an admin write, with the account mail beside it when is_email is set; the write's
 * answer.
 */
async function logged(
  tx: DbOrTx,
  config: MailConfig,
  actor: Actor,
  kind: 'create' | 'update',
  row: typeof adminUsers.$inferSelect,
  passwordChanged: boolean,
  before?: typeof adminUsers.$inferSelect,
) {
  const changed = kind === 'update' ? { password_changed: passwordChanged } : {};
  // an update's values before → after; the account's mail address named only
  const diff = before
    ? changesOf(before, row, {
        shown: ['name', 'authority', 'universityId', 'isRejection', 'isEmail'],
        withheld: ['email'],
      })
    : {};
  await audit(tx, {
    actor,
    action: kind,
    entity: 'admin_user',
    entityId: row.id,
    detail: auditDetail(row, { ...changed, mail_queued: row.isEmail, ...diff }),
    mail: row.isEmail ? { to: row.email, ...adminAccountMail(config, row, kind, passwordChanged) } : null,
  });
  return { result: true as const, id: row.id, login_id: row.loginId };
}

/**
 * POST /api/admin/adminuser/add/: a new admin with a system login id ('a' + 6 digits, taken under an
 * advisory lock so two adds never pick the same one), the password hashed, and — when is_email is set —
 * the registration mail queued in the same transaction. Answers the assigned login id.
 */
export async function addAdminUser(db: Db, config: MailConfig, actor: Actor, input: AdminUserAddBodyParsed) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assertAllowed(tx, actor, undefined, input);
      await lockAdminLoginIds(tx);
      const loginId = await nextAdminLoginId(tx);
      const [row] = await tx
        .insert(adminUsers)
        .values({ ...adminColumns(input), loginId, passwordHash })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return logged(tx, config, actor, 'create', row, true);
    });
  } catch (e) {
    if (loginIdTaken(e)) throw stale();
    throw e;
  }
}

/**
 * POST /api/admin/adminuser/update/: 404 when missing, 409 when stale, 422 when an admin would remove
 * their own authority or refuse their own login, or names an unknown university. The password changes
 * only when one is given; the change mail is queued when is_email is set.
 */
export async function updateAdminUser(
  db: Db,
  config: MailConfig,
  actor: Actor,
  input: AdminUserUpdateBodyParsed,
) {
  const passwordHash = input.password === '' ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const before = await loadAdmin(tx, input.id);
    const seen = seenAt(input.updated_at);
    await assertAllowed(tx, actor, input.id, input);
    const [row] = await tx
      .update(adminUsers)
      .set({ ...adminColumns(input), ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(and(eq(adminUsers.id, input.id), eq(adminUsers.updatedAt, seen)))
      .returning();
    if (!row) throw stale();
    return logged(tx, config, actor, 'update', row, passwordHash !== undefined, before);
  });
}
