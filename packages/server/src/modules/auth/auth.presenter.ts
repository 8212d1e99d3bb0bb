import type { SessionUser } from '@manabi/shared/api';
import { studentCardExpiry } from '@manabi/shared/domain/student-card';
import type { adminUsers, students } from '../../db/schema';

type AdminRow = typeof adminUsers.$inferSelect;
type StudentRow = typeof students.$inferSelect;

export function adminSessionUser(row: AdminRow): SessionUser {
  return {
    name: row.name,
    login_id: row.loginId,
    birthday: null,
    date_issue_num: null,
    expiration_date: null,
    authority: row.authority === 1 ? 1 : 2,
    university_id: row.universityId,
    is_admin: true,
  };
}

export function studentSessionUser(row: StudentRow): SessionUser {
  return {
    name: row.name,
    login_id: row.loginId ?? '',
    birthday: row.birthday,
    date_issue_num: row.dateIssue,
    expiration_date: studentCardExpiry(row.dateIssue),
    authority: null,
    university_id: null,
    is_admin: false,
  };
}
