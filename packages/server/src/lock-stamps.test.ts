/**
 * Every call that takes an `updated_at` lock stamp treats it alike (decision 041): the stamp is required —
 * absent (or null) is a 422 naming the field, never a 409 and never skipped; a stale one is a 409; neither
 * writes anything, so the same body with the stamps the API gave succeeds afterwards. The API document lists
 * each stamp as required.
 */
import { MSG } from '@manabi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from './test/app';
import { makeAdmin, makeApplication, makeCourse, makeStudent } from './test/factories';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { student: { phone1: '03-1111-1111', mail1: 'ichiro@example.jp' } });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const STALE = '2000-01-01T00:00:00.000Z';
const iso = (d: Date) => d.toISOString();
const ATT = (v: string) =>
  Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, v]));

/** The student of the cast (24040001), as the database knows it. */
async function me() {
  const [s] = await t.db.query.students.findMany({ where: (s, { eq }) => eq(s.loginId, '24040001') });
  return s!;
}

async function applicationOn(
  over: Parameters<typeof makeApplication>[1] extends infer O ? Partial<O> : never = {},
) {
  const course = await makeCourse(t.db, {
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
    status: '1',
  });
  const student = over.studentId ? { id: over.studentId } : await makeStudent(t.db);
  return makeApplication(t.db, { courseId: course.id, studentId: student.id, lotteryStatus: '1', ...over });
}

const courseBody = {
  course_id: '',
  course_name: '更新する講座',
  content: '講座の内容',
  organ: 'まなび市民大学',
  univ_id: '',
  period_f: '2026-04-01T09:00',
  period_t: '2026-04-30T17:00',
  period: '毎週土曜日 10:00〜12:00',
  capacity: '30',
  minimum: '5',
  all_times: '10',
  tuition_fee: '3000',
  tuition_fee1: '1500',
  material_cost: '500',
  venue: '市民会館',
  street_address: '東京都まなび市1-2-3',
  cancel: '1',
  unit: '2',
  category: [],
  image: '',
  status: '1',
  attendee: '',
  keyword: '',
  permalink: '',
  how_to_apply: '',
  apply_url: '',
  apply_url_text: '',
  is_lottery: '1',
};

const noticeForm = {
  category_id: '',
  title: '休講のお知らせ',
  content: '今週の講座はお休みです。',
  reference_url1: '',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '2026-04-01T10:00',
  period_to: '',
  is_control: '1',
  published_to: '1',
  generation_id: '',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '0',
  email_title: '',
};

const studentFields = (s: Awaited<ReturnType<typeof makeStudent>>) => ({
  name: s.name,
  name_kana: s.nameKana,
  postcode: '105-0011',
  pref: '東京都',
  street_name1: '港区芝公園',
  street_name2: '4',
  address: '2-8',
  street_name3: '',
  birthday: '1960-04-01',
  gender: '1',
  phone_1: '03-1111-2222',
  phone_2: '',
  mail_1: 'jiro@example.jp',
  mail_1_confirm: 'jiro@example.jp',
  mail_2: '',
  mail_2_confirm: '',
  emergency_name: '',
  emergency_emereletion: '',
  emergency_phone: '',
  filing_date: '2026-04-01',
  is_email: '1',
  is_attendance: '1',
  student_type: '1',
  remarks: '',
});

interface StampedCall {
  /** who may make the call */
  cookie: () => string;
  /** the stamp fields of the body (a table row's carries its row number) */
  stamps: string[];
  /** a body that succeeds: a real record, the stamps the API gave for it */
  body: () => Promise<Record<string, unknown>>;
  /** '' is a stamp the API gives out ("nothing saved yet" / "nothing pending"), so it is no absence here */
  emptyMeansNone?: boolean;
}

const NEW_ADDRESS = {
  postcode: '105-0011',
  pref: '東京都',
  street_name1: '港区芝公園',
  street_name2: '4丁目',
  address: '2-8',
  street_name3: '',
};
const ADDRESS_REQUEST = '/api/mypage/user/address/request/';

/** The student a withdrawal's good request withdraws: a new one each time, logged in by its body(). */
let leaving = '';

/** A charged seat with one payment recorded through the API: the payment's id and stamp. */
async function paidSeat(): Promise<{ id: number; updated_at: string }> {
  const course = await makeCourse(t.db);
  const student = await makeStudent(t.db);
  const app = await makeApplication(t.db, {
    courseId: course.id,
    studentId: student.id,
    lotteryStatus: '2',
    amountDue: 3500,
  });
  const res = await post(
    t.app,
    '/api/admin/payment/add/',
    {
      application_id: app.id,
      amount: '3500',
      paid_on: '2026-05-01',
      method: 'bank',
      receipt_no: '',
      note: '',
    },
    cast.admin,
  );
  const list = (await get(t.app, `/api/admin/payment/list/?course_id=${course.id}`, cast.admin)).json();
  const row = list.list[0].payments.find((p: { id: number }) => p.id === res.json().payment_id);
  return { id: row.id, updated_at: row.updated_at };
}

