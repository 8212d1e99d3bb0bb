import { LOTTERY } from '@manabi/shared/codes';
import type { Disclosure } from '@manabi/shared/schemas/student-disclosure';
import type { MergePreview } from '@manabi/shared/schemas/student-merge';
import { MSG } from '@manabi/shared/validation/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressChangeRequests,
  adminUsers,
  auditLog,
  calendarFeeds,
  courseSessions,
  duplicateDismissals,
  duplicatePairs,
  inquiries,
  mailOutbox,
  noticeLetters,
  noticeMails,
  noticeReads,
  studentCalls,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

/**
 * Disclosure (decision 076): one document of everything held about a student — the record, applications with
 * attendance, notices and how they reached the student, mails, calls, requests, inquiries, the feed, the
 * merge, the audit entries — with nothing of another student in it, never the feed's secret or the password's
 * hash; audited on every read; as a file on request; and only for authority 1.
 */
const URL_ = '/api/admin/student/disclosure/';
const FEED_HASH = 'feedc0de'.repeat(8);

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const read = async (id: number, extra = '') => {
  const res = await get(t.app, `${URL_}?user_id=${id}${extra}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return { res, doc: res.json() as Disclosure };
};

/** 佐藤 和子 (entered twice and merged), with a year of history; 鈴木 一郎 beside her, who must not show. */
async function satoWithHistory() {
  const [office] = await t.db.select().from(adminUsers).where(eq(adminUsers.loginId, 'admin'));
  const sato = await makeStudent(t.db, {
    loginId: '26110001',
    name: '佐藤 和子',
    nameKana: 'サトウ カズコ',
    mail1: 'kazuko@example.jp',
    phone1: '090-1234-5678',
    remarks: '窓口で申込書を受け取った',
  });
  const twice = await makeStudent(t.db, {
    loginId: '26110002',
    name: '佐藤　和子',
    nameKana: 'さとう かずこ',
    approvalStatus: '0',
  });
  const suzuki = await makeStudent(t.db, {
    loginId: '26110003',
    name: '鈴木 一郎',
    nameKana: 'スズキ イチロウ',
    mail1: 'ichiro.suzuki@example.jp',
  });

  // the second record had applied to a course: the merge moves it to 佐藤's
  const moved = await makeCourse(t.db, { name: '統合で移った講座' });
  await makeApplication(t.db, { courseId: moved.id, studentId: twice.id, lotteryStatus: LOTTERY.PENDING });
  const preview = (
    await get(t.app, `/api/admin/student/merge/preview/?keep_id=${sato.id}&other_id=${twice.id}`, cast.admin)
  ).json() as MergePreview;
  const merged = await post(
    t.app,
    '/api/admin/student/merge/',
    {
      keep_id: sato.id,
      other_id: twice.id,
      keep_updated_at: preview.keep.updated_at,
      other_updated_at: preview.other.updated_at,
      fields: { name_kana: 'other' },
    },
    cast.admin,
  );
  expect(merged.statusCode, merged.body).toBe(200);

  const course = await makeCourse(t.db, {
    name: '開示の講座「古文書を読む」',
    period: '毎週火曜 10:00〜12:00',
  });
  await t.db.insert(courseSessions).values([
    { courseId: course.id, no: 1, day: '2026-10-06', startsAt: '10:00', endsAt: '12:00' },
    { courseId: course.id, no: 2, day: '2026-10-13', startsAt: '10:00', endsAt: '12:00' },
    { courseId: course.id, no: 3, day: '2026-10-20', startsAt: '10:00', endsAt: '12:00' },
  ]);
  const won = await makeApplication(t.db, {
    courseId: course.id,
    studentId: sato.id,
    lotteryStatus: LOTTERY.WON,
    attendanceStatus: '3',
    attendance: ['1', '2', '3', ...Array(12).fill('0')],
    acquisitionUnit: 2,
  });
  const waiting = await makeCourse(t.db, { name: '開示の講座「俳句入門」' });
  await makeApplication(t.db, {
    courseId: waiting.id,
    studentId: sato.id,
    lotteryStatus: LOTTERY.WAITLISTED,
    waitlistRank: 2,
  });
  await makeApplication(t.db, { courseId: course.id, studentId: suzuki.id, lotteryStatus: LOTTERY.WON });

  const personal = await makeNotice(t.db, {
    title: '【当選】「開示の講座「古文書を読む」」に当選しました',
    content: '佐藤さんへの個別のお知らせ',
    publishedTo: 4,
    studentId: sato.id,
    applicationId: won.id,
  });
  const everyone = await makeNotice(t.db, { title: '年末年始の窓口のお知らせ' });
  const suzukis = await makeNotice(t.db, {
    title: '鈴木さんへの個別のお知らせ',
    publishedTo: 4,
    studentId: suzuki.id,
  });
  await t.db.insert(noticeReads).values([
    { studentId: sato.id, noticeId: personal.id },
    { studentId: sato.id, noticeId: everyone.id },
    { studentId: suzuki.id, noticeId: suzukis.id },
  ]);
  await t.db.insert(noticeMails).values({ studentId: sato.id, noticeId: personal.id });
  await t.db
    .insert(noticeLetters)
    .values({ studentId: sato.id, noticeId: everyone.id, printedBy: office?.id });
  await t.db.insert(mailOutbox).values([
    {
      to: 'kazuko@example.jp',
      subject: '【当選】古文書を読む',
      body: '当選のお知らせの本文',
      status: 'sent',
      sentAt: new Date(),
      studentId: sato.id,
      noticeId: personal.id,
    },
    {
      to: 'kazuko@example.jp',
      subject: 'パスワード再設定のご案内',
      body: 'https://example.jp/mypage/passwordsetting?token=SECRET-RESET-TOKEN',
      holdsSecret: true,
      studentId: sato.id,
    },
    { to: 'ichiro.suzuki@example.jp', subject: '鈴木さんへのメール', body: '鈴木', studentId: suzuki.id },
  ]);
  await t.db.insert(studentCalls).values([
    {
      studentId: sato.id,
      adminId: office?.id,
      courseId: course.id,
      outcome: '1',
      note: '確定の意向を確認した',
    },
    { studentId: suzuki.id, adminId: office?.id, outcome: '2', note: '鈴木さんは不在' },
  ]);
  await t.db.insert(addressChangeRequests).values({
    studentId: sato.id,
    postcode: '1000001',
    pref: '東京都',
    streetName1: '千代田',
    address: '1-1',
  });
  await t.db.insert(inquiries).values([
    { content: 1, name: '佐藤 和子', detail: '学生番号を知りたい', studentId: sato.id, ageBand: 4 },
    { content: 5, name: '鈴木 一郎', detail: '鈴木の問い合わせ', studentId: suzuki.id },
  ]);
  await t.db.insert(calendarFeeds).values({ studentId: sato.id, tokenHash: FEED_HASH });
  const [a, b] = sato.id < suzuki.id ? [sato.id, suzuki.id] : [suzuki.id, sato.id];
  await t.db
    .insert(duplicatePairs)
    .values({ studentA: a, studentB: b, score: 60, reasons: ['phone'], scan: 1 });
  await t.db.insert(duplicateDismissals).values({ studentA: a, studentB: b, adminId: office?.id });
  await t.db.insert(auditLog).values({
    actorKind: 'admin',
    actorId: office?.id,
    action: 'duplicate_dismiss',
    entity: 'student',
    entityId: String(sato.id),
    studentId: sato.id,
    detail: { other_id: suzuki.id },
  });
  return { sato, twice, suzuki, office, course };
}

describe('the disclosure of one student', () => {
  it('holds every section of her record, in words, and nothing of anyone else', async () => {
    const { sato, twice, suzuki, office } = await satoWithHistory();
    const { doc, res } = await read(sato.id);
    expect(res.headers['cache-control']).toBe('no-store');

    expect(doc.title).toBe('保有個人情報の開示');
    expect(doc.student).toEqual({ user_id: sato.id, login_id: '26110001', name: '佐藤 和子' });
    const item = (key: string) => doc.record.items.find((i) => i.key === key);
    expect(doc.record.title).toBe('登録内容');
    expect(item('loginId')?.value).toBe('26110001');
    expect(item('mail1')?.value).toBe('kazuko@example.jp');
    // the merge took the second record's reading
    expect(item('nameKana')?.value).toBe('さとう かずこ');
    expect(item('birthday')?.value_text).toBe('1960年1月1日');
    expect(item('approvalStatus')?.value_text).toBe('承認済み');
    expect(item('remarks')?.value).toBe('窓口で申込書を受け取った');
    expect(doc.record.items.map((i) => i.key)).not.toContain('passwordHash');
    expect(doc.record.items.map((i) => i.key)).not.toContain('matchKeys');
    expect(doc.record.left_out.map((l) => l.label)).toContain('パスワード');

    const [won, waiting, moved] = [
      doc.applications.rows.find((a) => a.course_name === '開示の講座「古文書を読む」'),
      doc.applications.rows.find((a) => a.course_name === '開示の講座「俳句入門」'),
      doc.applications.rows.find((a) => a.course_name === '統合で移った講座'),
    ];
    expect(doc.applications.rows).toHaveLength(3);
    expect(won).toMatchObject({
      lottery_status_text: '当選',
      course_period: '毎週火曜 10:00〜12:00',
      attendance_status_text: '受講済み',
      acquisition_unit: 2,
    });
    expect(won?.attendance).toEqual([
      { no: 1, day: '2026-10-06', status: '1', status_text: '出席' },
      { no: 2, day: '2026-10-13', status: '2', status_text: '欠席' },
      { no: 3, day: '2026-10-20', status: '3', status_text: '遅刻・早退' },
    ]);
    expect(waiting?.lottery_status_text).toBe('補欠（2番）');
    expect(moved?.lottery_status_text).toBe('抽選待ち');

    expect(doc.notices.rows).toHaveLength(1);
    expect(doc.notices.rows[0]).toMatchObject({ content: '佐藤さんへの個別のお知らせ' });
    expect(doc.notices.rows[0]?.read_at).not.toBeNull();
    expect(doc.notice_records.rows.map((r) => `${r.kind_text}:${r.title}`).sort()).toEqual(
      [
        '読んだ:【当選】「開示の講座「古文書を読む」」に当選しました',
        '読んだ:年末年始の窓口のお知らせ',
        'メールでお送りした:【当選】「開示の講座「古文書を読む」」に当選しました',
        '郵送した:年末年始の窓口のお知らせ',
      ].sort(),
    );
    expect(doc.notice_records.rows.find((r) => r.kind === 'posted')?.by).toBe(office?.name);

    expect(doc.mails.rows.map((m) => m.subject)).toEqual([
      '【当選】古文書を読む',
      'パスワード再設定のご案内',
    ]);
    expect(doc.mails.rows[0]).toMatchObject({ body: '当選のお知らせの本文', status_text: '送信済み' });
    expect(doc.mails.rows[1]?.body).toContain('表示しません');

    expect(doc.calls.rows).toEqual([
      expect.objectContaining({
        admin_name: office?.name,
        outcome_text: '本人と話した',
        note: '確定の意向を確認した',
        course_name: '開示の講座「古文書を読む」',
      }),
    ]);
    expect(doc.address_requests.rows).toEqual([
      expect.objectContaining({ status_text: '確認待ち', postcode: '1000001', address: '東京都千代田1-1' }),
    ]);
    expect(doc.inquiries.rows).toEqual([
      expect.objectContaining({
        detail: '学生番号を知りたい',
        content_text: '登録している学生番号・メールアドレスを知りたい',
        age_band_text: '70代',
      }),
    ]);
    expect(doc.calendar_feed.feed.exists).toBe(true);
    expect(doc.calendar_feed.feed.created_at).not.toBeNull();

    const merge = doc.duplicates.rows.find((d) => d.kind === 'merge');
    expect(merge).toMatchObject({
      other_user_id: twice.id,
      other_login_id: '26110002',
      other_name: '佐藤　和子',
      by: office?.name,
    });
    expect(merge?.text).toContain('氏名カナ');
    expect(doc.duplicates.rows.find((d) => d.kind === 'dismissed')).toMatchObject({
      other_user_id: null,
      other_login_id: '',
      other_name: '',
    });
    expect(doc.duplicates.rows.find((d) => d.kind === 'pair')?.text).toBe('60点（電話一致）');

    const mergeEntry = doc.audit.rows.find((e) => e.action === 'merge');
    expect(mergeEntry).toMatchObject({ actor: office?.name, action_text: '学生の統合' });
    expect(mergeEntry?.detail_lines.join('\n')).toContain('統合した側の値にした項目：氏名カナ');
    expect(doc.audit.rows.find((e) => e.action === 'duplicate_dismiss')?.detail_lines).toEqual([]);

    // nothing of 鈴木 一郎, her feed's secret or her password's hash
    const text = res.body;
    for (const other of [
      '鈴木',
      'ichiro.suzuki@example.jp',
      suzuki.loginId as string,
      FEED_HASH,
      'SECRET-RESET-TOKEN',
      sato.passwordHash as string,
      'token_hash',
      'password_hash',
      'match_keys',
    ])
      expect(text).not.toContain(other);
    expect(doc.duplicates.rows.every((d) => d.other_login_id !== suzuki.loginId)).toBe(true);

    // the merged record is hers too: disclosed on its own, pointing back at the kept one
    const other = (await read(twice.id)).doc;
    expect(other.record.items.find((i) => i.key === 'approvalStatus')?.value_text).toBe('統合済み');
    expect(other.duplicates.rows.find((d) => d.kind === 'merge')).toMatchObject({
      other_user_id: sato.id,
      kind_text: 'この登録をもう一つの登録に統合した',
    });
  });

  it('records every read in the audit log, who asked and whether it left as a file', async () => {
    const someone = await makeStudent(t.db, { name: '記録 される' });
    await read(someone.id);
    await read(someone.id, '&download=1');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, someone.id), eq(auditLog.action, 'disclose')));
    expect(entries).toHaveLength(2);
    const [office] = await t.db.select().from(adminUsers).where(eq(adminUsers.loginId, 'admin'));
    expect(entries.map((e) => [e.actorKind, e.actorId, e.entity, e.entityId])).toEqual([
      ['admin', office?.id, 'student', String(someone.id)],
      ['admin', office?.id, 'student', String(someone.id)],
    ]);
    expect(entries.map((e) => (e.detail as { download: boolean }).download)).toEqual([false, true]);
    // the next disclosure shows the earlier ones
    const { doc } = await read(someone.id);
    expect(doc.audit.rows.filter((e) => e.action === 'disclose').map((e) => e.action_text)).toEqual([
      '保有個人情報の開示',
      '保有個人情報の開示',
    ]);
  });

  it('answers the same document as a file to hand over', async () => {
    const student = await makeStudent(t.db, { loginId: '26110009', name: '山本 花' });
    const { res } = await read(student.id, '&download=1');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
      .format(new Date())
      .replace(/-/g, '');
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="disclosure-26110009-${day}.json"`,
    );
    expect(res.body).toContain('\n  "title": "保有個人情報の開示"');
    const doc = JSON.parse(res.body) as Disclosure;
    expect(doc.student.login_id).toBe('26110009');
    expect(doc.record.items.find((i) => i.key === 'name')?.value).toBe('山本 花');
    // a record without a 学生番号 (an admission not yet approved) is named by its number
    const pending = await makeStudent(t.db, { loginId: null, approvalStatus: '0' });
    const file = await read(pending.id, '&download=1');
    expect(file.res.headers['content-disposition']).toContain(
      `filename="disclosure-${pending.id}-${day}.json"`,
    );
  });
});

describe('what it refuses', () => {
  it('answers 422 on the field for a bad number, 404 for nobody', async () => {
    for (const bad of ['abc', '0', '-1', '']) {
      const res = await get(t.app, `${URL_}?user_id=${bad}`, cast.admin);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        is_valid: false,
        err_list: [{ name: 'user_id', msg: MSG.invalidValue }],
      });
    }
    expect((await get(t.app, `${URL_}?user_id=99999999`, cast.admin)).statusCode).toBe(404);
  });

  it('refuses authority 2, a student and anyone not logged in, and records nothing for them', async () => {
    const student = await makeStudent(t.db);
    for (const cookie of [cast.univ, cast.student, '']) {
      const res = await get(t.app, `${URL_}?user_id=${student.id}`, cookie);
      expect(res.statusCode).toBe(cookie === '' ? 401 : 403);
      expect(res.body).not.toContain(student.name);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, student.id), eq(auditLog.action, 'disclose')));
    expect(entries).toHaveLength(0);
    expect((await t.db.select().from(students).where(eq(students.id, student.id))).length).toBe(1);
  });
});
