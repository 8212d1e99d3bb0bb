import type { AddressRequestList, AdminAddressRequest, MypageAddress } from '@manabi/shared/api';
import {
  ADDRESS_CHANGE_MSG,
  ADDRESS_REQUEST_PAGE_SIZE,
  ADDRESS_REQUEST_STATUS,
  type AddressDecisionBody,
  type AddressFields,
  type AddressRequestBody,
} from '@manabi/shared/schemas/address-change';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { addressChangeRequests, students } from '../../db/schema';
import { type Actor, audit, onOwnRecord } from '../../platform/audit';
import { AppError, invalid, notFound, seenAt, stale } from '../../platform/errors';
import { addPersonalNotice, enqueueMail } from '../../platform/outbox';
import { isUniqueViolation } from '../../platform/sql';
import { addressColumns, addressLine, addressParts } from '../common/address';
import { presentRequest } from './address-changes.presenter';

const pending = eq(addressChangeRequests.status, ADDRESS_REQUEST_STATUS.PENDING);

const SAME_ADDRESS_MSG = '今の住所と同じです。新しい住所を入力してください。';

/** The student row, locked: a request and its approval both lock the student first, then the request. */
async function lockStudent(tx: DbOrTx, studentId: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, studentId)).for('update');
  if (!s) throw notFound();
  return s;
}

/**
 * GET /api/mypage/user/address/: the address the record holds (the form starts from it), the student's
 * latest request whatever its state (pending, or the last approved or returned one with its reason), and
 * the office's phone for what the form cannot do.
 */
export async function getMypageAddress(
  db: Db,
  config: Pick<Config, 'officePhone'>,
  studentId: number,
): Promise<MypageAddress> {
  const [s] = await db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound();
  const [latest] = await db
    .select()
    .from(addressChangeRequests)
    .where(eq(addressChangeRequests.studentId, studentId))
    .orderBy(desc(addressChangeRequests.id))
    .limit(1);
  return {
    current: addressParts(s),
    request: latest ? presentRequest(latest) : null,
    office_phone: config.officePhone,
  };
}

/** The mail to the office: a request waits on the student's page. */
export function addressRequestOfficeMail(
  config: Pick<Config, 'publicUrl'>,
  student: { id: number; loginId: string | null; name: string },
  input: AddressFields,
  replaced: boolean,
) {
  const url = new URL(`/admin/student/detail/${student.id}`, config.publicUrl).toString();
  return {
    subject: '【まなび】住所変更の届出があります',
    body: [
      replaced
        ? '確認待ちだった住所変更の届出が、学生によって出し直されました。学生詳細から確認してください。'
        : '住所変更の届出がありました。学生詳細から確認し、承認または返却してください。',
      url,
      '',
      // the name and the address stay behind the link: a mail is kept in the outbox and the office's mailbox,
      // out of reach of the record's erasure (decision 081)
      `学生番号：${student.loginId ?? ''}`,
    ].join('\n'),
  };
}

/**
 * POST /api/mypage/user/address/request/: the session's student gives a new address. One pending request
 * per student: a new one replaces the pending one in place, but only when the student's screen showed
 * that one (`updated_at` its stamp); a request decided or replaced meanwhile is 409. The office is mailed;
 * one transaction.
 */
export async function requestAddressChange(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'officeMail'>,
  studentId: number,
  input: AddressRequestBody,
) {
  try {
    return await db.transaction(async (tx) => {
      const student = await lockStudent(tx, studentId);
      if (
        addressLine(student) === addressLine(addressColumns(input)) &&
        student.postcode === input.postcode
      ) {
        throw invalid('street_name1', SAME_ADDRESS_MSG);
      }
      const [open] = await tx
        .select()
        .from(addressChangeRequests)
        .where(and(eq(addressChangeRequests.studentId, studentId), pending))
        .for('update');
      const now = new Date();
      let requestId: number;
      if (open) {
        if (input.updated_at === '' || seenAt(input.updated_at).getTime() !== open.updatedAt.getTime()) {
          throw stale();
        }
        await tx
          .update(addressChangeRequests)
          .set({ ...addressColumns(input), updatedAt: now })
          .where(eq(addressChangeRequests.id, open.id));
        requestId = open.id;
      } else {
        // the screen showed a pending request that has since been decided: the student must see that first
        if (input.updated_at !== '') throw stale();
        const [row] = await tx
          .insert(addressChangeRequests)
          .values({ studentId, ...addressColumns(input), createdAt: now, updatedAt: now })
          .returning({ id: addressChangeRequests.id });
        if (!row) throw new Error('insert returned nothing');
        requestId = row.id;
      }
      await enqueueMail(tx, {
        to: config.officeMail,
        ...addressRequestOfficeMail(config, student, input, open !== undefined),
      });
      await audit(tx, {
        ...onOwnRecord(studentId),
        action: 'address_request',
        detail: {
          id: studentId,
          login_id: student.loginId,
          request_id: requestId,
          replaced: open !== undefined,
        },
      });
      return { result: true as const };
    });
  } catch (e) {
    // two tabs sending a first request at once: the pending index lets one in
    if (isUniqueViolation(e, 'address_change_requests_pending_uq')) throw stale();
    throw e;
  }
}

