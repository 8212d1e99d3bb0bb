import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Data a journey makes for itself through the admin API, so that it never races another journey (or the
 * phone project) on the demo data. The request context must hold an admin session (loginAdmin).
 */

/** 'YYYY-MM-DDTHH:mm' in Asia/Tokyo, `days` from now (the course form's application period). */
export function tokyoLocal(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(Date.now() + days * 86_400_000))
    .replace(' ', 'T');
}

/** A short tag that makes names unique across runs and parallel workers. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * A public, freely cancellable lottery course open from yesterday to next week; `over` sets any field of
 * the course form (SPEC §3 Course). Returns the course's id.
 */
export async function addCourseAsAdmin(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const res = await request.post('/api/admin/course/add/', {
    data: {
      course_id: '',
      course_name: `E2E講座${uniqueTag()}`,
      content: '講座の内容です。\n二行目です。',
      organ: 'まなび市民大学',
      univ_id: '',
      period_f: tokyoLocal(-1),
      period_t: tokyoLocal(7),
      period: '毎週土曜日 10:00〜12:00',
      capacity: '30',
      minimum: '',
      all_times: '4',
      tuition_fee: '3000',
      tuition_fee1: '',
      material_cost: '500',
      venue: '市民会館',
      street_address: '',
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
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

export interface NewStudent {
  /** 4 digits; each spec uses its own (the login id starts with it) */
  generation: string;
  password: string;
  /** a fixed login id (no retry); otherwise the generation and 4 random digits */
  loginId?: string;
  /** any field of the admin student form, over the defaults below */
  fields?: Record<string, string>;
}

/**
 * An approved student with mail 1 (no mail sent: is_email 0). Without a fixed login id, the generation and 4
 * random digits, drawn again if another worker took it first. Returns the login id.
 */
export async function addStudentAsAdmin(request: APIRequestContext, s: NewStudent): Promise<string> {
  for (let attempt = 0; attempt < (s.loginId ? 1 : 5); attempt++) {
    const loginId =
      s.loginId ?? `${s.generation}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const mail = `student${loginId}@example.jp`;
    const res = await request.post('/api/admin/student/add/', {
      data: {
        login_id: loginId,
        generation_id: s.generation,
        name: '講座 太郎',
        name_kana: 'コウザ タロウ',
        postcode: '105-0011',
        pref: '東京都',
        street_name1: '港区芝公園',
        street_name2: '',
        address: '1-1',
        street_name3: '',
        birthday: '1958-04-01',
        gender: '',
        phone_1: `03-1111-${s.generation}`,
        phone_2: '',
        mail_1: mail,
        mail_1_confirm: mail,
        mail_2: '',
        mail_2_confirm: '',
        emergency_name: '講座 花子',
        emergency_emereletion: '妻',
        emergency_phone: '03-9999-0000',
        total_units: '0',
        filing_date: '2025-04-01',
        date_issue_num: '',
        is_graduation: '0',
        is_rejection: '0',
        is_email: '0',
        is_attendance: '1',
        student_type: '1',
        remarks: '',
        password: s.password,
        password2: s.password,
        ...s.fields,
      },
    });
    if (!s.loginId && res.status() === 422 && (await res.text()).includes('login_id')) continue;
    expect(res.status(), await res.text()).toBe(200);
    return loginId;
  }
  throw new Error(`no free login id in generation ${s.generation}`);
}

/**
 * Adds an approved student to a course as the office does (申込方法 電話 unless said; it works outside the
 * application period). Returns the student's user id.
 */
export async function addApplicantAsAdmin(
  request: APIRequestContext,
  courseId: number,
  loginId: string,
  howApply = '2',
): Promise<number> {
  const found = await request.get(
    `/api/admin/addcourseapplicant/studentlist/?id=${courseId}&login_id=${loginId}`,
  );
  const [row] = (await found.json()) as { user_id: number }[];
  expect(row, `${loginId} not yet applied`).toBeTruthy();
  const added = await request.post('/api/admin/addcourseapplicant/add/', {
    data: { course_id: courseId, user_id: row?.user_id, how_apply: howApply, remarks: '' },
  });
  expect(added.status(), await added.text()).toBe(200);
  return row?.user_id ?? 0;
}

/**
 * Draws the course as the office through SPEC §7's call, while its application period is still open (so with
 * a stated reason): 2 winners and the others ranked 補欠 unless `over` says otherwise.
 */
export async function drawAsAdmin(
  request: APIRequestContext,
  courseId: number,
  over: Record<string, unknown> = {},
) {
  const drawn = await request.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: '2',
      waitlist: '1',
      confirm_days: '',
      tiers: [],
      override_reason: '申込期間中の確認のため',
      ...over,
    },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
}
