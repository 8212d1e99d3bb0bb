/**
 * Data minimisation for partner universities (SPEC §6): the exact fields every answer an
 * authority-2 admin can get carries, in one table. A field added to any of these answers fails here until
 * someone decides a partner university needs it.
 */
import { todayTokyo } from '@manabi/shared/domain/dates';
import { FIGURE_COLUMNS } from '@manabi/shared/domain/statistics-csv';
import { courseFiguresSchema } from '@manabi/shared/schemas/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSessions, payments } from './db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from './test/app';
import { makeApplication, makeCourse, makeStudent } from './test/factories';

let t: TestApp;
let cast: Cast;
let url: Record<string, string>;
let courseId: number;
let attendee: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  const course = await makeCourse(t.db, {
    universityId: 'U01',
    name: '大学の講座',
    periodFrom: new Date('2026-04-01T00:00:00+09:00'),
    periodTo: new Date('2026-04-30T00:00:00+09:00'),
  });
  const s = await makeStudent(t.db, {
    postcode: '180-0001',
    phone1: '0422-11-2222',
    mail1: 'a@example.jp',
    emergencyName: '家族 太郎',
    emergencyRelation: '長男',
    emergencyPhone: '090-1111-2222',
  });
  await makeApplication(t.db, { courseId: course.id, studentId: s.id, remarks: '事務局のメモ' });
  // class days: a session today, and a confirmed student to check in
  courseId = course.id;
  await t.db
    .insert(courseSessions)
    .values({ courseId: course.id, no: 1, day: todayTokyo(), startsAt: '00:00', endsAt: '23:59' });
  const confirmed = await makeStudent(t.db, { mail1: 'b@example.jp', phone1: '0422-33-4444' });
  const seat = await makeApplication(t.db, {
    courseId: course.id,
    studentId: confirmed.id,
    lotteryStatus: '2',
    amountDue: 3000,
  });
  // a payment of that seat, with the office's note and the bank's payer name (the office's alone)
  await t.db.insert(payments).values({
    applicationId: seat.id,
    courseId: course.id,
    studentId: confirmed.id,
    amount: 3000,
    paidOn: todayTokyo(),
    method: 'bank',
    receiptNo: 'R-900001',
    note: '事務局のメモ',
    payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  });
  attendee = confirmed.loginId ?? '';
  // one who has not come: a row of the door's missing list
  const absent = await makeStudent(t.db, { mail1: 'c@example.jp', phone1: '0422-55-6666' });
  await makeApplication(t.db, { courseId: course.id, studentId: absent.id, lotteryStatus: '2' });
  // a winner with a day left to confirm who has not read the result: a row of the contact list
  const silent = await makeStudent(t.db, { mail1: 'd@example.jp', phone1: '0422-77-8888' });
  await makeApplication(t.db, {
    courseId: course.id,
    studentId: silent.id,
    lotteryStatus: '2',
    confirmBy: new Date(Date.now() + 86_400_000),
  });
  url = {
    '/api/admin/contact/list/': '/api/admin/contact/list/',
    '/api/admin/contact/list/csv/': '/api/admin/contact/list/csv/',
    '/api/admin/courselist/': '/api/admin/courselist/?control=1',
    '/api/admin/courselist/period/': '/api/admin/courselist/period/',
    '/api/admin/course/': `/api/admin/course/?id=${course.id}`,
    '/api/admin/course/categories/': '/api/admin/course/categories/',
    '/api/admin/course/picker/': '/api/admin/course/picker/',
    '/api/admin/courseapplicantlist/': `/api/admin/courseapplicantlist/?id=${course.id}`,
    '/api/admin/courseapplicantlist/csv/': `/api/admin/courseapplicantlist/csv/?id=${course.id}`,
    '/api/admin/courseapplicantdetail/': `/api/admin/courseapplicantdetail/?id=${course.id}&user_id=${s.id}`,
    '/api/admin/checkin/courses/': '/api/admin/checkin/courses/',
    '/api/admin/checkin/missing/': `/api/admin/checkin/missing/?course_id=${course.id}&session_no=1`,
    '/api/admin/worklist/': '/api/admin/worklist/',
    '/api/admin/payment/list/': `/api/admin/payment/list/?course_id=${course.id}`,
    '/api/admin/course/fee/': `/api/admin/course/fee/?course_id=${course.id}`,
    '/api/admin/statistics/summary/': '/api/admin/statistics/summary/?fy=2026',
    '/api/admin/statistics/groups/': '/api/admin/statistics/groups/?fy=2026',
    '/api/admin/statistics/sessions/': '/api/admin/statistics/sessions/?fy=2026',
    '/api/admin/statistics/students/': '/api/admin/statistics/students/?fy=2026',
    '/api/admin/statistics/trends/': '/api/admin/statistics/trends/?fy=2026',
    '/api/admin/statistics/csv/': '/api/admin/statistics/csv/?fy=2026&table=courses',
  };
});
afterAll(() => t.close());

