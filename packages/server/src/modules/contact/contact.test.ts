import type { ContactRow } from '@manabi/shared/schemas/contact';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  mailOutbox,
  noticeLetters,
  noticeReads,
  notices,
  studentCalls,
} from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

const LIST = '/api/admin/contact/list/';
const CSV = '/api/admin/contact/list/csv/';
const STUDENT = '/api/admin/contact/student/';
const CALL = '/api/admin/contact/call/add/';
const DECIDE = '/api/admin/courseapplicantlist/decide/';
const LETTERS = '/api/admin/contact/letters/';
const PRINTED = '/api/admin/contact/letters/printed/';
const LABELS = '/api/admin/contact/labels/csv/';
const LOTTERY = '/api/admin/courseapplicantlist/lottery/';

let t: TestApp;
let cast: Cast;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

interface Person {
  id: number;
  mail: boolean;
}

/**
 * A lottery course of the university with one applicant per entry of `who` (true: takes mail), drawn by the
 * office through SPEC §7's call with a one-day confirmation: the results are the system's own notices.
 */
async function drawnCourse(universityId: string, who: boolean[], winNum: number) {
  const course = await makeCourse(t.db, {
    universityId,
    isLottery: true,
    capacity: 100,
    name: `講座${++seq}`,
  });
  const people: Person[] = [];
  for (const mail of who) {
    seq += 1;
    const s = await makeStudent(t.db, {
      name: `連絡 ${seq}`,
      nameKana: `レンラク ${String(seq).padStart(3, '0')}`,
      mail1: mail ? `c${seq}@example.jp` : '',
      isEmail: mail,
      phone1: `0312340${String(seq).padStart(3, '0')}`,
      postcode: '1050011',
      pref: '東京都',
      streetName1: '港区芝公園',
      // the 丁目 as the admission form stores it, bare digits: the letter and the label still say 4丁目
      streetName2: '4',
      address: '2-8',
      streetName3: seq % 2 ? 'まなびハイツ101' : '',
    });
    await makeApplication(t.db, { courseId: course.id, studentId: s.id });
    people.push({ id: s.id, mail });
  }
  const res = await post(
    t.app,
    LOTTERY,
    { id: course.id, win_num: winNum, waitlist: '1', confirm_days: 1 },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { course, people };
}

const list = async (query: string, who = cast.admin) => {
  const res = await get(t.app, `${LIST}?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; limited: boolean; days: number; data_list: ContactRow[] };
};

const applicationOf = async (courseId: number, studentId: number) =>
  (await t.db.query.courseApplications.findFirst({
    where: (a, { and, eq, isNull }) =>
      and(eq(a.courseId, courseId), eq(a.studentId, studentId), isNull(a.cancelledAt)),
  }))!;

const resultOf = async (applicationId: number) =>
  (
    await t.db.select().from(notices).where(eq(notices.applicationId, applicationId)).orderBy(asc(notices.id))
  )[0]!;

describe('the contact list', () => {
  let ours: Awaited<ReturnType<typeof drawnCourse>>;
  let other: Awaited<ReturnType<typeof drawnCourse>>;
  let bounced: number;
  let changed: number;

  beforeAll(async () => {
    // two winners who take mail, one without; one 補欠 without mail
    ours = await drawnCourse('U01', [true, true, false, false], 3);
    other = await drawnCourse('U02', [true], 1);
    bounced = (await makeStudent(t.db, { mail1: 'gone@example.jp', mailBouncedAddress: 'GONE@example.jp' }))
      .id;
    changed = (await makeStudent(t.db, { mail1: 'new@example.jp', mailBouncedAddress: 'old@example.jp' })).id;
  });

  it('lists the unread winners near their deadline, with the mail their result went by', async () => {
    const winners = (
      await t.db
        .select()
        .from(courseApplications)
        .where(
          and(eq(courseApplications.courseId, ours.course.id), eq(courseApplications.lotteryStatus, '2')),
        )
    ).map((a) => a.studentId);
    expect(winners).toHaveLength(3);
    // one winner has opened the result: nothing to chase
    const reader = winners[0]!;
    const readResult = await resultOf((await applicationOf(ours.course.id, reader)).id);
    await t.db.insert(noticeReads).values({ studentId: reader, noticeId: readResult.id });

    const got = await list(`reason=deadline&course_id=${ours.course.id}`);
    expect(got.total).toBe(2);
    expect(got.data_list.map((r) => r.user_id).sort()).toEqual(winners.slice(1).sort());
    for (const row of got.data_list) {
      const person = ours.people.find((p) => p.id === row.user_id)!;
      const deadline = row.reasons.find((r) => r.reason === 'deadline')!;
      expect(deadline).toMatchObject({ pending: '当選の確定', read_at: null, course_id: ours.course.id });
      expect(deadline.deadline).not.toBeNull();
      expect(row.deadline).toBe(deadline.deadline);
      expect(deadline.notice_id).not.toBeNull();
      expect(row.name).toMatch(/^連絡 /);
      expect(row.phone1).toMatch(/^0312340/);
      // the draw's mail may have left already
      if (person.mail) expect(['pending', 'sent']).toContain(deadline.mail);
      else expect(deadline.mail).toBe('none');
    }
  });

  it('lists students whose current address was refused, not those who changed it since', async () => {
    const got = await list('reason=mail');
    const ids = got.data_list.map((r) => r.user_id);
    expect(ids).toContain(bounced);
    expect(ids).not.toContain(changed);
    const row = got.data_list.find((r) => r.user_id === bounced)!;
    expect(row.mail_undeliverable).toBe(true);
    expect(row.reasons).toMatchObject([{ reason: 'mail', pending: 'メールアドレスの確認' }]);
  });

  it('lists results to students without mail until their letter is printed', async () => {
    const noMail = ours.people.filter((p) => !p.mail).map((p) => p.id);
    const got = await list(`reason=letter&course_id=${ours.course.id}`);
    expect(got.data_list.map((r) => r.user_id).sort()).toEqual([...noMail].sort());
    const letterOf = (r: ContactRow) => r.reasons.find((x) => x.reason === 'letter')!;
    expect(got.data_list.every((r) => letterOf(r).mail === 'none' && !letterOf(r).letter_printed_at)).toBe(
      true,
    );

    // the letters of the course are theirs, in the my-page's words, with the address for the window
    const letters = (await get(t.app, `${LETTERS}?course_id=${ours.course.id}`, cast.admin)).json();
    expect(letters.letters.map((l: { user_id: number }) => l.user_id).sort()).toEqual([...noMail].sort());
    const first = letters.letters[0];
    const notice = (await t.db.select().from(notices).where(eq(notices.id, first.notice_id)))[0]!;
    expect(first).toMatchObject({ title: notice.title, postcode: '105-0011' });
    // the notice's own words; a letter that asks for an answer says how to give it on paper (letters-reply.test.ts)
    if (first.reply === null) expect(first.body).toBe(notice.content);
    else expect(first.body.split('\n')[0]).toBe(notice.content.split('\n')[0]);
    expect(first.address1).toBe('東京都港区芝公園4丁目2-8');
    expect(letters.office.phone).toBeTruthy();
    expect(
      (await get(t.app, `${LETTERS}?course_id=${ours.course.id}&who=all`, cast.admin)).json().letters,
    ).toHaveLength(4);

    const printed = await post(
      t.app,
      PRINTED,
      { notice_ids: letters.letters.map((l: { notice_id: number }) => l.notice_id) },
      cast.admin,
    );
    expect(printed.json()).toEqual({ result: true, count: 2 });
    // the ones not printed yet: none of these, but the others of everyone told
    const unprinted = (q: string) =>
      get(t.app, `${LETTERS}?course_id=${ours.course.id}&unprinted=1${q}`, cast.admin);
    expect((await unprinted('')).json().letters).toHaveLength(0);
    expect((await unprinted('&who=all')).json().letters).toHaveLength(2);
    const unprintedLabels = await get(
      t.app,
      `${LABELS}?source=letters&course_id=${ours.course.id}&who=all&unprinted=1`,
      cast.admin,
    );
    expect(unprintedLabels.body.trimEnd().split('\r\n')).toHaveLength(3);
    expect((await unprinted('2')).statusCode).toBe(422);
    expect((await list(`reason=letter&course_id=${ours.course.id}`)).total).toBe(0);
    const again = (await get(t.app, `${LETTERS}?course_id=${ours.course.id}`, cast.admin)).json();
    expect(again.letters.every((l: { printed_at: string | null }) => l.printed_at !== null)).toBe(true);
    const entry = await t.db.select().from(auditLog).where(eq(auditLog.action, 'letters_printed'));
    expect(entry).toHaveLength(1);
  });

  it('refuses letters it cannot record, and records none of them', async () => {
    const [n] = await t.db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.courseId, other.course.id));
    const before = await t.db.select().from(noticeLetters);
    for (const body of [{ notice_ids: [n!.id, 2147483000] }, { notice_ids: [] }, { notice_ids: 'x' }, {}]) {
      const res = await post(t.app, PRINTED, body, cast.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().err_list[0].name).toBe('notice_ids');
    }
    expect(await t.db.select().from(noticeLetters)).toEqual(before);
  });

  it('authority 2 sees its university’s deadlines, by 氏名カナ alone, and nobody else', async () => {
    const mine = await list('', cast.univ);
    expect(mine.limited).toBe(true);
    expect(mine.data_list.length).toBeGreaterThan(0);
    const theirs = new Set(other.people.map((p) => p.id));
    for (const row of mine.data_list) {
      expect(row.reasons.map((r) => r.reason)).toEqual(['deadline']);
      expect(theirs.has(row.user_id)).toBe(false);
      for (const key of ['login_id', 'name', 'phone1', 'phone2', 'last_call'])
        expect(row).not.toHaveProperty(key);
      expect(row.reasons[0]?.course_id).toBe(ours.course.id);
    }
    // asking for the other university's course finds nothing, not an error that says it exists
    expect((await list(`course_id=${other.course.id}`, cast.univ)).total).toBe(0);
    // authority 1 sees both
    const all = await list('reason=deadline');
    expect(all.data_list.some((r) => theirs.has(r.user_id))).toBe(true);
    const csv = await get(t.app, CSV, cast.univ);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFF氏名カナ,講座,内容,期限,既読');
    for (const p of other.people) expect(csv.body).not.toContain(`レンラク ${String(p.id)}`);
  });

  it('counts the list on the work list, by reason', async () => {
    const w = (await get(t.app, '/api/admin/worklist/', cast.admin)).json();
    const full = await list('size=100');
    // each card counts people, as the list it links to does
    const by = (r: string) => full.data_list.filter((x) => x.reasons.some((y) => y.reason === r)).length;
    expect(w.contact).toEqual({
      deadline: by('deadline'),
      mail: by('mail'),
      letter: by('letter'),
      people: full.total,
    });
    const univ = (await get(t.app, '/api/admin/worklist/', cast.univ)).json();
    expect(univ.contact.mail).toBeNull();
    expect(univ.contact.letter).toBeNull();
    expect(univ.contact.deadline).toBe((await list('', cast.univ)).total);
    expect(univ.contact.people).toBe(univ.contact.deadline);
  });

  it('pages and sorts on the server, and downloads every row', async () => {
    const page1 = await list('size=10&sort=name_kana&dir=desc');
    const kana = page1.data_list.map((r) => r.name_kana);
    expect(kana).toEqual([...kana].sort().reverse());
    const csv = await get(t.app, CSV, cast.admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFF理由,学生番号,氏名,氏名カナ,電話番号1,電話番号2,講座,内容,期限,メール,既読,郵送,最後の電話',
    );
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(page1.total + 1);
  });

  it('refuses a bad search with the field named, never a 500', async () => {
    for (const [q, field] of [
      ['days=15', 'days'],
      ['days=0', 'days'],
      ['days=abc', 'days'],
      ['reason=all', 'reason'],
      ['course_id=-1', 'course_id'],
      ['size=7', 'size'],
      ['sort=phone1', 'sort'],
    ] as const) {
      const res = await get(t.app, `${LIST}?${q}`, cast.admin);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().err_list[0].name).toBe(field);
    }
  });

  it('gives address labels of a course, its letters or the list, checked before the file starts', async () => {
    const res = await get(t.app, `${LABELS}?source=applicants&course_id=${ours.course.id}`, cast.admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFF郵便番号,住所1,住所2,氏名,学生番号');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^105-0011,東京都港区芝公園4丁目2-8,/);
    const letters = await get(t.app, `${LABELS}?source=letters&course_id=${ours.course.id}`, cast.admin);
    expect(letters.body.trimEnd().split('\r\n')).toHaveLength(3);
    const contact = await get(t.app, `${LABELS}?source=contact&reason=mail`, cast.admin);
    expect(contact.statusCode).toBe(200);
    for (const q of ['source=letters', 'source=x', '', `source=applicants&course_id=${2147483000}`]) {
      const bad = await get(t.app, `${LABELS}?${q}`, cast.admin);
      expect([404, 422], q).toContain(bad.statusCode);
      expect(bad.headers['content-type']).toContain('application/json');
    }
  });
});

describe('telephone calls', () => {
  it('records a call on the student, shown on the list and the student’s record, audited', async () => {
    const { course, people } = await drawnCourse('U01', [false], 1);
    const who = people[0]!.id;
    const res = await post(
      t.app,
      CALL,
      { user_id: who, course_id: course.id, outcome: '2', note: '午前中に再度おかけします' },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = (await list(`course_id=${course.id}&reason=deadline`)).data_list[0]!;
    expect(row.last_call).toMatchObject({ outcome: '2' });
    const record = (await get(t.app, `${STUDENT}?user_id=${who}`, cast.admin)).json();
    expect(record.calls[0]).toMatchObject({
      outcome: '2',
      note: '午前中に再度おかけします',
      course_id: course.id,
    });
    expect(record.notices[0]).toMatchObject({ mail: 'none', read_at: null, course_id: course.id });
    const entry = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call'), eq(auditLog.entityId, String(who))));
    expect(entry).toHaveLength(1);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const s = await makeStudent(t.db);
    const before = (await t.db.select().from(studentCalls)).length;
    for (const [body, field, status] of [
      [{ user_id: s.id, outcome: '9' }, 'outcome', 422],
      [{ user_id: s.id, outcome: '1', note: 'あ'.repeat(501) }, 'note', 422],
      [{ user_id: s.id, outcome: '1', course_id: 2147483000 }, 'course_id', 422],
      [{ user_id: 'x', outcome: '1' }, 'user_id', 422],
      [{ user_id: s.id, outcome: 1.5 }, 'outcome', 422],
      [{ user_id: 2147483000, outcome: '1' }, null, 404],
    ] as const) {
      const res = await post(t.app, CALL, body, cast.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(res.json().err_list[0].name).toBe(field);
    }
    expect(await t.db.select().from(studentCalls)).toHaveLength(before);
  });
});

describe('a decision taken for the student', () => {
  it('confirms by telephone on the student’s path: recorded who, how and why, and told', async () => {
    const { course, people } = await drawnCourse('U01', [true, false], 1);
    const winner = (
      await t.db
        .select()
        .from(courseApplications)
        .where(and(eq(courseApplications.courseId, course.id), eq(courseApplications.lotteryStatus, '2')))
    )[0]!;
    const body = {
      course_id: course.id,
      user_id: winner.studentId,
      updated_at: winner.updatedAt.toISOString(),
      decision: 'confirm',
      channel: '2',
      note: 'ご本人と電話で話し、受講されるとのこと',
    };
    const noNote = await post(t.app, DECIDE, { ...body, note: '  ' }, cast.admin);
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().err_list[0].name).toBe('note');
    const res = await post(t.app, DECIDE, body, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    const after = await applicationOf(course.id, winner.studentId);
    expect(after.confirmedAt).not.toBeNull();
    expect(after).toMatchObject({ decidedChannel: '2', decisionNote: body.note });
    expect(after.decidedBy).not.toBeNull();
    const told = await t.db
      .select()
      .from(notices)
      .where(eq(notices.applicationId, after.id))
      .orderBy(asc(notices.id));
    expect(told.at(-1)!.title).toContain('受講を確定しました');
    expect(told.at(-1)!.content).toContain('お電話で承ったご意向により');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'confirm'), eq(auditLog.entityId, String(after.id))));
    expect(entry).toMatchObject({ actorKind: 'admin', detail: expect.objectContaining({ channel: '2' }) });
    // the same page sent again is stale: nothing happens twice
    expect((await post(t.app, DECIDE, body, cast.admin)).statusCode).toBe(409);
    // the applicant's page says who decided, when, how and why
    const detail = (
      await get(
        t.app,
        `/api/admin/courseapplicantdetail/?id=${course.id}&user_id=${winner.studentId}`,
        cast.admin,
      )
    ).json();
    expect(detail.decided).toMatchObject({ decision: 'confirm', channel: '2', note: body.note });
    expect(detail.decided.admin_name).toBeTruthy();
    expect(detail.entered_by).toBe('');

    // an application the office enters for a student (申込者追加 by telephone) says who entered it
    const phoned = people[1]!.id;
    const other = await makeCourse(t.db, { universityId: 'U01' });
    const added = await post(
      t.app,
      '/api/admin/addcourseapplicant/add/',
      { course_id: other.id, user_id: String(phoned), how_apply: '2', remarks: '' },
      cast.admin,
    );
    expect(added.statusCode, added.body).toBe(200);
    const entered = (
      await get(t.app, `/api/admin/courseapplicantdetail/?id=${other.id}&user_id=${phoned}`, cast.admin)
    ).json();
    expect(entered).toMatchObject({ how_apply: '2', entered_by: detail.decided.admin_name, decided: null });
    // authority 2 is told neither
    const limited = (
      await get(t.app, `/api/admin/courseapplicantdetail/?id=${other.id}&user_id=${phoned}`, cast.univ)
    ).json();
    expect(limited).not.toHaveProperty('entered_by');
  });

  it('declines by telephone and the top 補欠 moves up, as when the student declines', async () => {
    const { course } = await drawnCourse('U01', [true, true, true], 1);
    const all = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.courseId, course.id))
      .orderBy(asc(courseApplications.waitlistRank));
    const winner = all.find((a) => a.lotteryStatus === '2')!;
    const first = all.find((a) => a.waitlistRank === 1)!;
    const res = await post(
      t.app,
      DECIDE,
      {
        course_id: course.id,
        user_id: winner.studentId,
        updated_at: winner.updatedAt.toISOString(),
        decision: 'decline',
        channel: '3',
        note: '窓口で辞退のお申し出',
      },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select()
      .from(courseApplications)
      .where(inArray(courseApplications.id, [winner.id, first.id]));
    expect(rows.find((r) => r.id === winner.id)).toMatchObject({
      lotteryStatus: '6',
      declineReason: 'declined',
      decidedChannel: '3',
    });
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ lotteryStatus: '2', waitlistRank: null });
    const promotedMail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.studentId, first.studentId));
    expect(promotedMail.some((m) => m.subject.includes('繰り上げ当選'))).toBe(true);
  });

  it('refuses what a student could not do either, and bad input, writing nothing', async () => {
    const { course } = await drawnCourse('U01', [true, true], 1);
    const loser = (
      await t.db
        .select()
        .from(courseApplications)
        .where(and(eq(courseApplications.courseId, course.id), eq(courseApplications.lotteryStatus, '5')))
    )[0]!;
    const base = {
      course_id: course.id,
      user_id: loser.studentId,
      updated_at: loser.updatedAt.toISOString(),
      decision: 'confirm',
      channel: '2',
      note: '確認',
    };
    for (const [over, field] of [
      [{}, 'course_id'],
      [{ channel: '1' }, 'channel'],
      [{ decision: 'maybe' }, 'decision'],
      [{ note: 'x'.repeat(201) }, 'note'],
    ] as const) {
      const res = await post(t.app, DECIDE, { ...base, ...over }, cast.admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().err_list[0].name).toBe(field);
    }
    expect(await applicationOf(course.id, loser.studentId)).toMatchObject({
      decidedBy: null,
      lotteryStatus: '5',
    });
  });
});

describe('who may not call', () => {
  const authority1 = [
    ['GET', `${STUDENT}?user_id=1`],
    ['POST', CALL],
    ['POST', DECIDE],
    ['GET', `${LETTERS}?course_id=1`],
    ['POST', PRINTED],
    ['GET', `${LABELS}?source=contact`],
  ] as const;

  it('authority 2 is refused everything but the list, and writes nothing', async () => {
    const calls = (await t.db.select().from(studentCalls)).length;
    for (const [method, url] of authority1) {
      const res =
        method === 'GET'
          ? await get(t.app, url, cast.univ)
          : await post(t.app, url, { user_id: 1, outcome: '1', notice_ids: [1] }, cast.univ);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await t.db.select().from(studentCalls)).toHaveLength(calls);
  });

  it('a student is refused everything and nobody gets in without a session', async () => {
    for (const [method, url] of [...authority1, ['GET', LIST], ['GET', CSV]] as const) {
      const asStudent =
        method === 'GET' ? await get(t.app, url, cast.student) : await post(t.app, url, {}, cast.student);
      expect(asStudent.statusCode, url).toBe(403);
      const nobody = method === 'GET' ? await get(t.app, url) : await post(t.app, url, {});
      expect(nobody.statusCode, url).toBe(401);
    }
  });
});
