import type { MergePreview } from '@manabi/shared/schemas/student-merge';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_DATA, type PersonTable } from '../db/person-data';
import {
  addressChangeRequests,
  calendarFeeds,
  duplicatePairs,
  inquiries,
  mailOutbox,
  noticeLetters,
  noticeMails,
  noticeReads,
  payments,
  studentCalls,
  students,
} from '../db/schema';
import { audit } from '../platform/audit';
import { rowsOf } from '../platform/sql';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../test/factories';
import { eraseRecords } from './person-data';

/**
 * The acts the registry of a person's data drives (decision 081), seen from outside: a merge moves a paid
 * seat with its payments and the kept record's receipts add up; the undo puts every registered row back as
 * it was; the disclosure holds the payments; and erasure leaves the person's values nowhere in the database.
 */
const PREVIEW = '/api/admin/student/merge/preview/';
const MERGE = '/api/admin/student/merge/';
const UNDO = '/api/admin/student/merge/undo/';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

let serial = 0;
const loginId = () => `2790${String(++serial).padStart(4, '0')}`;

async function merge(keep: number, other: number) {
  const p = (
    await get(t.app, `${PREVIEW}?keep_id=${keep}&other_id=${other}`, cast.admin)
  ).json() as MergePreview;
  const res = await post(
    t.app,
    MERGE,
    {
      keep_id: keep,
      other_id: other,
      keep_updated_at: p.keep.updated_at,
      other_updated_at: p.other.updated_at,
      fields: {},
    },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

/** A won seat that owes 3,000円, and a payment of `paid` on it. */
async function paidSeat(studentId: number, paid: number) {
  const course = await makeCourse(t.db, { tuitionFee: 3000 });
  const a = await makeApplication(t.db, {
    courseId: course.id,
    studentId,
    lotteryStatus: '2',
    amountDue: 3000,
  });
  const res = await post(
    t.app,
    '/api/admin/payment/add/',
    {
      application_id: a.id,
      amount: paid,
      paid_on: '2026-11-20',
      method: 'counter',
      receipt_no: '',
      note: '',
    },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { course, a };
}

/** Every registered row about the students, as text, but for what an act stamps (updated_at). */
async function registered(ids: number[], only: (e: PersonTable) => boolean = () => true) {
  const out: Record<string, string[]> = {};
  for (const [table, entry] of Object.entries(PERSON_DATA) as [string, PersonTable][]) {
    if (!only(entry)) continue;
    const cols = table === 'students' ? ['id'] : entry.person;
    const where = sql.join(
      cols.map((c) => sql`${sql.identifier(c)} = any(${sql.param(ids)}::int[])`),
      sql` or `,
    );
    const rows = await rowsOf<{ r: unknown }>(
      t.db,
      sql`select to_jsonb(x) - 'updated_at' as r from ${sql.identifier(table)} x where ${where}`,
    );
    out[table] = rows.map((r) => JSON.stringify(r.r)).sort();
  }
  return out;
}

describe('a merge of a student who has paid', () => {
  it('moves the payments with the seat, the kept record’s receipts add up, and the undo puts them back', async () => {
    const keep = await makeStudent(t.db, { loginId: loginId() });
    const other = await makeStudent(t.db, { loginId: loginId() });
    const { a } = await paidSeat(other.id, 3000);
    const id = await merge(keep.id, other.id);

    const [p] = await t.db.select().from(payments).where(eq(payments.applicationId, a.id));
    expect(p?.studentId).toBe(keep.id);
    const login = await loginAsStudent(t.app, keep.loginId as string);
    const receipts = await get(t.app, '/api/mypage/receipts/', login);
    expect(receipts.statusCode, receipts.body).toBe(200);
    expect(JSON.stringify(receipts.json())).toContain(p?.receiptNo as string);

    // the disclosure of the kept record names the payment
    const disclosed = await get(t.app, `/api/admin/student/disclosure/?user_id=${keep.id}`, cast.admin);
    expect(disclosed.statusCode, disclosed.body).toBe(200);
    expect(disclosed.json().payments.rows).toMatchObject([{ amount: 3000, receipt_no: p?.receiptNo }]);

    const undo = await post(t.app, UNDO, { id }, cast.admin);
    expect(undo.statusCode, undo.body).toBe(200);
    const [back] = await t.db.select().from(payments).where(eq(payments.applicationId, a.id));
    expect(back?.studentId).toBe(other.id);
  });
});

describe('merge and undo, over any two records', () => {
  it('puts every registered row of both back as it was (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seats: fc.tuple(fc.nat(2), fc.nat(2)),
          paid: fc.constantFrom(0, 1000, 3000),
          calls: fc.tuple(fc.nat(2), fc.nat(2)),
          reads: fc.subarray([0, 1, 2, 3]),
          keptReads: fc.subarray([0, 1, 2, 3]),
          feeds: fc.tuple(fc.boolean(), fc.boolean()),
          request: fc.constantFrom<'none' | 'keep' | 'other'>('none', 'keep', 'other'),
        }),
        async (g) => {
          const keep = await makeStudent(t.db, { loginId: loginId() });
          const other = await makeStudent(t.db, { loginId: loginId() });
          const people = [keep, other] as const;
          for (const [i, s] of people.entries()) {
            for (let n = 0; n < (g.seats[i] ?? 0); n++) await paidSeat(s.id, g.paid || 3000);
            for (let n = 0; n < (g.calls[i] ?? 0); n++)
              await t.db.insert(studentCalls).values({ studentId: s.id, outcome: '1', note: `通話${n}` });
            if (g.feeds[i])
              await t.db
                .insert(calendarFeeds)
                .values({ studentId: s.id, tokenHash: `${s.id}`.padEnd(64, 'f') });
          }
          const shared = await Promise.all([0, 1, 2, 3].map(() => makeNotice(t.db)));
          for (const n of g.reads)
            await t.db.insert(noticeReads).values({ studentId: other.id, noticeId: shared[n]!.id });
          for (const n of g.keptReads)
            await t.db.insert(noticeReads).values({ studentId: keep.id, noticeId: shared[n]!.id });
          if (g.request !== 'none')
            await t.db.insert(addressChangeRequests).values({
              studentId: (g.request === 'keep' ? keep : other).id,
              postcode: '1000001',
              pref: '東京都',
              streetName1: '千代田区',
            });
          const kept = (e: PersonTable) => typeof e.merge !== 'object' || !('end' in e.merge);
          const before = await registered([keep.id, other.id], kept);
          const id = await merge(keep.id, other.id);
          const undo = await post(t.app, UNDO, { id }, cast.admin);
          expect(undo.statusCode, undo.body).toBe(200);
          const after = await registered([keep.id, other.id], kept);
          // the merge's own record and the log gain the acts; everything else is as it was
          for (const table of ['student_merges', 'audit_log', 'audit_personal']) {
            delete before[table];
            delete after[table];
          }
          expect(after).toEqual(before);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the disclosure', () => {
  it('holds every registered kind of row the person has, under the section the registry names', async () => {
    const s = await makeStudent(t.db, { loginId: loginId() });
    const twin = await makeStudent(t.db, { loginId: loginId() });
    await paidSeat(s.id, 3000);
    const n = await makeNotice(t.db, { studentId: s.id });
    await t.db.insert(noticeReads).values({ studentId: s.id, noticeId: n.id });
    await t.db.insert(noticeMails).values({ studentId: s.id, noticeId: n.id });
    await t.db.insert(noticeLetters).values({ studentId: s.id, noticeId: n.id });
    await t.db.insert(studentCalls).values({ studentId: s.id, outcome: '1', note: '留守' });
    await t.db
      .insert(addressChangeRequests)
      .values({ studentId: s.id, postcode: '1000001', pref: '東京都', streetName1: '千代田区' });
    await t.db.insert(inquiries).values({ studentId: s.id, name: '問合 太郎', detail: '質問', content: 1 });
    await t.db
      .insert(mailOutbox)
      .values({ studentId: s.id, to: 'a@example.jp', subject: '件名', body: '本文' });
    await t.db.insert(calendarFeeds).values({ studentId: s.id, tokenHash: 'c'.repeat(64) });
    await t.db
      .insert(duplicatePairs)
      .values({ studentA: s.id, studentB: twin.id, score: 80, reasons: ['name'], scan: 1 });
    await audit(t.db, {
      actor: { kind: 'admin', id: null },
      action: 'update',
      entity: 'student',
      entityId: s.id,
      detail: { note: '記録' },
    });
    const res = await get(t.app, `/api/admin/student/disclosure/?user_id=${s.id}`, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as Record<
      string,
      { rows?: unknown[]; items?: unknown[]; feed?: { exists: boolean } }
    >;
    const held = async (table: string, entry: PersonTable) => {
      const cols = table === 'students' ? ['id'] : entry.person;
      const where = sql.join(
        cols.map((c) => sql`${sql.identifier(c)} = ${s.id}`),
        sql` or `,
      );
      const [r] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
      );
      return r?.n ?? 0;
    };
    const missing: string[] = [];
    for (const [table, entry] of Object.entries(PERSON_DATA) as [string, PersonTable][]) {
      if (!('section' in entry.disclosure) || (await held(table, entry)) === 0) continue;
      const section = doc[entry.disclosure.section];
      const shown = section?.rows?.length ?? section?.items?.length ?? (section?.feed?.exists ? 1 : 0);
      if (shown === 0) missing.push(`${table} → ${entry.disclosure.section}`);
    }
    expect(missing).toEqual([]);
    // the office's note is shown as written, read back from where the log keeps it
    expect(JSON.stringify(doc.audit)).toContain('記録');
  });
});

describe('erasure', () => {
  it('leaves the person’s values nowhere in the database, the audit log included, and keeps the counts', async () => {
    const marker = '消去確認花子';
    const s = await makeStudent(t.db, {
      loginId: loginId(),
      name: marker,
      phone1: '090-9999-0000',
      remarks: `${marker}の備考`,
      approvalStatus: '4',
    });
    const { a, course } = await paidSeat(s.id, 3000);
    await t.db
      .update(payments)
      .set({ note: `${marker}より`, payerName: marker })
      .where(eq(payments.applicationId, a.id));
    await t.db.insert(studentCalls).values({ studentId: s.id, outcome: '1', note: `${marker}さんと話した` });
    await t.db
      .insert(inquiries)
      .values({ studentId: s.id, name: marker, detail: `${marker}です`, content: 1 });
    await makeNotice(t.db, { studentId: s.id, content: `${marker}様` });
    await t.db
      .insert(addressChangeRequests)
      .values({ studentId: s.id, postcode: '1000001', pref: '東京都', streetName1: marker });
    // an office note about the person, as the log receives one: kept by reference, never in the entry itself
    await audit(t.db, {
      actor: { kind: 'admin', id: null },
      action: 'update',
      entity: 'course_application',
      entityId: a.id,
      studentId: s.id,
      courseId: course.id,
      detail: { changes: { remarks: ['', `${marker}の件`] }, note: `${marker}へ電話` },
    });
    const holding = async () => {
      const tables = await rowsOf<{ t: string }>(
        t.db,
        sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const found: string[] = [];
      for (const { t: table } of tables) {
        const [r] = await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from ${sql.identifier(table)} x where x::text like ${`%${marker}%`}`,
        );
        if ((r?.n ?? 0) > 0) found.push(table);
      }
      return found.sort();
    };
    expect(await holding()).toEqual([
      'address_change_requests',
      'audit_personal',
      'inquiries',
      'notices',
      'payments',
      'student_calls',
      'students',
    ]);
    const [entry] = await rowsOf<{ detail: string }>(
      t.db,
      sql`select detail::text as detail from audit_log where student_id = ${s.id} and action = 'update'`,
    );
    expect(entry?.detail).not.toContain(marker);

    await t.db.transaction((tx) => eraseRecords(tx, [s.id], new Date()));
    expect(await holding()).toEqual([]);
    // what the books and the statistics count stays: the payment's amount, the seat
    const [p] = await t.db.select().from(payments).where(eq(payments.applicationId, a.id));
    expect(p).toMatchObject({ amount: 3000, note: '', payerName: '' });
    const [row] = await t.db.select().from(students).where(eq(students.id, s.id));
    expect(row?.anonymizedAt).not.toBeNull();
    // the record reads as erased: when and under which rule, no birthday (its kept year is the statistics')
    const shown = await get(t.app, `/api/admin/student/detail/?user_id=${s.id}`, cast.admin);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      erased_rule: '退会した方の保存期間を過ぎたため消去しました',
      birthday: null,
      birthday_str: '消去済み',
      age: null,
      name: '',
    });
    expect(shown.json().erased_at).not.toBeNull();
    // and so does its disclosure: no birthday kept for the statistics shown as if it were hers
    const disclosed = await get(t.app, `/api/admin/student/disclosure/?user_id=${s.id}`, cast.admin);
    const items = (disclosed.json() as { record: { items: { key: string; value_text: string }[] } }).record
      .items;
    const said = (key: string) => items.find((i) => i.key === key)?.value_text;
    expect([said('birthday'), said('name'), said('phone1'), said('remarks')]).toEqual(
      Array(4).fill('消去済み'),
    );
    expect(said('loginId')).toBe(s.loginId);
    // the audit viewer shows the act and 「消去済みの個人」 in place of the values
    const list = await get(t.app, `/api/admin/audit/list/?user_id=${s.id}&action=update`, cast.admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data_list[0].detail).toEqual({
      changes: { remarks: ['', '消去済みの個人'] },
      note: '消去済みの個人',
    });
  });
});
