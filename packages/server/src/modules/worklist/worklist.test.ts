import { todayTokyo } from '@manabi/shared/domain/dates';
import type { Worklist } from '@manabi/shared/schemas/worklist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseIntake, courseSessions, mailOutbox, noticeReads, notices } from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent, markDrawn } from '../../test/factories';

const LIST = '/api/admin/worklist/';
const RETRY = '/api/admin/worklist/mail/retry/';
const DAY = 86_400_000;
const fromNow = (ms: number) => new Date(Date.now() + ms);
const ymd = (offsetDays: number) => todayTokyo(fromNow(offsetDays * DAY));

let t: TestApp;
let cast: Cast;
/** the ids the fixture made, by what they stand for */
const made: Record<string, number> = {};

type CourseOver = Parameters<typeof makeCourse>[1];
type ApplicationOver = Partial<Parameters<typeof makeApplication>[1]>;

async function course(name: string, over: CourseOver = {}) {
  const c = await makeCourse(t.db, { universityId: 'U01', name, ...over });
  made[name] = c.id;
  return c.id;
}

/** A new student applying to the course with the given row values; the application's id. */
async function apply(courseId: number, over: ApplicationOver = {}) {
  const s = await makeStudent(t.db);
  return (await makeApplication(t.db, { courseId, studentId: s.id, ...over })).id;
}

async function applyMany(courseId: number, n: number, over: (i: number) => ApplicationOver) {
  for (let i = 0; i < n; i += 1) await apply(courseId, over(i));
}

/** A lottery course whose application period ended yesterday (no class days yet): the list's 抽選待ち. */
const closedLottery = { isLottery: true, periodFrom: fromNow(-10 * DAY), periodTo: fromNow(-DAY) };

const drawn = (courseId: number) => markDrawn(t.db, courseId);

/** A winner's result notice, as the draw writes it, opened (read) by the student or not. */
async function resultNotice(applicationId: number, isRead: boolean) {
  const a = (await t.db.query.courseApplications.findFirst({
    where: (x, { eq }) => eq(x.id, applicationId),
  }))!;
  const [n] = await t.db
    .insert(notices)
    .values({
      title: '抽選結果',
      content: '当選',
      publishedTo: 3,
      periodFrom: new Date(),
      studentId: a.studentId,
      courseId: a.courseId,
      applicationId: a.id,
      sourceKey: `lottery:9:${a.id}`,
    })
    .returning();
  if (isRead) await t.db.insert(noticeReads).values({ studentId: a.studentId, noticeId: n!.id });
}

