import { MSG } from '@manabi/shared';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { defaultGenerationId, STUDENT_MSG } from '@manabi/shared/schemas/student';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, students } from '../../db/schema';
import { createTestApp, get, loginAsAdmin, makeCast, post, type TestApp } from '../../test/app';
import { makeAdmin, makeStudent } from '../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

/** A complete, valid body of the new-student form; tests override what they care about. */
const body = (over: Record<string, unknown> = {}) => ({
  login_id: '26100001',
  generation_id: '2610',
  name: '佐藤 次郎',
  name_kana: 'サトウ ジロウ',
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
  total_units: '0',
  filing_date: '2026-04-01',
  date_issue_num: '',
  is_graduation: '0',
  is_rejection: '0',
  is_email: '1',
  is_attendance: '1',
  student_type: '1',
  remarks: '',
  password: 'jiro-pass1',
  password2: 'jiro-pass1',
  ...over,
});

/** The approval form of a pending admission: its fields plus the decision. */
const approval = (s: typeof students.$inferSelect, over: Record<string, unknown> = {}) => ({
  user_id: s.id,
  updated_at: s.updatedAt.toISOString(),
  name: s.name,
  name_kana: s.nameKana,
  postcode: s.postcode,
  pref: s.pref,
  street_name1: s.streetName1,
  street_name2: s.streetName2,
  address: s.address,
  street_name3: s.streetName3,
  birthday: s.birthday,
  gender: s.gender === null ? '' : String(s.gender),
  phone_1: s.phone1,
  phone_2: s.phone2,
  mail_1: s.mail1,
  mail_1_confirm: s.mail1,
  mail_2: s.mail2,
  mail_2_confirm: s.mail2,
  emergency_name: s.emergencyName,
  emergency_emereletion: s.emergencyRelation,
  emergency_phone: s.emergencyPhone,
  filing_date: s.filingDate,
  is_email: s.isEmail ? '1' : '0',
  is_attendance: s.isAttendance ? '1' : '0',
  student_type: s.studentType,
  remarks: s.remarks,
  approval_status: '1',
  generation_id: '2620',
  password: 'approved01',
  password2: 'approved01',
  ...over,
});

const pending = (over: Partial<typeof students.$inferInsert> = {}) =>
  makeStudent(t.db, {
    loginId: null,
    generationId: null,
    passwordHash: null,
    approvalStatus: '0',
    dateIssue: null,
    postcode: '107-0052',
    streetName1: '港区赤坂',
    address: '3-1',
    phone1: '03-5555-0101',
    filingDate: '2026-11-01',
    ...over,
  });

const row = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]!;
const byLogin = async (loginId: string) =>
  (await t.db.select().from(students).where(eq(students.loginId, loginId)))[0];
const studentCount = async () => (await t.db.select({ n: count() }).from(students))[0]!.n;
const audits = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(id))));
const errOf = (res: { json(): unknown }) =>
  (res.json() as { err_list: { name: string; msg: string }[] }).err_list;

