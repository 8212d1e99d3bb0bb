import type { Letter } from '@manabi/shared/schemas/contact';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseApplications, notices } from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * A letter answers without a computer (decision 087): the result to a winner who takes no mail tells her to
 * telephone the office in its hours or send back the reply slip by the deadline, not to press a button; the
 * office records the slip with 「代理で確定・辞退」 by 郵送・FAX, and the audit keeps the channel.
 */
const LETTERS = '/api/admin/contact/letters/';

let t: TestApp;
let cast: Cast;
let course: Awaited<ReturnType<typeof makeCourse>>;
let winners: number[];
let waiting: number;

beforeAll(async () => {
  t = await createTestApp({ OFFICE_PHONE: '03-2222-3333', OFFICE_HOURS: '平日 8:30〜17:15' });
  cast = await makeCast(t);
  course = await makeCourse(t.db, { isLottery: true, capacity: 2, name: '返信票の講座' });
  const ids: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const s = await makeStudent(t.db, {
      loginId: `5850000${i}`,
      name: `郵送 花子${i}`,
      isEmail: false,
      mail1: '',
      postcode: '1050011',
      pref: '東京都',
      streetName1: '港区芝公園',
      address: '1-1',
    });
    await makeApplication(t.db, { courseId: course.id, studentId: s.id });
    ids.push(s.id);
  }
  const drawn = await post(
    t.app,
    '/api/admin/courseapplicantlist/lottery/',
    { id: course.id, win_num: 2, waitlist: '1', confirm_days: 5 },
    cast.admin,
  );
  expect(drawn.statusCode, drawn.body).toBe(200);
  const seats = await t.db
    .select()
    .from(courseApplications)
    .where(eq(courseApplications.courseId, course.id));
  winners = seats.filter((a) => a.lotteryStatus === '2').map((a) => a.studentId);
  waiting = seats.find((a) => a.lotteryStatus === '5')!.studentId;
});
afterAll(() => t.close());

const lettersNow = async () => {
  const res = await get(t.app, `${LETTERS}?course_id=${course.id}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { office: Record<string, string>; letters: Letter[] };
};
const letterOf = async (studentId: number) =>
  (await lettersNow()).letters.find((l) => l.user_id === studentId)!;

describe('a letter that asks for an answer', () => {
  it('gives the telephone and its hours, the deadline, and a reply slip instead of the my-page’s buttons', async () => {
    const got = await lettersNow();
    expect(got.office).toMatchObject({ phone: '03-2222-3333', hours: '平日 8:30〜17:15' });
    const winner = winners[0]!;
    const letter = got.letters.find((l) => l.user_id === winner)!;
    const seat = (
      await t.db
        .select()
        .from(courseApplications)
        .where(and(eq(courseApplications.courseId, course.id), eq(courseApplications.studentId, winner)))
    )[0]!;
    expect(letter.reply).toEqual({
      course_id: course.id,
      course_name: '返信票の講座',
      confirm_by: seat.confirmBy?.toISOString(),
    });
    expect(letter.body).not.toContain('を押してください');
    expect(letter.body).toContain(
      '事務局（電話 03-2222-3333、平日 8:30〜17:15）へのお電話か、下の返信票でお知らせください。',
    );
    expect(letter.body).toContain('返信票は、期限までに届くように郵送するか');
    expect(letter.body).toMatch(
      /\d{4}年\d{1,2}月\d{1,2}日（.）23時59分までに、受講するかどうかを決めてください。/,
    );
    // the my-page keeps its own words: the notice is not rewritten
    const [notice] = await t.db.select().from(notices).where(eq(notices.id, letter.notice_id));
    expect(notice?.content).toContain('「受講を確定する」を押してください');
  });

  it('a result that asks nothing (補欠) is posted in the my-page’s words, with no slip', async () => {
    const letter = await letterOf(waiting);
    expect(letter.reply).toBeNull();
    const [notice] = await t.db.select().from(notices).where(eq(notices.id, letter.notice_id));
    expect(letter.body).toBe(notice?.content);
  });

  it('the slip sent back is recorded as 郵送・FAX, the audit keeps the channel, and no slip is asked again', async () => {
    const winner = winners[1]!;
    const seat = (
      await t.db
        .select()
        .from(courseApplications)
        .where(and(eq(courseApplications.courseId, course.id), eq(courseApplications.studentId, winner)))
    )[0]!;
    const res = await post(
      t.app,
      '/api/admin/courseapplicantlist/decide/',
      {
        course_id: course.id,
        user_id: winner,
        updated_at: seat.updatedAt.toISOString(),
        decision: 'confirm',
        channel: '4',
        note: '返信票（受講します）が12月2日に届いた',
      },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(courseApplications).where(eq(courseApplications.id, seat.id));
    expect(after).toMatchObject({ decidedChannel: '4' });
    expect(after?.confirmedAt).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'confirm'), eq(auditLog.entityId, String(seat.id))));
    expect(entry?.detail).toMatchObject({ channel: '4' });
    const told = await t.db
      .select()
      .from(notices)
      .where(eq(notices.applicationId, seat.id))
      .orderBy(asc(notices.id));
    expect(told.at(-1)?.content).toContain('郵送・FAXで承ったご意向により');
    // nothing is asked of her any more: her letter, if printed again, carries no slip
    expect((await letterOf(winner)).reply).toBeNull();
    // and the contact list asks no call and no letter for that seat
    const list = (await get(t.app, '/api/admin/contact/list/?size=100', cast.admin)).json();
    const row = list.data_list.find((r: { user_id: number }) => r.user_id === winner);
    expect(row).toBeUndefined();
  });
});