/** GET /api/admin/student/address/?user_id=: the student's pending request, or null. */
export async function getPendingRequest(db: Db, userId: number): Promise<AdminAddressRequest> {
  const [row] = await db
    .select()
    .from(addressChangeRequests)
    .where(and(eq(addressChangeRequests.studentId, userId), pending));
  return { request: row ? presentRequest(row) : null };
}

/** GET /api/admin/student/address/list/?page=: the pending requests, oldest first (the partial index). */
export async function listPendingRequests(db: Db, page: number): Promise<AddressRequestList> {
  const size = ADDRESS_REQUEST_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: addressChangeRequests,
        loginId: students.loginId,
        name: students.name,
      })
      .from(addressChangeRequests)
      .innerJoin(students, eq(students.id, addressChangeRequests.studentId))
      .where(pending)
      .orderBy(asc(addressChangeRequests.createdAt), asc(addressChangeRequests.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(addressChangeRequests).where(pending),
  ]);
  return {
    data_list: rows.map((r) => ({
      request_id: r.request.id,
      user_id: r.request.studentId,
      login_id: r.loginId,
      name: r.name,
      address_text: addressLine(r.request),
      requested_at: r.request.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    size,
  };
}

/** The my-page notice of the decision (published to this student alone, made once per decision). */
function decisionNotice(
  requestId: number,
  studentId: number,
  decision: AddressDecisionBody['decision'],
  newAddress: string,
  reason: string,
  now: Date,
) {
  const approved = decision === ADDRESS_REQUEST_STATUS.APPROVED;
  return {
    title: approved ? '住所変更の届出を承認しました' : '住所変更の届出が返却されました',
    content: approved
      ? `届け出のあった住所に変更しました。\n新しい住所：${newAddress}`
      : `事務局から住所変更の届出が返却されました。\n理由：${reason}\n内容を直して、利用者情報の「住所変更の届出」からもう一度届け出てください。`,
    periodFrom: now,
    studentId,
    sourceKey: `address:${requestId}:${decision}`,
  };
}

/**
 * POST /api/admin/student/address/decide/: approve (the student record takes the address) or return
 * (with the reason) a pending request. Both stamps are checked — the request's, and on approval the
 * student's — and any difference is 409 with nothing written; the decision is audited and the student gets
 * a my-page notice, in one transaction.
 */
export async function decideAddressRequest(db: Db, actor: Actor, input: AddressDecisionBody) {
  const seenRequest = seenAt(input.updated_at);
  const seenStudent = seenAt(input.student_updated_at);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ studentId: addressChangeRequests.studentId })
      .from(addressChangeRequests)
      .where(eq(addressChangeRequests.id, input.request_id));
    if (!target) throw notFound();
    const student = await lockStudent(tx, target.studentId);
    const now = new Date();
    const isApproval = input.decision === ADDRESS_REQUEST_STATUS.APPROVED;
    const [request] = await tx
      .update(addressChangeRequests)
      .set({
        status: input.decision,
        returnReason: isApproval ? '' : input.return_reason,
        decidedBy: actor.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(addressChangeRequests.id, input.request_id),
          pending,
          eq(addressChangeRequests.updatedAt, seenRequest),
        ),
      )
      .returning();
    if (!request) {
      const [current] = await tx
        .select({ status: addressChangeRequests.status })
        .from(addressChangeRequests)
        .where(eq(addressChangeRequests.id, input.request_id));
      throw current?.status === ADDRESS_REQUEST_STATUS.PENDING
        ? stale()
        : new AppError('CONFLICT', ADDRESS_CHANGE_MSG.notPending);
    }
    if (isApproval) {
      if (student.updatedAt.getTime() !== seenStudent.getTime()) throw stale();
      await tx
        .update(students)
        .set({
          postcode: request.postcode,
          pref: request.pref,
          streetName1: request.streetName1,
          streetName2: request.streetName2,
          address: request.address,
          streetName3: request.streetName3,
          updatedAt: now,
        })
        .where(eq(students.id, student.id));
    }
    await addPersonalNotice(
      tx,
      decisionNotice(request.id, student.id, input.decision, addressLine(request), input.return_reason, now),
    );
    await audit(tx, {
      actor,
      action: isApproval ? 'address_approve' : 'address_return',
      entity: 'student',
      entityId: student.id,
      detail: {
        id: student.id,
        login_id: student.loginId,
        request_id: request.id,
      },
    });
    return { result: true as const };
  });
}