const read = async (who: string) => {
  const res = await get(t.app, LIST, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Worklist;
};
const ids = (list: { course_id: number }[]) => list.map((c) => c.course_id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);

  // 未承認: two awaiting a decision; a rejected one is decided
  await makeStudent(t.db, { approvalStatus: '0', loginId: null });
  await makeStudent(t.db, { approvalStatus: '0', loginId: null });
  await makeStudent(t.db, { approvalStatus: '2', loginId: null });

  // 抽選待ち: closed and undrawn (ours, ours but private, another university's); drawn; still open
  const waiting = await course('draw-ours', closedLottery);
  await applyMany(waiting, 2, () => ({ lotteryStatus: '1' }));
  await course('draw-private', { ...closedLottery, status: '2' });
  await course('draw-other', { ...closedLottery, universityId: 'U02' });
  await drawn(await course('draw-done', closedLottery));
  await course('draw-open', { ...closedLottery, periodTo: fromNow(DAY) });

  // deadlines within 2 days: unread, read, 3 days out, confirmed, cancelled; another university's
  const dl = await course('deadline-ours');
  const soon = { lotteryStatus: '2', confirmBy: fromNow(DAY) };
  made.unread = await apply(dl, soon);
  made.read = await apply(dl, soon);
  await resultNotice(made.read, true);
  made.told = await apply(dl, soon);
  await resultNotice(made.told, false);
  await apply(dl, { ...soon, confirmBy: fromNow(3 * DAY) });
  await apply(dl, { ...soon, confirmedAt: new Date() });
  await apply(dl, { ...soon, cancelledAt: new Date() });
  await apply(await course('deadline-other', { universityId: 'U02' }), soon);

  // 補欠 with free seats and nobody to promote them
  const intake = async (courseId: number, over: Partial<typeof courseIntake.$inferInsert>) =>
    t.db.insert(courseIntake).values({ courseId, waitlist: true, ...over });
  const queue = async (courseId: number, winners: number, waiting: number) => {
    await applyMany(courseId, winners, () => ({ lotteryStatus: '2' }));
    await applyMany(courseId, waiting, (i) => ({ lotteryStatus: '5', waitlistRank: i + 1 }));
  };
  const manual = await course('wait-manual');
  await intake(manual, { seats: 2, autoPromote: false });
  await queue(manual, 1, 2); // one seat free, two waiting: counted 2
  const full = await course('wait-full');
  await intake(full, { seats: 1, autoPromote: false });
  await queue(full, 1, 1); // no seat free
  const auto = await course('wait-auto');
  await intake(auto, { seats: 2, autoPromote: true });
  await queue(auto, 1, 1); // promotes by itself
  const ended = await course('wait-ended');
  await intake(ended, { seats: 2, autoPromote: true, promoteUntil: ymd(-1) });
  await queue(ended, 0, 3); // its promotion period is over: counted 3
  const other = await course('wait-other', { universityId: 'U02' });
  await intake(other, { seats: 3, autoPromote: false });
  await queue(other, 0, 1);

  // classes today and tomorrow (and one the day after, not listed)
  const cls = await course('class-ours');
  await t.db.insert(courseSessions).values([
    { courseId: cls, no: 1, day: ymd(0), startsAt: '10:00', endsAt: '12:00' },
    { courseId: cls, no: 2, day: ymd(1), startsAt: '10:00', endsAt: '12:00' },
    { courseId: cls, no: 3, day: ymd(2), startsAt: '10:00', endsAt: '12:00' },
  ]);
  const present = ['1', ...Array(14).fill('0')];
  await applyMany(cls, 3, (i) => ({ lotteryStatus: '2', ...(i < 2 ? { attendance: present } : {}) }));
  // a winner still to confirm is not expected in class
  await apply(cls, { lotteryStatus: '2', confirmBy: fromNow(5 * DAY) });
  const clsOther = await course('class-other', { universityId: 'U02' });
  await t.db
    .insert(courseSessions)
    .values({ courseId: clsOther, no: 1, day: ymd(0), startsAt: '18:00', endsAt: '20:00' });

  // the outbox: two given up on (one carried a secret), one pending, one sent
  const mails = await t.db
    .insert(mailOutbox)
    .values([
      {
        to: 'taro@example.jp',
        subject: '【まなび】抽選結果',
        body: 'b',
        status: 'failed',
        attempts: 5,
        lastError: 'Error: 550 5.1.1 <taro@example.jp>: Recipient address rejected',
      },
      {
        to: 'hana@example.jp',
        subject: '【まなび】パスワード再設定',
        body: 'x',
        holdsSecret: true,
        status: 'failed',
      },
      { to: 'a@example.jp', subject: 'p', body: 'b', status: 'pending' },
      { to: 'b@example.jp', subject: 's', body: 'b', status: 'sent' },
    ])
    .returning({ id: mailOutbox.id });
  made.mail = mails[0]!.id;
  made.secretMail = mails[1]!.id;
  made.pendingMail = mails[2]!.id;
});
afterAll(() => t.close());