/** The figures of a set of courses: counts and ratios, the same for every caller. */
const FIGURES = Object.keys(courseFiguresSchema.shape);

/**
 * The keys an authority-2 admin may receive, per route; lists name the keys of each row. A CSV download
 * (decision 021) names the columns of its header record.
 */
const ALLOWED: Record<string, { top: string[]; row?: { in: string; keys: string[] }; csv?: string[] }> = {
  '/api/admin/courselist/': {
    top: ['data_list', 'is_end'],
    row: {
      in: 'data_list',
      keys: [
        'id',
        'course_id',
        'course_name',
        'organ',
        'period_f',
        'period_t',
        'period',
        'c_num',
        'image',
        'state',
      ],
    },
  },
  '/api/admin/course/picker/': {
    top: ['data_list', 'total', 'is_end'],
    row: { in: 'data_list', keys: ['id', 'course_id', 'course_name', 'organ', 'state'] },
  },
  '/api/admin/courselist/period/': { top: ['date_start', 'date_end'] },
  '/api/admin/course/': {
    top: [
      'id',
      'course_id',
      'course_name',
      'content',
      'organ',
      'univ_id',
      'period_f',
      'period_t',
      'capacity',
      'application',
      'period',
      'all_times',
      'venue',
      'street_address',
      'status',
      'keyword',
      // class days: authority 2 checks its courses' students in at the door
      'sessions',
      'remind',
      'bring',
    ],
  },
  // the door's list of today's classes: no student in it, only counts
  '/api/admin/checkin/courses/': {
    top: ['today', 'data_list'],
    row: {
      in: 'data_list',
      keys: [
        'course_id',
        'course_name',
        'session_no',
        'day',
        'start',
        'end',
        'room',
        'venue',
        'checked_in',
        'expected',
      ],
    },
  },
  // a course's fee rule and its amounts (decision 077): read-only, nothing about a student
  // its own courses' payments: each seat by 氏名カナ, its state and its payments, never the office's notes
  // (see below); a receipt is the office's (decision 085)
  '/api/admin/payment/list/': {
    top: ['course_id', 'course_name', 'required', 'total', 'page', 'per_page', 'totals', 'list'],
    row: {
      in: 'list',
      keys: [
        'application_id',
        'user_id',
        'name_kana',
        'lottery_status',
        'lottery_status_text',
        'cancelled',
        'amount_due',
        'pay_by',
        'paid_at',
        'net',
        'outstanding',
        'state',
        'refund_owed',
        'payments',
      ],
    },
  },
  '/api/admin/course/fee/': {
    top: [
      'course_id',
      'required',
      'how_to_pay',
      'pay_days',
      'pay_by_date',
      'auto_lapse',
      'refund_days',
      'refund_note',
      'tuition_fee',
      'tuition_fee1',
      'material_cost',
      'updated_at',
    ],
  },
  // who the door is still waiting for: the names to check against, no phone or other contact
  '/api/admin/checkin/missing/': {
    top: ['session_no', 'total', 'data_list'],
    row: { in: 'data_list', keys: ['login_id', 'name', 'name_kana'] },
  },
  // the work list: counts, its university's courses and classes; no student, and the students' and the
  // outbox's and the jobs' cards are null (authority 1's)
  '/api/admin/worklist/': {
    top: [
      'today',
      'tomorrow',
      'unapproved',
      'awaiting_draw',
      'contact',
      'deadlines',
      'waitlist',
      'unpaid',
      'sessions',
      'mail',
      'jobs',
    ],
    row: {
      in: 'sessions',
      keys: ['course_id', 'course_name', 'session_no', 'day', 'start', 'end', 'checked_in', 'expected'],
    },
  },
  // the programme in numbers (decision 059): counts of its university's courses and their students, no
  // person; no admissions (the office's), so that key is null; the summary names its own university (the
  // report's title page)
  '/api/admin/statistics/summary/': { top: ['period', 'figures', 'university'] },
  '/api/admin/statistics/groups/': {
    top: ['period', 'group', 'total', 'page', 'size', 'data_list'],
    row: { in: 'data_list', keys: ['course_id', 'code', 'name', ...FIGURES] },
  },
  '/api/admin/statistics/sessions/': {
    top: ['period', 'sessions'],
    row: { in: 'sessions', keys: ['no', 'recorded', 'attended', 'rate'] },
  },
  '/api/admin/statistics/students/': {
    top: [
      'period',
      'students',
      'ages',
      'genders',
      'wards',
      'towns',
      'newcomers',
      'generations',
      'admissions',
    ],
    row: { in: 'towns', keys: ['label', 'count'] },
  },
  '/api/admin/statistics/trends/': {
    top: ['period', 'months', 'years'],
    row: { in: 'years', keys: ['fy', 'students', ...FIGURES] },
  },
  '/api/admin/statistics/csv/': {
    top: [],
    csv: ['講座ID', '講座名', ...FIGURE_COLUMNS.map((c) => c.header)],
  },
  '/api/admin/course/categories/': { top: [], row: { in: '', keys: ['id', 'name'] } },
  // the contact list (decisions 065, 087): its university's winners near a deadline, one row a person by
  // 氏名カナ, each reason the course's side alone (contact-authority.test.ts reads the reasons' keys)
  '/api/admin/contact/list/': {
    top: ['days', 'total', 'page', 'size', 'limited', 'data_list'],
    row: { in: 'data_list', keys: ['key', 'user_id', 'name_kana', 'deadline', 'reasons'] },
  },
  '/api/admin/contact/list/csv/': { top: [], csv: ['氏名カナ', '講座', '内容', '期限', '既読'] },
  '/api/admin/courseapplicantlist/': {
    top: ['data_list'],
    row: { in: 'data_list', keys: ['course_applicant_id', 'course_id', 'student_id', 'name_kana'] },
  },
  '/api/admin/courseapplicantlist/csv/': { top: [], csv: ['氏名カナ'] },
  '/api/admin/courseapplicantdetail/': {
    top: [
      'course_applicant_id',
      'course_id',
      'user_id',
      'student_id',
      'login_id',
      'name',
      'name_kana',
      'lottery_status',
      'how_apply',
      'updated_at',
      'course_name',
      'gender',
      'aid_tuition_fee',
      'is_student',
      'is_email',
    ],
  },
};