describe('who may call the student form calls', () => {
  const calls: [string, (cookie?: string) => ReturnType<typeof get>][] = [
    ['loginid/exist', (c) => get(t.app, '/api/admin/student/loginid/exist/?login_id=24040001', c)],
    ['loginid/next', (c) => get(t.app, '/api/admin/student/loginid/next/?generation_id=2404', c)],
    ['add', (c) => post(t.app, '/api/admin/student/add/', body({ login_id: '26109990' }), c)],
    ['update', (c) => post(t.app, '/api/admin/student/update/', { user_id: 1 }, c)],
    ['approval', (c) => post(t.app, '/api/admin/student/approval/', { user_id: 1 }, c)],
  ];
  it.each(calls)(
    '%s: authority 2 and a student → 403, nobody → 401, nothing written',
    async (_name, call) => {
      const before = await studentCount();
      expect((await call(univ)).statusCode).toBe(403);
      expect((await call(student)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
      expect(await studentCount()).toBe(before);
    },
  );
});

describe('GET /api/admin/student/loginid/exist/', () => {
  it('says whether a login id is used, leaving out the student being edited', async () => {
    const own = await byLogin('24040001');
    const exist = async (q: string) => {
      const res = await get(t.app, `/api/admin/student/loginid/exist/?${q}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await exist('login_id=24040001')).toEqual({ is_exist: true });
    expect(await exist(`login_id=24040001&id=${own!.id}`)).toEqual({ is_exist: false });
    expect(await exist(`login_id=24040001&id=${own!.id + 1000}`)).toEqual({ is_exist: true });
    expect(await exist('login_id=29999999')).toEqual({ is_exist: false });
    expect(await exist('login_id=29999999&id=')).toEqual({ is_exist: false });
  });

  it('422 on a login id that is not 8 digits', async () => {
    const res = await get(t.app, '/api/admin/student/loginid/exist/?login_id=1234', admin);
    expect(res.statusCode).toBe(422);
    expect(errOf(res)).toEqual([{ name: 'login_id', msg: MSG.digits8 }]);
  });
});

describe('GET /api/admin/student/loginid/next/', () => {
  it('gives generation_id + the next free sequence, 0001 for a new generation', async () => {
    const next = async (q: string) =>
      (await get(t.app, `/api/admin/student/loginid/next/?${q}`, admin)).json();
    expect(await next('generation_id=2630')).toEqual({ generation_id: '2630', login_id: '26300001' });
    await makeStudent(t.db, { loginId: '26300001', generationId: '2630' });
    await makeStudent(t.db, { loginId: '26300007', generationId: '2630' });
    expect(await next('generation_id=2630')).toEqual({ generation_id: '2630', login_id: '26300008' });
  });

  it("defaults to the current fiscal year's April generation", async () => {
    const res = await get(t.app, '/api/admin/student/loginid/next/', admin);
    expect(res.statusCode).toBe(200);
    const gen = defaultGenerationId(todayTokyo());
    expect(res.json()).toEqual({
      generation_id: gen,
      login_id: expect.stringMatching(new RegExp(`^${gen}\\d{4}$`)),
    });
  });

  it('422 when the generation is full or malformed', async () => {
    await makeStudent(t.db, { loginId: '26319999', generationId: '2631' });
    const full = await get(t.app, '/api/admin/student/loginid/next/?generation_id=2631', admin);
    expect(full.statusCode).toBe(422);
    expect(errOf(full)[0]!.name).toBe('generation_id');
    const bad = await get(t.app, '/api/admin/student/loginid/next/?generation_id=26', admin);
    expect(bad.statusCode).toBe(422);
    expect(errOf(bad)).toEqual([{ name: 'generation_id', msg: MSG.digits4 }]);
  });
});

describe('POST /api/admin/student/add/', () => {
  it('creates an approved student with a hashed password who can log in to the my-page', async () => {
    const res = await post(t.app, '/api/admin/student/add/', body({ name: '佐藤　次郎' }), admin);
    expect(res.statusCode).toBe(200);
    const { user_id } = res.json();
    expect(res.json()).toEqual({ result: true, user_id, login_id: '26100001' });
    expect(res.body).not.toContain('jiro-pass1');
    const s = await row(user_id);
    expect(s).toMatchObject({
      loginId: '26100001',
      generationId: '2610',
      name: '佐藤　次郎',
      nameKey: '佐藤次郎',
      approvalStatus: '1',
      dateIssue: todayTokyo(),
      gender: 1,
      isEmail: true,
      streetName1: '港区芝公園',
    });
    expect(s.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await audits(user_id)).map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify((await audits(user_id))[0]!.detail)).not.toContain('jiro-pass1');
    const login = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '26100001',
      password: 'jiro-pass1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('422 「この学生番号はすでに使われています」 on a used login id, nothing written', async () => {
    const before = await studentCount();
    const res = await post(
      t.app,
      '/api/admin/student/add/',
      body({ login_id: '24040001', generation_id: '2404' }),
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(errOf(res)).toEqual([{ name: 'login_id', msg: STUDENT_MSG.loginIdInUse }]);
    expect(await studentCount()).toBe(before);
  });

  it('two adds of the same login id at once: one 200, one 422', async () => {
    const [a, b] = await Promise.all([
      post(t.app, '/api/admin/student/add/', body({ login_id: '26100050' }), admin),
      post(t.app, '/api/admin/student/add/', body({ login_id: '26100050', name: '別の人' }), admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(errOf(refused)).toEqual([{ name: 'login_id', msg: STUDENT_MSG.loginIdInUse }]);
    expect(await t.db.select().from(students).where(eq(students.loginId, '26100050'))).toHaveLength(1);
  });

  it("without login_id the generation's next free number is assigned, also for parallel adds (SPEC §4)", async () => {
    const without = (name: string) => {
      const { login_id: _omitted, ...rest } = body({ name, generation_id: '2701' });
      return rest;
    };
    const answers = await Promise.all(
      ['一人目', '二人目', '三人目'].map((name) =>
        post(t.app, '/api/admin/student/add/', without(name), admin),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = answers.map((r) => r.json().login_id as string).sort();
    expect(ids).toEqual(['27010001', '27010002', '27010003']);
    for (const r of answers) expect((await row(r.json().user_id)).loginId).toBe(r.json().login_id);
    // a given login id is still checked: format and generation prefix
    const bad = await post(
      t.app,
      '/api/admin/student/add/',
      body({ login_id: '2701', generation_id: '2701' }),
      admin,
    );
    expect(errOf(bad)).toEqual([{ name: 'login_id', msg: MSG.digits8 }]);
  });

  it('422 on each bad field with SPEC §5 messages, nothing written', async () => {
    const before = await studentCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ login_id: '2610001' }, 'login_id', MSG.digits8],
      [{ login_id: '26110001' }, 'login_id', MSG.loginIdGeneration],
      [{ generation_id: '26' }, 'generation_id', MSG.digits4],
      [{ name: '' }, 'name', MSG.required],
      [{ name: 'あ'.repeat(31) }, 'name', MSG.maxLen(30)],
      [{ postcode: '1050' }, 'postcode', MSG.postcode],
      [{ street_name1: '' }, 'street_name1', MSG.required],
      [{ birthday: '' }, 'birthday', MSG.required],
      [{ phone_2: '03-1111-2222' }, 'phone_2', MSG.mustDiffer('電話番号2')],
      [{ mail_1_confirm: 'other@example.jp' }, 'mail_1_confirm', MSG.notMatch('メールアドレス1')],
      [{ total_units: '-1' }, 'total_units', MSG.zeroOrPositiveInt],
      [{ filing_date: '' }, 'filing_date', MSG.required],
      [{ password: '', password2: '' }, 'password', MSG.required],
      [{ password: 'short', password2: 'short' }, 'password', MSG.minLen(8)],
      [{ password2: 'different1' }, 'password2', MSG.notMatch('パスワード')],
      [{ student_type: '9' }, 'student_type', MSG.invalidChoice],
    ];
    for (const [over, name, msg] of cases) {
      const res = await post(
        t.app,
        '/api/admin/student/add/',
        body({ login_id: '26100099', ...over }),
        admin,
      );
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errOf(res), JSON.stringify(over)).toContainEqual({ name, msg });
    }
    expect(await studentCount()).toBe(before);
  });
});

describe('POST /api/admin/student/update/', () => {
  const addOne = async (loginId: string) => {
    const res = await post(
      t.app,
      '/api/admin/student/add/',
      body({ login_id: loginId, generation_id: loginId.slice(0, 4) }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    return row(res.json().user_id);
  };
  const update = (s: typeof students.$inferSelect, over: Record<string, unknown> = {}) =>
    post(
      t.app,
      '/api/admin/student/update/',
      body({
        user_id: s.id,
        updated_at: s.updatedAt.toISOString(),
        login_id: s.loginId,
        generation_id: s.generationId,
        password: '',
        password2: '',
        ...over,
      }),
      admin,
    );

  it('changes the fields and keeps the password unless a new one is given', async () => {
    const s = await addOne('26400001');
    const res = await update(s, { name: '佐藤　三郎', street_name1: '渋谷区神南', total_units: '12' });
    expect(res.statusCode).toBe(200);
    const after = await row(s.id);
    expect(after).toMatchObject({
      name: '佐藤　三郎',
      nameKey: '佐藤三郎',
      streetName1: '渋谷区神南',
      totalUnits: 12,
    });
    expect(after.passwordHash).toBe(s.passwordHash);
    expect(after.dateIssue).toBe(s.dateIssue);
    // the entry: the record's standing before → after, the person's data by field name only
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(s.id))));
    expect(entry!.detail).toMatchObject({
      changes: { totalUnits: [s.totalUnits, 12] },
      changed_fields: ['name', 'streetName1'],
    });
    expect(JSON.stringify(entry!.detail)).not.toContain('三郎');
    expect(after.updatedAt.getTime()).toBeGreaterThan(s.updatedAt.getTime());

    const again = await update(after, { password: 'newpass123', password2: 'newpass123' });
    expect(again.statusCode).toBe(200);
    expect((await row(s.id)).passwordHash).not.toBe(s.passwordHash);
    const login = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '26400001',
      password: 'newpass123',
    });
    expect(login.statusCode).toBe(200);
    expect((await audits(s.id)).map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('changes the login id, but never to one another student uses', async () => {
    const s = await addOne('26400002');
    const taken = await update(s, { login_id: '24040001', generation_id: '2404' });
    expect(taken.statusCode).toBe(422);
    expect(errOf(taken)).toEqual([{ name: 'login_id', msg: STUDENT_MSG.loginIdInUse }]);
    const moved = await update(s, { login_id: '26400102' });
    expect(moved.statusCode).toBe(200);
    expect((await row(s.id)).loginId).toBe('26400102');
  });

  it('409 when someone saved first, nothing changed', async () => {
    const s = await addOne('26400003');
    expect((await update(s, { name: '先に保存' })).statusCode).toBe(200);
    const res = await update(s, { name: '後から保存' });
    expect(res.statusCode).toBe(409);
    expect((await row(s.id)).name).toBe('先に保存');
  });

  it('404 for a missing, pending or rejected student; 422 on bad input', async () => {
    const s = await addOne('26400004');
    const p = await pending();
    const r = await pending({ approvalStatus: '2' });
    expect((await update({ ...s, id: 999999 })).statusCode).toBe(404);
    expect((await update({ ...p, loginId: '26400104', generationId: '2640' })).statusCode).toBe(404);
    expect((await update({ ...r, loginId: '26400105', generationId: '2640' })).statusCode).toBe(404);
    const bad = await update(s, { phone_1: '', updated_at: '' });
    expect(bad.statusCode).toBe(422);
    expect(errOf(bad)).toContainEqual({ name: 'phone_1', msg: MSG.required });
    expect(errOf(bad)).toContainEqual({ name: 'updated_at', msg: MSG.lockStampMissing });
    expect((await row(s.id)).updatedAt).toEqual(s.updatedAt);
  });
});

describe('POST /api/admin/student/approval/', () => {
  it('approves: login id assigned, password hashed, card issued today, mail queued; the student logs in', async () => {
    const p = await pending({ name: '高橋 誠', mail1: 'makoto@example.jp' });
    const res = await post(t.app, '/api/admin/student/approval/', approval(p, { name: '高橋　誠' }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, user_id: p.id, approval_status: '1', login_id: '26200001' });
    const s = await row(p.id);
    expect(s).toMatchObject({
      approvalStatus: '1',
      loginId: '26200001',
      generationId: '2620',
      dateIssue: todayTokyo(),
      name: '高橋　誠',
      nameKey: '高橋誠',
    });
    expect(s.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'makoto@example.jp'));
    expect(mail!.subject).toBe('【まなび】入学承認のお知らせ');
    expect(mail!.studentId).toBe(p.id);
    expect(mail!.body).toContain('高橋　誠 様');
    expect(mail!.body).toContain('学生番号：26200001');
    expect(mail!.body).toContain('/mypage/login');
    expect(mail!.body).not.toContain('approved01');
    expect((await audits(p.id)).map((a) => a.action)).toEqual(['approve']);

    const login = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '26200001',
      password: 'approved01',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ login_id: '26200001' });

    // approved now: the approval screen's call no longer applies
    const again = await post(t.app, '/api/admin/student/approval/', approval(s), admin);
    expect(again.statusCode).toBe(404);
  });

  it('no mail when the student declined mail or has no address', async () => {
    const noMail = await pending({ mail1: 'nomail@example.jp', isEmail: false });
    const noAddress = await pending({ mail1: '' });
    const before = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    expect(
      (await post(t.app, '/api/admin/student/approval/', approval(noMail, { is_email: '0' }), admin))
        .statusCode,
    ).toBe(200);
    expect((await post(t.app, '/api/admin/student/approval/', approval(noAddress), admin)).statusCode).toBe(
      200,
    );
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n).toBe(before);
  });

  it('two approvals in the same generation at once get different login ids', async () => {
    const a = await pending();
    const b = await pending();
    const [ra, rb] = await Promise.all([
      post(t.app, '/api/admin/student/approval/', approval(a, { generation_id: '2621' }), admin),
      post(t.app, '/api/admin/student/approval/', approval(b, { generation_id: '2621' }), admin),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect([ra.json().login_id, rb.json().login_id].sort()).toEqual(['26210001', '26210002']);
  });

  it('rejects with remarks; a rejected admission can be approved later', async () => {
    const p = await pending({ mail1: '' });
    const res = await post(
      t.app,
      '/api/admin/student/approval/',
      approval(p, {
        approval_status: '2',
        remarks: '区外在住のため',
        generation_id: '',
        password: 'x',
        password2: '',
      }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, user_id: p.id, approval_status: '2', login_id: null });
    const r = await row(p.id);
    expect(r).toMatchObject({
      approvalStatus: '2',
      remarks: '区外在住のため',
      loginId: null,
      passwordHash: null,
    });
    const approved = await post(
      t.app,
      '/api/admin/student/approval/',
      approval(r, { generation_id: '2622' }),
      admin,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().login_id).toBe('26220001');
    expect((await audits(p.id)).map((a) => a.action)).toEqual(['reject', 'approve']);
  });

  it('422 on what each choice requires, nothing written', async () => {
    const p = await pending();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ approval_status: '' }, 'approval_status', '承認するか却下するかを選んでください'],
      [{ approval_status: '3' }, 'approval_status', MSG.invalidChoice],
      [{ generation_id: '' }, 'generation_id', MSG.required],
      [{ generation_id: '26a1' }, 'generation_id', MSG.digits4],
      [{ password: '', password2: '' }, 'password', MSG.required],
      [{ password: 'パスワード12345', password2: 'パスワード12345' }, 'password', MSG.asciiPrintable],
      [{ password: 'toolongpassword1', password2: 'toolongpassword1' }, 'password', MSG.maxLen(12)],
      [{ password2: 'approved02' }, 'password2', MSG.notMatch('パスワード')],
      [{ approval_status: '2', remarks: '' }, 'remarks', '却下の理由を備考に入力してください'],
      [{ approval_status: '2', remarks: 'あ'.repeat(501) }, 'remarks', MSG.maxLen(500)],
      [{ name: '' }, 'name', MSG.required],
      [{ mail_1_confirm: 'x@example.jp' }, 'mail_1_confirm', MSG.notMatch('メールアドレス1')],
    ];
    for (const [over, name, msg] of cases) {
      const res = await post(t.app, '/api/admin/student/approval/', approval(p, over), admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errOf(res), JSON.stringify(over)).toContainEqual({ name, msg });
    }
    expect(await row(p.id)).toEqual(p);
  });

  it('409 when the admission changed since it was loaded; 404 when missing', async () => {
    const p = await pending();
    const first = await post(
      t.app,
      '/api/admin/student/approval/',
      approval(p, { approval_status: '2', remarks: '一度目' }),
      admin,
    );
    expect(first.statusCode).toBe(200);
    const stale = await post(t.app, '/api/admin/student/approval/', approval(p), admin);
    expect(stale.statusCode).toBe(409);
    expect((await row(p.id)).approvalStatus).toBe('2');
    expect(
      (await post(t.app, '/api/admin/student/approval/', approval({ ...p, id: 999999 }), admin)).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/common/postcode/{code}', () => {
  it('answers anyone with the prefecture, city and town of a known code', async () => {
    const res = await get(t.app, '/api/common/postcode/1050011');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [{ prefecture: '東京都', city: '港区', town: '芝公園' }] });
    expect(res.headers['cache-control']).toContain('max-age');
    const many = (await get(t.app, '/api/common/postcode/4520961')).json();
    expect(many.results.length).toBeGreaterThan(1);
    expect(many.results[0]).toMatchObject({ prefecture: '愛知県', city: '清須市' });
  });

  it('404 for an unknown code, 422 for a malformed one', async () => {
    expect((await get(t.app, '/api/common/postcode/9999999')).statusCode).toBe(404);
    for (const code of ['105-0011', '105001', '10500111', 'abcdefg', '１０５００１１']) {
      const res = await get(t.app, `/api/common/postcode/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(422);
    }
  });
});

describe('the approval mail over SMTP', () => {
  let smtp: SmtpPeer;
  let received: SmtpPeer['received'];
  let m: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    m = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://manabi.example.jp',
    });
    await makeAdmin(m.db, { loginId: 'admin' });
  });
  afterAll(async () => {
    await m.close();
    await smtp.close();
  });

  it('reaches the student with the login id and the login page, without the password', async () => {
    const cookie = await loginAsAdmin(m.app);
    const [p] = await m.db
      .insert(students)
      .values({
        name: '高橋 誠',
        birthday: '1962-07-07',
        streetName1: '港区赤坂',
        mail1: 'makoto@example.jp',
      })
      .returning();
    const res = await post(
      m.app,
      '/api/admin/student/approval/',
      approval(p!, { address: '3-1', phone_1: '03-5555-0101', filing_date: '2026-11-01' }),
      cookie,
    );
    expect(res.statusCode).toBe(200);
    await m.app.deps.mailer.flush();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toMatchObject({ text: 'makoto@example.jp' });
    expect(received[0]!.subject).toBe('【まなび】入学承認のお知らせ');
    expect(received[0]!.text).toContain('学生番号：26200001');
    expect(received[0]!.text).toContain('https://manabi.example.jp/mypage/login');
    expect(received[0]!.text).not.toContain('approved01');
  });
});