/** Every call with a lock stamp, and how to make a good request to it. */
const CALLS: Record<string, StampedCall> = {
  'POST /api/admin/payment/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const p = await paidSeat();
      return {
        payment_id: p.id,
        amount: '3000',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
        reason: '金額の訂正',
        updated_at: p.updated_at,
      };
    },
  },
  'POST /api/admin/payment/void/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const p = await paidSeat();
      return { payment_id: p.id, reason: '二重の記録', updated_at: p.updated_at };
    },
  },
  'POST /api/admin/student/withdraw/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const s = await makeStudent(t.db);
      const seen = (
        await get(t.app, `/api/admin/student/withdraw/preview/?user_id=${s.id}`, cast.admin)
      ).json();
      return { user_id: s.id, updated_at: seen.updated_at, reason: '' };
    },
  },
  'POST /api/mypage/user/withdraw/': {
    cookie: () => leaving,
    stamps: ['updated_at'],
    body: async () => {
      const s = await makeStudent(t.db, { password: 'leaving01' });
      leaving = await loginAsStudent(t.app, s.loginId as string, 'leaving01');
      const seen = (await get(t.app, '/api/mypage/user/withdraw/', leaving)).json();
      return { updated_at: seen.updated_at, understood: '1', password: 'leaving01' };
    },
  },
  'POST /api/admin/retention/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const p = (await get(t.app, '/api/admin/retention/', cast.admin)).json();
      return {
        withdrawn_years: String(p.withdrawn_years),
        graduated_years: String(p.graduated_years),
        rejected_years: String(p.rejected_years),
        merged_years: String(p.merged_years),
        auto: p.auto,
        updated_at: p.updated_at,
      };
    },
  },
  'POST /api/admin/notice/category/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const { id } = (
        await post(
          t.app,
          '/api/admin/notice/category/add/',
          { category_name: '事務局から', sort_number: '5' },
          cast.admin,
        )
      ).json();
      const seen = (await get(t.app, `/api/admin/notice/category/detail/?id=${id}`, cast.admin)).json();
      return { id, category_name: '名前を変える', sort_number: '5', updated_at: seen.updated_at };
    },
  },
  'POST /api/admin/course/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const c = await makeCourse(t.db);
      const seen = (await get(t.app, `/api/admin/course/?id=${c.id}`, cast.admin)).json();
      return { ...courseBody, id: c.id, updated_at: seen.updated_at };
    },
  },
  'POST /api/admin/notice/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const { id } = (await post(t.app, '/api/admin/notice/add/', noticeForm, cast.admin)).json();
      const seen = (await get(t.app, `/api/admin/notice/detail/?id=${id}`, cast.admin)).json();
      return { ...noticeForm, title: '変更後', id, updated_at: seen.updated_at };
    },
  },
  'POST /api/admin/adminuser/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const a = await makeAdmin(t.db);
      return {
        id: a.id,
        updated_at: iso(a.updatedAt),
        name: '名前を変える',
        mail: a.email,
        mail2: a.email,
        password: '',
        password2: '',
        authority: '1',
        university_id: '',
        is_rejection: '0',
        is_email: '0',
      };
    },
  },
  'POST /api/admin/student/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const s = await makeStudent(t.db);
      return {
        ...studentFields(s),
        user_id: s.id,
        updated_at: iso(s.updatedAt),
        login_id: s.loginId,
        generation_id: s.generationId,
        total_units: '0',
        date_issue_num: '',
        is_graduation: '0',
        is_rejection: '0',
        password: '',
        password2: '',
      };
    },
  },
  'POST /api/admin/student/approval/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const p = await makeStudent(t.db, {
        loginId: null,
        generationId: null,
        passwordHash: null,
        approvalStatus: '0',
        dateIssue: null,
      });
      return {
        ...studentFields(p),
        user_id: p.id,
        updated_at: iso(p.updatedAt),
        approval_status: '1',
        generation_id: '2620',
        password: 'approved01',
        password2: 'approved01',
      };
    },
  },
  'POST /api/admin/courseapplicantdetail/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn();
      return {
        course_id: a.courseId,
        user_id: a.studentId,
        lottery_status: '2',
        attendance_status: '2',
        ...ATT('1'),
        acquisition_unit: '12',
        remarks: '窓口で変更',
        updated_at: iso(a.updatedAt),
      };
    },
  },
  'POST /api/admin/courseapplicantdetail/cancel/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn();
      return { course_id: a.courseId, user_id: a.studentId, updated_at: iso(a.updatedAt) };
    },
  },
  'POST /api/admin/courseapplicantlist/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at_0'],
    body: async () => {
      const a = await applicationOn();
      return {
        course_id: a.courseId,
        is_update_0: '1',
        is_update_attendance_0: '0',
        student_id_0: a.studentId,
        lottery_status_0: a.lotteryStatus,
        attendance_status_0: a.attendanceStatus,
        acquisition_unit_0: '4',
        ...Object.fromEntries(a.attendance.map((v, i) => [`attendance_0_${i + 1}`, v])),
        updated_at_0: iso(a.updatedAt),
      };
    },
  },
  'POST /api/admin/student/applicantCourse/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at_0'],
    body: async () => {
      const a = await applicationOn({ lotteryStatus: '2' });
      return {
        user_id: a.studentId,
        is_update_0: '1',
        is_update_attendance_0: '0',
        student_id_0: a.studentId,
        course_id_0: a.courseId,
        attendance_status_0: '2',
        acquisition_unit_0: '3',
        ...Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`attendance_0_${i + 1}`, '1'])),
        updated_at_0: iso(a.updatedAt),
      };
    },
  },
  'POST /api/admin/course/intake/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    emptyMeansNone: true,
    body: async () => {
      const c = await makeCourse(t.db, { isLottery: true });
      const seen = (await get(t.app, `/api/admin/course/intake/?id=${c.id}`, cast.admin)).json();
      // '' is the stamp of settings never saved: sent back as given, it is accepted
      expect(seen.updated_at).toBe('');
      return {
        course_id: c.id,
        waitlist: '1',
        confirm_days: '',
        auto_promote: '0',
        promote_until: '',
        tiers: [],
        updated_at: seen.updated_at,
      };
    },
  },
  'POST /api/admin/course/fee/update/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    emptyMeansNone: true,
    body: async () => {
      // a course with a fee: one that costs nothing may not ask payment (decision 086)
      const c = await makeCourse(t.db, { tuitionFee: 2000 });
      const seen = (await get(t.app, `/api/admin/course/fee/?course_id=${c.id}`, cast.admin)).json();
      // '' is the stamp of a rule never saved: sent back as given, it is accepted
      expect(seen.updated_at).toBe('');
      return {
        course_id: c.id,
        required: '1',
        how_to_pay: '窓口でお支払いください',
        pay_days: '7',
        pay_by_date: '',
        auto_lapse: '1',
        refund_days: '',
        refund_note: '',
        updated_at: seen.updated_at,
      };
    },
  },
  'POST /api/admin/courseapplicantlist/promote/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn({ lotteryStatus: '5', waitlistRank: 1 });
      return { course_id: a.courseId, user_id: a.studentId, updated_at: iso(a.updatedAt) };
    },
  },
  'POST /api/admin/courseapplicantlist/decide/': {
    cookie: () => cast.admin,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn({ lotteryStatus: '2', confirmBy: new Date(Date.now() + DAY) });
      return {
        course_id: a.courseId,
        user_id: a.studentId,
        updated_at: iso(a.updatedAt),
        decision: 'confirm',
        channel: '2',
        note: '電話でご本人に確認',
      };
    },
  },
  'POST /api/mypage/user/contacts/update/': {
    cookie: () => cast.student,
    stamps: ['updated_at', 'updated_at1', 'updated_at2'],
    body: async () => {
      const u = (await get(t.app, '/api/mypage/user/', cast.student)).json();
      return {
        phone1: u.phone1,
        mail1: u.mail1,
        phone2: '03-2222-3333',
        mail2: u.mail2,
        updated_at: u.app_user_updated_at,
        updated_at1: u.contact_updated_at1,
        updated_at2: u.contact_updated_at2,
      };
    },
  },
  'POST /api/mypage/coursecancel/cancel/': {
    cookie: () => cast.student,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn({ studentId: (await me()).id });
      const view = (await get(t.app, `/api/mypage/coursecancel/?id=${a.courseId}`, cast.student)).json();
      return { course_id: a.courseId, course_name: view.course_name, updated_at: view.updated_at };
    },
  },
  'POST /api/mypage/courseconfirm/': {
    cookie: () => cast.student,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn({
        studentId: (await me()).id,
        lotteryStatus: '2',
        confirmBy: new Date(Date.now() + 7 * DAY),
      });
      return { course_id: a.courseId, updated_at: iso(a.updatedAt) };
    },
  },
  'POST /api/mypage/coursedecline/': {
    cookie: () => cast.student,
    stamps: ['updated_at'],
    body: async () => {
      const a = await applicationOn({
        studentId: (await me()).id,
        lotteryStatus: '2',
        confirmBy: new Date(Date.now() + 7 * DAY),
      });
      return { course_id: a.courseId, updated_at: iso(a.updatedAt) };
    },
  },
  'POST /api/mypage/user/address/request/': {
    cookie: () => cast.student,
    stamps: ['updated_at'],
    emptyMeansNone: true,
    body: async () => {
      // a pending request, which a new one replaces only with the stamp the screen read ('' = none seen)
      const first = await post(t.app, ADDRESS_REQUEST, { ...NEW_ADDRESS, updated_at: '' }, cast.student);
      expect(first.statusCode, first.body).toBe(200);
      const seen = (await get(t.app, '/api/mypage/user/address/', cast.student)).json();
      return { ...NEW_ADDRESS, address: '2-9', updated_at: seen.request.updated_at };
    },
  },
  'POST /api/admin/student/address/decide/': {
    cookie: () => cast.admin,
    stamps: ['updated_at', 'student_updated_at'],
    body: async () => {
      const s = await makeStudent(t.db, { loginId: '24049901', password: 'student99' });
      const cookie = await loginAsStudent(t.app, '24049901', 'student99');
      await post(t.app, ADDRESS_REQUEST, { ...NEW_ADDRESS, updated_at: '' }, cookie);
      const { request } = (
        await get(t.app, `/api/admin/student/address/?user_id=${s.id}`, cast.admin)
      ).json();
      const [row] = await t.db.query.students.findMany({ where: (r, { eq }) => eq(r.id, s.id) });
      return {
        request_id: request.request_id,
        decision: '1',
        return_reason: '',
        updated_at: request.updated_at,
        student_updated_at: row!.updatedAt.toISOString(),
      };
    },
  },
};

