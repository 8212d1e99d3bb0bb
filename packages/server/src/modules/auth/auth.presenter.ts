import type { SessionUser } from '@manabi/shared/api';
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

/**
 * The student ID card is valid to the end of the second fiscal year (31 March) after its issue —
 * the programme's two-year course (the spec shows an expiry date but not its rule).
 */
export function studentCardExpiry(issue: string | null): string | null {
  if (!issue) return null;
  const [y, m] = issue.split('-').map(Number) as [number, number];
  const fiscalYear = m >= 4 ? y : y - 1;
  return `${fiscalYear + 2}-03-31`;
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