describe('who may read the work list', () => {
  it('nobody → 401, a student → 403, both authorities → 200', async () => {
    expect((await get(t.app, LIST)).statusCode).toBe(401);
    expect((await get(t.app, LIST, cast.student)).statusCode).toBe(403);
    expect((await get(t.app, LIST, cast.admin)).statusCode).toBe(200);
    expect((await get(t.app, LIST, cast.univ)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/worklist/ for authority 1', () => {
  let w: Worklist;
  beforeAll(async () => {
    w = await read(cast.admin);
  });

  it('counts the students awaiting approval, not the rejected', () => {
    expect(w.unapproved).toBe(2);
  });

  it('counts the lottery courses the course list shows as 抽選待ち: closed and undrawn, private ones named', () => {
    expect(w.awaiting_draw.count).toBe(3);
    expect(w.awaiting_draw.private_count).toBe(1);
    expect(ids(w.awaiting_draw.courses)).toEqual(
      [made['draw-ours'], made['draw-private'], made['draw-other']].sort((a, b) => a! - b!),
    );
    expect(w.awaiting_draw.courses.find((c) => c.course_id === made['draw-ours'])?.count).toBe(2);
  });

  it('counts winners to confirm within 2 days, and those who have not read their result', () => {
    expect(w.deadlines.count).toBe(4);
    // unread: no result notice; told but not opened; another university's winner (no notice)
    expect(w.deadlines.unread).toBe(3);
    expect(w.deadlines.courses.find((c) => c.course_id === made['deadline-ours'])?.count).toBe(3);
  });

  it('counts 補欠 on courses with a free seat whose promotion is by hand', () => {
    expect(w.waitlist.count).toBe(6);
    expect(w.waitlist.courses.map((c) => [c.course_id, c.count])).toEqual([
      [made['wait-ended'], 3],
      [made['wait-manual'], 2],
      [made['wait-other'], 1],
    ]);
  });

  it("lists today's and tomorrow's classes with 出席 n / m", () => {
    const ours = w.sessions.filter((s) => s.course_id === made['class-ours']);
    expect(ours.map((s) => [s.day, s.session_no, s.checked_in, s.expected])).toEqual([
      [ymd(0), 1, 2, 3],
      [ymd(1), 2, 0, 3],
    ]);
    expect(w.sessions.some((s) => s.course_id === made['class-other'])).toBe(true);
    expect(w.today).toBe(ymd(0));
  });

  it('lists the undelivered mail with its reason, the address left out', () => {
    expect(w.mail?.count).toBe(2);
    const failed = w.mail?.mails.find((m) => m.id === made.mail);
    expect(failed?.reason).toBe('Error: 550 5.1.1 <（宛先）>: Recipient address rejected');
    expect(failed?.can_retry).toBe(true);
    expect(w.mail?.mails.find((m) => m.id === made.secretMail)?.can_retry).toBe(false);
    expect(JSON.stringify(w)).not.toContain('example.jp');
  });
});

describe('GET /api/admin/worklist/ for authority 2', () => {
  let w: Worklist;
  beforeAll(async () => {
    w = await read(cast.univ);
  });

  it("counts its university's courses only, and has no student or mail card", () => {
    expect(w.unapproved).toBeNull();
    expect(w.mail).toBeNull();
    expect(w.awaiting_draw.count).toBe(2);
    expect(w.awaiting_draw.courses.map((c) => c.course_id)).not.toContain(made['draw-other']);
    expect(w.deadlines.count).toBe(3);
    expect(w.deadlines.unread).toBe(2);
    expect(w.waitlist.count).toBe(5);
    expect(w.sessions.some((s) => s.course_id === made['class-other'])).toBe(false);
    expect(w.sessions.some((s) => s.course_id === made['class-ours'])).toBe(true);
  });
});

describe('POST /api/admin/worklist/mail/retry/', () => {
  it('authority 2 and a student → 403, nobody → 401; nothing changes', async () => {
    expect((await post(t.app, RETRY, { id: made.mail }, cast.univ)).statusCode).toBe(403);
    expect((await post(t.app, RETRY, { id: made.mail }, cast.student)).statusCode).toBe(403);
    expect((await post(t.app, RETRY, { id: made.mail })).statusCode).toBe(401);
    const row = await t.db.query.mailOutbox.findFirst({ where: (m, { eq }) => eq(m.id, made.mail!) });
    expect(row?.status).toBe('failed');
  });

  it('refuses an erased body (422), an unknown mail (404) and one not failed (409)', async () => {
    const secret = await post(t.app, RETRY, { id: made.secretMail }, cast.admin);
    expect(secret.statusCode).toBe(422);
    expect(secret.json().err_list[0].name).toBe('id');
    expect((await post(t.app, RETRY, { id: 999_999 }, cast.admin)).statusCode).toBe(404);
    expect((await post(t.app, RETRY, { id: made.pendingMail }, cast.admin)).statusCode).toBe(409);
  });

  it('puts a failed mail back in line once, with an audit entry; the card no longer counts it', async () => {
    const res = await post(t.app, RETRY, { id: made.mail }, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.query.mailOutbox.findFirst({ where: (m, { eq }) => eq(m.id, made.mail!) });
    // no SMTP in tests: the mail hook logs it at once, or it waits in line
    expect(['pending', 'logged']).toContain(row?.status);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'mail_retry'));
    expect(entries.map((e) => e.entityId)).toEqual([String(made.mail)]);
    expect((await post(t.app, RETRY, { id: made.mail }, cast.admin)).statusCode).toBe(409);
    expect((await read(cast.admin)).mail?.count).toBe(1);
  });

  it('a bad id is a field error', async () => {
    const res = await post(t.app, RETRY, { id: 'x' }, cast.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list[0].name).toBe('id');
  });
});
