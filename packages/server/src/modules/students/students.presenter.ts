import type { Flag, Student, StudentRow } from '@manabi/shared/api';
import { APPROVAL, codeText } from '@manabi/shared/codes';
import { ageAtFiscalYearEnd } from '@manabi/shared/domain/age';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { ERASED_TEXT } from '@manabi/shared/domain/student';
import type { StudentUnits } from '@manabi/shared/domain/units';
import type { students } from '../../db/schema';
import { addressParts } from '../common/address';

type StudentRecord = typeof students.$inferSelect;

const flag = (v: boolean | null): Flag => (v ? '1' : '0');

/** Who the student is: how the detail and a list row both begin. */
const identity = (s: Pick<StudentRecord, 'id' | 'loginId' | 'generationId' | 'name' | 'nameKana'>) => ({
  user_id: s.id,
  login_id: s.loginId,
  generation_id: s.generationId,
  name: s.name,
  name_kana: s.nameKana,
});

/** The retention rule a record was erased under, in words (decision 072), by how its participation ended. */
const ERASED_RULE: Record<string, string> = {
  [APPROVAL.REJECTED]: '不承認となった登録の保存期間',
  [APPROVAL.MERGED]: '統合した登録の保存期間',
  [APPROVAL.WITHDRAWN]: '退会した方の保存期間',
};

/**
 * The birthday as the screens and files show it: none for an erased record — the generalised value it keeps
 * is the statistics' alone (db/person-data.ts).
 */
const shownBirthday = (s: Pick<StudentRecord, 'birthday' | 'anonymizedAt'>) =>
  s.anonymizedAt ? null : s.birthday;

/**
 * SPEC §3 Student (admin). The password hash never leaves the server. `units` are the student's two figures
 * (repositories/student-units.ts): total_units is the carried part, earned_units (additive) what the
 * programme's courses gave — the my-page's total.
 */
export function presentStudent(s: StudentRecord, units: StudentUnits, today: string = todayTokyo()): Student {
  const birthday = shownBirthday(s);
  return {
    ...identity(s),
    ...addressParts(s),
    birthday,
    birthday_str: s.anonymizedAt ? ERASED_TEXT : formatDateJa(birthday),
    age: birthday ? ageAtFiscalYearEnd(birthday, today) : null,
    gender: s.gender === null ? '' : String(s.gender),
    phone_1: s.phone1,
    mail_1: s.mail1,
    phone_2: s.phone2,
    mail_2: s.mail2,
    emergency_name: s.emergencyName,
    emergency_emereletion: s.emergencyRelation,
    emergency_phone: s.emergencyPhone,
    total_units: s.totalUnits,
    earned_units: units.earned,
    filing_date: s.filingDate,
    filing_date_str: formatDateJa(s.filingDate),
    is_graduation: flag(s.isGraduation),
    is_rejection: flag(s.isRejection),
    is_email: flag(s.isEmail),
    student_type: s.studentType,
    student_type_text: codeText('CD009', s.studentType),
    approval_status: s.approvalStatus,
    approval_status_text: codeText('CD002', s.approvalStatus),
    date_issue_num: s.dateIssue,
    date_issue_num_str: formatDateJa(s.dateIssue),
    remarks: s.remarks,
    is_attendance: flag(s.isAttendance),
    merged_into: s.mergedInto,
    erased_at: s.anonymizedAt?.toISOString() ?? null,
    erased_rule: s.anonymizedAt
      ? `${ERASED_RULE[s.approvalStatus] ?? '受講を終えた方の保存期間'}を過ぎたため消去しました`
      : '',
    contacts_updated_at_1: s.contactsUpdatedAt1.toISOString(),
    contacts_updated_at_2: s.contactsUpdatedAt2.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** A row of the student list (SPEC §2 /admin/student). */
export function presentStudentRow(
  s: Pick<
    StudentRecord,
    | 'id'
    | 'loginId'
    | 'generationId'
    | 'name'
    | 'nameKana'
    | 'streetName1'
    | 'birthday'
    | 'approvalStatus'
    | 'studentType'
    | 'filingDate'
    | 'anonymizedAt'
  >,
): StudentRow {
  return {
    ...identity(s),
    street_name1: s.streetName1,
    birthday: shownBirthday(s),
    approval_status: s.approvalStatus,
    approval_status_text: codeText('CD002', s.approvalStatus),
    student_type: s.studentType,
    student_type_text: codeText('CD009', s.studentType),
    filing_date: s.filingDate,
  };
}