/** The calls (not reads) an authority-2 admin may make, and the keys of their answers. */
const POST_ALLOWED: Record<string, { top: string[]; student: string[] }> = {
  // the door: 出席 for its university's course; the name is what the staff checks against
  '/api/admin/checkin/': {
    top: ['result', 'session_no', 'student'],
    student: ['login_id', 'name', 'name_kana'],
  },
};

describe('what an authority-2 admin receives', () => {
  it('every route an authority-2 admin may call is in the allowlist', () => {
    const open = t.app.apiRoutes.filter((r) => r.guard === 'admin').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(
      [
        ...Object.keys(ALLOWED).map((u) => `GET ${u}`),
        ...Object.keys(POST_ALLOWED).map((u) => `POST ${u}`),
      ].sort(),
    );
  });

  it('a check-in answers the checked-in student’s number, name and kana, nothing more', async () => {
    const res = await post(
      t.app,
      '/api/admin/checkin/',
      { course_id: courseId, login_id: attendee },
      cast.univ,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...POST_ALLOWED['/api/admin/checkin/']!.top].sort());
    expect(Object.keys(body.student).sort()).toEqual(
      [...POST_ALLOWED['/api/admin/checkin/']!.student].sort(),
    );
  });

  it('each answer carries exactly the allowed fields', async () => {
    for (const [route, allowed] of Object.entries(ALLOWED)) {
      const res = await get(t.app, url[route]!, cast.univ);
      expect(res.statusCode, route).toBe(200);
      if (allowed.csv) {
        const [header, ...rows] = res.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean);
        expect(header?.split(','), route).toEqual(allowed.csv);
        expect(rows.length, `${route} has a row to check`).toBeGreaterThan(0);
        for (const row of rows) expect(row.split(',').length, route).toBe(allowed.csv.length);
        continue;
      }
      const body = res.json();
      if (allowed.row?.in === '') {
        for (const row of body as object[])
          expect(Object.keys(row).sort(), route).toEqual([...allowed.row.keys].sort());
        continue;
      }
      expect(Object.keys(body).sort(), route).toEqual([...allowed.top].sort());
      if (allowed.row) {
        const rows = body[allowed.row.in] as object[];
        expect(rows.length, `${route} has a row to check`).toBeGreaterThan(0);
        for (const row of rows) expect(Object.keys(row).sort(), route).toEqual([...allowed.row.keys].sort());
      }
    }
  });

  it('a payment shows a partner university what was paid, not the office’s note or the bank’s payer name', async () => {
    const seats = (await get(t.app, url['/api/admin/payment/list/']!, cast.univ)).json().list;
    const paid = seats.flatMap((s: { payments: object[] }) => s.payments);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 3000, receipt_no: 'R-900001', note: '', payer_name: '' });
    // the office sees them
    const office = (await get(t.app, url['/api/admin/payment/list/']!, cast.admin)).json().list;
    expect(office.flatMap((s: { payments: object[] }) => s.payments)[0]).toMatchObject({
      note: '事務局のメモ',
      payer_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    });
  });

  it('the contact list holds no name, number or telephone of the person for authority 2', async () => {
    const res = await get(t.app, url['/api/admin/contact/list/']!, cast.univ);
    for (const row of res.json().data_list)
      for (const key of ['login_id', 'name', 'phone1', 'phone2', 'last_call'])
        expect(row).not.toHaveProperty(key);
    expect(res.body).not.toContain('0422-77-8888');
  });

  it('the statistics have no admissions (the office’s) for authority 2', async () => {
    const res = await get(t.app, url['/api/admin/statistics/students/']!, cast.univ);
    expect(res.json().admissions).toBeNull();
  });

  it("the work list has no students', outbox's or jobs' card for authority 2", async () => {
    const res = await get(t.app, url['/api/admin/worklist/']!, cast.univ);
    expect(res.json()).toMatchObject({ unapproved: null, mail: null, jobs: null });
  });

  it('the applicant detail holds none of the emergency contact or the office remarks', async () => {
    const res = await get(t.app, url['/api/admin/courseapplicantdetail/']!, cast.univ);
    expect(res.body).not.toContain('家族 太郎');
    expect(res.body).not.toContain('長男');
    expect(res.body).not.toContain('事務局のメモ');
    const full = await get(t.app, url['/api/admin/courseapplicantdetail/']!, cast.admin);
    expect(full.json()).toMatchObject({
      e_name: '家族 太郎',
      e_emereletion: '長男',
      remarks: '事務局のメモ',
    });
  });
});
