import { MSG } from '@manabi/shared';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { AGREEMENT_MSG, admissionFormSchema } from '@manabi/shared/schemas/admission';
import { inquiryFormSchema } from '@manabi/shared/schemas/inquiry';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { inquiries, mailOutbox, students } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import {
  ADMISSION_CLIENT_LIMIT_MSG,
  ADMISSION_MAIL_LIMIT_MSG,
  ADMISSIONS_PER_CLIENT_PER_HOUR,
  ADMISSIONS_PER_MAIL_PER_DAY,
} from './public-forms.service';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp({ OFFICE_MAIL: 'office@test.example.jp' });
  ({ admin, student } = await makeCast(t));
});
afterAll(() => t.close());

/** A complete, valid admission; tests override what they care about. */
const admission = (over: Record<string, unknown> = {}) => ({
  name_l: '山田',
  name_f: '花子',
  name_kana_l: 'ヤマダ',
  name_kana_f: 'ハナコ',
  postcode: '1050011',
  pref: '大阪府',
  street_name1: '港区芝公園',
  street_name2: '4',
  address: '2-8',
  street_name3: '',
  birthday: '1958-05-12',
  gender: '2',
  phone1: '03-1234-5678',
  phone2: '',
  mail1: 'hanako@example.jp',
  mail1_confirm: 'hanako@example.jp',
  mail2: '',
  mail2_confirm: '',
  emergency_contacts_name: '山田 一郎',
  emergency_contacts_emereletion: '夫',
  emergency_contacts_phone: '090-1111-2222',
  is_attendance: '1',
  ...over,
});

const inquiry = (over: Record<string, unknown> = {}) => ({
  is_required_answer: '1',
  content: '5',
  detail: '講座の見学はできますか。',
  name: '鈴木 一郎',
  name_kana: 'スズキ イチロウ',
  age: '3',
  mail: 'ichiro@example.jp',
  mail_confirm: 'ichiro@example.jp',
  phone: '0312345678',
  postcode: '105-0011',
  pref: '東京都',
  address: '港区芝公園4-2-8',
  ...over,
});

const errOf = (res: { json(): unknown }) =>
  (res.json() as { err_list: { name: string; msg: string }[] }).err_list;
const studentCount = async () => (await t.db.select({ n: count() }).from(students))[0]!.n;
const inquiryCount = async () => (await t.db.select({ n: count() }).from(inquiries))[0]!.n;
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const unapproved = async () =>
  (await get(t.app, '/api/admin/student/unapploval/count/', admin)).json().unapploval as number;

