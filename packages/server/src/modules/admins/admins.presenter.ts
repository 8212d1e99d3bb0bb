import type { AdminUserRow } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import type { adminUsers } from '../../db/schema';

type AdminRecord = typeof adminUsers.$inferSelect;

/** SPEC §3 Admin user, the email as `mail`. The password hash never leaves the server. */
export function presentAdminUser(a: AdminRecord): AdminUserRow {
  return {
    id: a.id,
    login_id: a.loginId,
    name: a.name,
    mail: a.email,
    authority: String(a.authority),
    authority_text: codeText('CD001', a.authority),
    university_id: a.universityId ?? '',
    is_rejection: a.isRejection ? '1' : '0',
    is_email: a.isEmail ? '1' : '0',
    updated_at: a.updatedAt.toISOString(),
  };
}