/**
 * The password change takes `updated_at` because SPEC §7 lists it, but locks nothing: it acts on the
 * session's own student after checking the current password (decision 041).
 */
const NOT_A_LOCK = new Set(['POST /api/mypage/user/password/update/']);

/** The body fields of a route's schema (and its table rows' patterns) that are lock stamps. */
function stampFieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    'x-pattern-properties'?: Record<string, unknown>;
  };
  const direct = Object.keys(json.properties ?? {}).filter((k) => /^updated_at\d*$/.test(k));
  const rows = Object.keys(json['x-pattern-properties'] ?? {}).some((p) => p.includes('updated_at'))
    ? ['updated_at_{n}']
    : [];
  return [...direct, ...rows];
}

describe('lock stamps (updated_at)', () => {
  it('the table covers every call with a stamp', () => {
    const stamped = t.app.apiRoutes
      .filter((r) => stampFieldsOf(r.schema?.body).length > 0)
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !NOT_A_LOCK.has(k));
    expect(stamped.sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('the API document lists every stamp as required', async () => {
    const doc = (await get(t.app, '/api/openapi.json', cast.admin)).json();
    for (const [key, call] of Object.entries(CALLS)) {
      const [method, url] = key.split(' ') as [string, string];
      const body = doc.paths[url]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      expect(body, key).toBeDefined();
      for (const stamp of call.stamps.filter((s) => !/_\d+$/.test(s))) {
        expect(body.required ?? [], `${key} ${stamp}`).toContain(stamp);
      }
    }
  });

  it.each(Object.keys(CALLS))('%s: absent → 422 naming it, stale → 409, nothing written', async (key) => {
    const call = CALLS[key]!;
    const url = key.split(' ')[1]!;
    const good = await call.body();
    for (const stamp of call.stamps) {
      const { [stamp]: _, ...without } = good;
      for (const sent of [without, { ...without, [stamp]: null }, { ...without, [stamp]: '' }]) {
        if (sent[stamp] === '' && call.emptyMeansNone) continue;
        const res = await post(t.app, url, sent, call.cookie());
        expect(res.statusCode, `${key} without ${stamp}: ${res.body}`).toBe(422);
        expect(res.json().err_list, `${key} without ${stamp}`).toContainEqual({
          name: stamp,
          msg: MSG.lockStampMissing,
        });
      }
      const stale = await post(t.app, url, { ...good, [stamp]: STALE }, call.cookie());
      expect(stale.statusCode, `${key} stale ${stamp}: ${stale.body}`).toBe(409);
      expect(stale.json().message).toBe(MSG.stale);
    }
    // nothing above was written: the stamps the API gave still hold
    const ok = await post(t.app, url, good, call.cookie());
    expect(ok.statusCode, `${key}: ${ok.body}`).toBe(200);
  });
});
