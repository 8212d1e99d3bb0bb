import type { MypageUser, ValidResult } from '@manabi/shared/api';
import { mailUndeliverable } from '@manabi/shared/domain/student';
import {
  type ContactsUpdateInput,
  MYPAGE_USER_MSG,
  type PasswordUpdateForm,
} from '@manabi/shared/schemas/mypage-user';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
import { audit, onOwnRecord } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { checkPasswordThrottled } from '../../platform/login-throttle';
import { BOUNCE_CLEARED } from '../../platform/mail';
import { destroyUserSessions } from '../../platform/sessions';
import { addressLine } from '../common/address';

/** GET /api/mypage/user/: the session's student only (SPEC §3 My-page user); never the password. */
export async function getUser(db: Db, studentId: number): Promise<MypageUser> {
  const [s] = await db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound();
  return {
    login_id: s.loginId ?? '',
    name: s.name,
    name_kana: s.nameKana,
    birthday: s.birthday,
    phone1: s.phone1,
    mail1: s.mail1,
    phone2: s.phone2,
    mail2: s.mail2,
    contact_updated_at1: s.contactsUpdatedAt1.toISOString(),
    contact_updated_at2: s.contactsUpdatedAt2.toISOString(),
    app_user_updated_at: s.updatedAt.toISOString(),
    postcode: s.postcode,
    address: addressLine(s),
    emergency_name: s.emergencyName,
    emergency_emereletion: s.emergencyRelation,
    emergency_phone: s.emergencyPhone,
    mail_undeliverable: mailUndeliverable(s),
  };
}

/**
 * POST /api/mypage/user/contacts/update/: phone and mail 1 and 2 of the session's student, one
 * transaction. 409 (nothing written) when any of updated_at, updated_at1, updated_at2 differs from the
 * row; contacts_updated_at1 / 2 move only for the group (1: phone1, mail1; 2: phone2, mail2) that changed.
 * A refused address's mark (「メールが届きません」) ends with any save: the student has looked at the address
 * and says it is right, so the next mail tries it again (a new refusal marks it again).
 */
export async function updateContacts(db: Db, studentId: number, input: ContactsUpdateInput) {
  const seen = seenAt(input.updated_at);
  const seen1 = seenAt(input.updated_at1);
  const seen2 = seenAt(input.updated_at2);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(students)
      .where(
        and(
          eq(students.id, studentId),
          eq(students.updatedAt, seen),
          eq(students.contactsUpdatedAt1, seen1),
          eq(students.contactsUpdatedAt2, seen2),
        ),
      )
      .for('update');
    if (!current) throw stale();
    const now = new Date();
    const changed1 = current.phone1 !== input.phone1 || current.mail1 !== input.mail1;
    const changed2 = current.phone2 !== input.phone2 || current.mail2 !== input.mail2;
    await tx
      .update(students)
      .set({
        phone1: input.phone1,
        mail1: input.mail1,
        phone2: input.phone2,
        mail2: input.mail2,
        ...(changed1 ? { contactsUpdatedAt1: now } : {}),
        ...(changed2 ? { contactsUpdatedAt2: now } : {}),
        ...BOUNCE_CLEARED,
        updatedAt: now,
      })
      .where(eq(students.id, studentId));
    await audit(tx, {
      ...onOwnRecord(studentId),
      action: 'update_contacts',
      detail: {
        id: studentId,
        login_id: current.loginId,
        group1: changed1,
        group2: changed2,
        ...(current.mailBouncedAddress !== '' ? { mail_bounce_cleared: true } : {}),
      },
    });
    return { result: true as const };
  });
}

/**
 * POST /api/mypage/user/password/update/: a wrong current password is 422 on current_password; else the
 * new password is hashed and saved, every other session of the student ends (the one making the change
 * stays logged in) and the change is audited — one transaction.
 */
export async function updatePassword(
  db: Db,
  cfg: Config,
  student: { id: number; sessionHash: string },
  input: PasswordUpdateForm,
): Promise<ValidResult> {
  const [row] = await db
    .select({ passwordHash: students.passwordHash, loginId: students.loginId })
    .from(students)
    .where(eq(students.id, student.id));
  if (!row?.loginId) throw notFound();
  // the login's per-account lock: a session must not become a way to guess the password unthrottled
  const ok = await checkPasswordThrottled(db, cfg, 'student', row.loginId, () =>
    verifyPassword(row.passwordHash, input.current_password),
  );
  if (!ok) throw invalid('current_password', MYPAGE_USER_MSG.wrongPassword);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.update(students).set({ passwordHash, updatedAt: new Date() }).where(eq(students.id, student.id));
    await destroyUserSessions(tx, 'student', student.id, student.sessionHash);
    await audit(tx, {
      ...onOwnRecord(student.id),
      action: 'password_change',
      detail: {
        id: student.id,
        login_id: row.loginId,
      },
    });
    return { is_valid: true, err_list: [] };
  });
}