describe('POST /api/mypage/admission/', () => {
  it('stores one pending student, visible to the admin, and queues two mails', async () => {
    const before = await unapproved();
    const res = await post(t.app, '/api/mypage/admission/', admission());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, office_phone: t.config.officePhone });
    expect(await unapproved()).toBe(before + 1);

    const [s] = await t.db.select().from(students).where(eq(students.mail1, 'hanako@example.jp'));
    expect(s).toMatchObject({
      name: '山田 花子',
      nameKey: '山田花子',
      nameKana: 'ヤマダ ハナコ',
      postcode: '105-0011',
      pref: '東京都',
      phone1: '03-1234-5678',
      approvalStatus: '0',
      loginId: null,
      passwordHash: null,
      filingDate: todayTokyo(),
      isAttendance: true,
      gender: 2,
      emergencyRelation: '夫',
    });
    const detail = await get(t.app, `/api/admin/student/detail/?user_id=${s!.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ name: '山田 花子', approval_status: '0' });

    const [toApplicant] = await mailsTo('hanako@example.jp');
    expect(toApplicant!.subject).toBe('【まなび】入学申込みを受け付けました');
    expect(toApplicant!.body).toContain('山田 花子 様');
    const office = await mailsTo('office@test.example.jp');
    expect(office.map((m) => m.subject)).toEqual(['【まなび】新しい入学申込みがあります']);
    expect(office[0]!.body).toContain('/admin/student?approval_status=0');
    // the address as it is written: the form's bare 丁目 number reads 4丁目, not 「芝公園42-8」
    expect(office[0]!.body).toContain('住所：東京都港区芝公園4丁目2-8');
  });

  it('the mail to the applicant carries nothing the sender typed but the name', async () => {
    const res = await post(
      t.app,
      '/api/mypage/admission/',
      admission({
        name_l: '広告',
        mail1: 'victim@example.jp',
        mail1_confirm: 'victim@example.jp',
        street_name1: '今すぐ http://spam.example',
        address: '当選しました',
        emergency_contacts_name: 'http://spam.example',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo('victim@example.jp');
    expect(mail!.body).toContain('広告 花子 様');
    for (const typed of ['spam.example', '当選しました', '今すぐ']) expect(mail!.body).not.toContain(typed);
  });

  it(`one mail address makes at most ${ADMISSIONS_PER_MAIL_PER_DAY} new admissions a day (429, nothing stored)`, async () => {
    const sameAddress = (name_f: string) =>
      admission({ name_f, mail1: 'family@example.jp', mail1_confirm: 'family@example.jp' });
    for (let i = 0; i < ADMISSIONS_PER_MAIL_PER_DAY; i++) {
      expect((await post(t.app, '/api/mypage/admission/', sameAddress(`家族${i}`))).statusCode).toBe(200);
    }
    const before = await studentCount();
    const res = await post(t.app, '/api/mypage/admission/', sameAddress('もう一人'));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(ADMISSION_MAIL_LIMIT_MSG);
    expect(await studentCount()).toBe(before);
    expect(await mailsTo('family@example.jp')).toHaveLength(ADMISSIONS_PER_MAIL_PER_DAY);
  });

  it('the per-address limit does not care for case or a +tag: they reach the same mailbox', async () => {
    const variants = ['Kin@Example.jp', 'kin+1@example.jp', 'KIN+promo@EXAMPLE.JP', 'kin+2@example.jp'];
    const statuses: number[] = [];
    for (const [i, mail] of variants.entries()) {
      const res = await post(
        t.app,
        '/api/mypage/admission/',
        admission({ name_f: `別名${i}`, mail1: mail, mail1_confirm: mail }),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it(`one client address makes at most ${ADMISSIONS_PER_CLIENT_PER_HOUR} admissions an hour, counted in the database: two app processes share the count`, async () => {
    // a second app on the same database, as a second process behind a load balancer
    const second = await buildApp({ config: t.config, db: t.db, serveWeb: false, logger: false });
    await second.ready();
    try {
      const from = (i: number, remoteAddress = '192.0.2.77') =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: '/api/mypage/admission/',
          remoteAddress,
          payload: admission({
            name_f: `連続${i}`,
            mail1: `r${i}@example.jp`,
            mail1_confirm: `r${i}@example.jp`,
          }),
          headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
        });
      const statuses: number[] = [];
      for (let i = 0; i <= ADMISSIONS_PER_CLIENT_PER_HOUR; i++) statuses.push((await from(i)).statusCode);
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      const before = await studentCount();
      const refused = await from(99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(ADMISSION_CLIENT_LIMIT_MSG);
      expect(await studentCount()).toBe(before);
      // another client is not affected
      expect((await from(100, '192.0.2.78')).statusCode).toBe(200);
      // an hour later the address may apply again
      await t.db.execute(
        sql`update request_counters set window_start = window_start - interval '61 minutes'`,
      );
      expect((await from(101)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('stores a resend (double click) once and answers the same', async () => {
    const body = admission({
      name_l: '田中',
      mail1: 'tanaka@example.jp',
      mail1_confirm: 'tanaka@example.jp',
    });
    const before = await studentCount();
    const answers = await Promise.all([1, 2, 3].map(() => post(t.app, '/api/mypage/admission/', body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await post(t.app, '/api/mypage/admission/', body)).json()).toMatchObject({ result: true });
    expect(await studentCount()).toBe(before + 1);
    expect(await mailsTo('tanaka@example.jp')).toHaveLength(1);
  });

  it.each([
    ['name_l', { name_l: '山'.repeat(15) }, MSG.maxLen(14)],
    ['street_name1', { street_name1: '' }, MSG.required],
    ['street_name2', { street_name2: '4丁目' }, MSG.halfDigits],
    ['address', { address: '' }, MSG.required],
    ['birthday', { birthday: '10000-01-01' }, MSG.dateMax],
    ['phone1', { phone1: '' }, MSG.required],
    ['phone2', { phone2: '03-1234-5678' }, MSG.mustDiffer('電話番号2')],
    ['mail1', { mail1: '', mail1_confirm: '' }, MSG.required],
    ['mail1_confirm', { mail1_confirm: 'other@example.jp' }, MSG.notMatch('メールアドレス1')],
    [
      'mail2',
      { mail2: 'bad@example.jp', mail2_confirm: 'bad@example.jp' },
      MSG.mustDiffer('メールアドレス2'),
    ],
    ['is_attendance', { is_attendance: 'x' }, MSG.invalidChoice],
  ])('422 on %s, nothing stored or mailed', async (name, over, msg) => {
    const students0 = await studentCount();
    const mails0 = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const res = await post(
      t.app,
      '/api/mypage/admission/',
      admission({ mail1: 'bad@example.jp', mail1_confirm: 'bad@example.jp', ...over }),
    );
    expect(res.statusCode).toBe(422);
    expect(errOf(res)).toContainEqual({ name, msg });
    expect(await studentCount()).toBe(students0);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n).toBe(mails0);
  });

  it('is public: a logged-in student may send it too, and the form schema needs the agreement', async () => {
    const res = await post(
      t.app,
      '/api/mypage/admission/',
      admission({ name_l: '佐々木', mail1: 'sasaki@example.jp', mail1_confirm: 'sasaki@example.jp' }),
      student,
    );
    expect(res.statusCode).toBe(200);
    const form = admissionFormSchema.safeParse({ ...admission(), agreement: false });
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['agreement', AGREEMENT_MSG],
    ]);
  });

  it('refuses an oversized body', async () => {
    const res = await post(t.app, '/api/mypage/admission/', admission({ street_name3: 'x'.repeat(40_000) }));
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/mypage/inquiry/', () => {
  it('stores the inquiry and mails the office', async () => {
    const res = await post(t.app, '/api/mypage/inquiry/', inquiry());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.mail, 'ichiro@example.jp'));
    expect(row).toMatchObject({
      isRequiredAnswer: true,
      content: 5,
      ageBand: 3,
      phone: '0312345678',
      pref: '東京都',
    });
    const office = await mailsTo('office@test.example.jp');
    const mail = office.find((m) => m.subject.startsWith('【まなび】お問い合わせ'));
    expect(mail!.subject).toBe('【まなび】お問い合わせ（その他の質問・相談）');
    expect(mail!.body).toContain('講座の見学はできますか。');
    expect(mail!.body).toContain('ichiro@example.jp');
  });

  it('stores a resend once', async () => {
    const body = inquiry({ mail: 'twice@example.jp', mail_confirm: 'twice@example.jp' });
    const before = await inquiryCount();
    await Promise.all([post(t.app, '/api/mypage/inquiry/', body), post(t.app, '/api/mypage/inquiry/', body)]);
    expect(await inquiryCount()).toBe(before + 1);
  });

  it.each([
    ['phone', { phone: '03-1234-5678' }, MSG.phoneNoHyphen],
    ['phone', { phone: '123456789' }, MSG.phoneNoHyphen],
    ['detail', { detail: 'あ'.repeat(1001) }, MSG.maxLen(1000)],
    ['name', { name: '' }, MSG.required],
    ['mail_confirm', { mail_confirm: 'x@example.jp' }, MSG.notMatch('メールアドレス')],
    ['content', { content: '6' }, MSG.invalidChoice],
    ['pref', { pref: 'カリフォルニア' }, MSG.invalidChoice],
  ])('422 on %s, nothing stored', async (name, over, msg) => {
    const before = await inquiryCount();
    const res = await post(t.app, '/api/mypage/inquiry/', inquiry(over));
    expect(res.statusCode).toBe(422);
    expect(errOf(res)).toContainEqual({ name, msg });
    expect(await inquiryCount()).toBe(before);
  });

  it('the form schema needs the agreement', () => {
    const form = inquiryFormSchema.safeParse({ ...inquiry(), agreement: false });
    expect(form.error?.issues.map((i) => i.path.join('.'))).toEqual(['agreement']);
  });
});
