import { LOTTERY } from '@manabi/shared/codes';
import type { MergeDetail, MergePreview } from '@manabi/shared/schemas/student-merge';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  calendarFeeds,
  courseApplications,
  noticeReads,
  sessions,
  studentCalls,
  studentMerges,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

/**
 * One person entered twice becomes one record, and back (decision 071): everything of the other record
 * moves (history, units, a lottery place, notices read, calls, the feed), its login stops, a seat two
 * records both held goes to the waitlist; the undo puts both back unless something changed since; no row is
 * lost or doubled; a merge racing an apply leaves one consistent state; and who may not.
 */
const PREVIEW = '/api/admin/student/merge/preview/';
const MERGE = '/api/admin/student/merge/';
const DETAIL = '/api/admin/student/merge/detail/';
const UNDO = '/api/admin/student/merge/undo/';
const APPLY = '/api/mypage/courseapplication/';

let t: TestApp;
let cast: Cast;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof makeStudent>>;
const fresh = async (id: number) =>
  (await t.db.select().from(students).where(eq(students.id, id)))[0] as Student;
const preview = async (keep: number, other: number) => {
  const res = await get(t.app, `${PREVIEW}?keep_id=${keep}&other_id=${other}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MergePreview;
};
const merge = async (keep: number, other: number, fields: Record<string, string> = {}) => {
  const p = await preview(keep, other);
  return post(
    t.app,
    MERGE,
    {
      keep_id: keep,
      other_id: String(other),
      keep_updated_at: p.keep.updated_at,
      other_updated_at: p.other.updated_at,
      fields,
    },
    cast.admin,
  );
};
const applicationsOf = (id: number) =>
  t.db
    .select()
    .from(courseApplications)
    .where(eq(courseApplications.studentId, id))
    .orderBy(asc(courseApplications.id));

/** The two records of one person: 「高橋 一郎」 approved with a history, 「髙橋　一郎」 typed again with more. */
async function takahashiTwice(tag: string) {
  const keep = await makeStudent(t.db, {
    loginId: `2601${tag}1`,
    name: '高橋 一郎',
    nameKana: 'タカハシ イチロウ',
    birthday: '1950-04-03',
    phone1: '090-1111-2222',
    totalUnits: 4,
  });
  const other = await makeStudent(t.db, {
    loginId: `2601${tag}2`,
    name: '髙橋　一郎',
    nameKana: 'たかはし いちろう',
    birthday: '1950-04-03',
    phone1: '03-3333-4444',
    mail1: 'ichiro@example.jp',
    totalUnits: 2,
  });
  return { keep, other };
}

describe('merging two records of one person', () => {
  it('previews both side by side with what moves, then moves everything and stops the old login', async () => {
    const { keep, other } = await takahashiTwice('001');
    const done = await makeCourse(t.db, { name: '統合・修了した講座' });
    const lottery = await makeCourse(t.db, { name: '統合・抽選の講座' });
    const notice = await makeNotice(t.db);
    await makeApplication(t.db, {
      courseId: done.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WON,
      acquisitionUnit: 2,
      attendance: Array(15).fill('1'),
    });
    await makeApplication(t.db, {
      courseId: lottery.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WAITLISTED,
      waitlistRank: 1,
    });
    await t.db.insert(noticeReads).values({ studentId: other.id, noticeId: notice.id });
    await t.db.insert(studentCalls).values({ studentId: other.id, outcome: '1', note: '本人と話した' });
    await t.db.insert(calendarFeeds).values({ studentId: other.id, tokenHash: 'a'.repeat(64) });
    const otherCookie = await loginAsStudent(t.app, other.loginId as string);

    const p = await preview(keep.id, other.id);
    expect(p.keep.values.name).toBe('高橋 一郎');
    expect(p.other.values).toMatchObject({ name: '髙橋　一郎', mail1: 'ichiro@example.jp' });
    expect(p.reason_text).toContain('氏名（異体字）');
    expect(p.blockers).toEqual([]);
    expect(p.applications.map((a) => [a.course_name, a.outcome])).toEqual([
      ['統合・修了した講座', 'moves'],
      ['統合・抽選の講座', 'moves'],
    ]);
    expect(p.moves).toEqual(
      expect.arrayContaining([
        { label: '電話連絡の記録', count: 1 },
        { label: '読んだお知らせ', count: 1 },
      ]),
    );

    const res = await merge(keep.id, other.id, { mail1: 'other', phone1: 'keep' });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await fresh(keep.id);
    expect(kept).toMatchObject({
      name: '高橋 一郎',
      mail1: 'ichiro@example.jp',
      phone1: '090-1111-2222',
      totalUnits: 6,
    });
    expect(await fresh(other.id)).toMatchObject({ approvalStatus: '3', mergedInto: keep.id, totalUnits: 0 });
    const moved = await applicationsOf(keep.id);
    expect(moved.map((a) => [a.courseId, a.lotteryStatus, a.waitlistRank, a.acquisitionUnit])).toEqual([
      [done.id, LOTTERY.WON, null, 2],
      [lottery.id, LOTTERY.WAITLISTED, 1, 0],
    ]);
    expect(await applicationsOf(other.id)).toEqual([]);
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.studentId, keep.id))).toHaveLength(1);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, keep.id))).toHaveLength(
      1,
    );
    // the old login and its session end
    expect(await t.db.select().from(sessions).where(eq(sessions.studentId, other.id))).toEqual([]);
    expect((await get(t.app, '/api/mypage/top/', otherCookie)).statusCode).toBe(401);
    const login = await post(t.app, '/api/auth/mypage/login/', {
      login_id: other.loginId,
      password: 'student01',
    });
    expect(login.statusCode).not.toBe(200);
    // audited on both records, with the merge's number
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'merge'));
    expect(entries.map((e) => e.studentId).sort()).toEqual([keep.id, other.id].sort());
    expect(entries[0]?.detail).toMatchObject({ merge_id: res.json().id, fields: ['メールアドレス1'] });
  });

  it('keeps the better of two live applications to one course and gives the freed seat to the waitlist', async () => {
    const { keep, other } = await takahashiTwice('002');
    const c = await makeCourse(t.db, { name: '統合・先着の講座', isLottery: false, capacity: 2 });
    const waiting = await makeStudent(t.db, { name: '補欠 待子' });
    await makeApplication(t.db, { courseId: c.id, studentId: keep.id, lotteryStatus: LOTTERY.WON });
    const theirs = await makeApplication(t.db, {
      courseId: c.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WON,
      confirmedAt: new Date(),
    });
    await makeApplication(t.db, {
      courseId: c.id,
      studentId: waiting.id,
      lotteryStatus: LOTTERY.WAITLISTED,
      waitlistRank: 1,
    });

    const p = await preview(keep.id, other.id);
    expect(
      p.applications.filter((a) => a.course_id === c.id).map((a) => [a.from, a.outcome, a.frees_seat]),
    ).toEqual([
      ['keep', 'cancelled', true],
      ['other', 'moves', false],
    ]);
    const res = await merge(keep.id, other.id);
    expect(res.statusCode, res.body).toBe(200);
    const live = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, c.id), isNull(courseApplications.cancelledAt)))
      .orderBy(asc(courseApplications.id));
    expect(live.map((a) => [a.studentId, a.lotteryStatus])).toEqual([
      [keep.id, LOTTERY.WON],
      [waiting.id, LOTTERY.WON],
    ]);
    expect(live[0]?.id).toBe(theirs.id);
    // and an undo cannot give back a seat the waitlist has taken
    const detail = (await get(t.app, `${DETAIL}?id=${res.json().id}`, cast.admin)).json() as MergeDetail;
    expect(detail.blockers).toContain('統合で空いた席に補欠の方が繰り上がっています');
    const undo = await post(t.app, UNDO, { id: res.json().id }, cast.admin);
    expect(undo.statusCode).toBe(409);
  });

  it('refuses what the preview names, a stale record, one student twice and a record merged already', async () => {
    const pending = await makeStudent(t.db, { loginId: null, approvalStatus: '0', name: '申込 花子' });
    const approved = await makeStudent(t.db, { name: '申込 花子' });
    expect((await preview(pending.id, approved.id)).blockers).toEqual([
      expect.stringContaining('承認済みの学生を残す側'),
    ]);
    expect((await merge(pending.id, approved.id)).statusCode).toBe(422);

    const { keep, other } = await takahashiTwice('003');
    const p = await preview(keep.id, other.id);
    await t.db
      .update(students)
      .set({ remarks: '電話で確認', updatedAt: new Date() })
      .where(eq(students.id, other.id));
    const stale = await post(
      t.app,
      MERGE,
      {
        keep_id: keep.id,
        other_id: other.id,
        keep_updated_at: p.keep.updated_at,
        other_updated_at: p.other.updated_at,
      },
      cast.admin,
    );
    expect(stale.statusCode).toBe(409);

    const same = await post(
      t.app,
      MERGE,
      {
        keep_id: keep.id,
        other_id: keep.id,
        keep_updated_at: p.keep.updated_at,
        other_updated_at: p.keep.updated_at,
      },
      cast.admin,
    );
    expect(same.statusCode).toBe(422);
    expect(same.json().err_list).toContainEqual({ name: 'other_id', msg: '同じ学生どうしは統合できません' });
    const wrong = await post(
      t.app,
      MERGE,
      {
        keep_id: [1],
        other_id: '2\u0000',
        keep_updated_at: 5,
        other_updated_at: null,
        fields: { name: 'both', nope: 'keep' },
      },
      cast.admin,
    );
    expect(wrong.statusCode).toBe(422);
    expect((await merge(keep.id, other.id)).statusCode).toBe(200);
    expect((await preview(keep.id, other.id)).blockers).toContain('すでにほかの学生に統合された登録です');
    expect((await get(t.app, `${PREVIEW}?keep_id=${keep.id}&other_id=99999999`, cast.admin)).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(studentMerges).where(eq(studentMerges.mergedId, approved.id))).toEqual(
      [],
    );
  });
});

describe('after a merge', () => {
  it('the merged record is in no candidate list, and lists none (decision 069)', async () => {
    const { keep, other } = await takahashiTwice('090');
    const candidates = async (id: number) => {
      const res = await get(t.app, `/api/admin/student/duplicate/candidates/?user_id=${id}`, cast.admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { candidates: { user_id: number }[] }).candidates.map((c) => c.user_id);
    };
    expect(await candidates(keep.id)).toContain(other.id);
    expect((await merge(keep.id, other.id)).statusCode).toBe(200);
    expect(await candidates(keep.id)).not.toContain(other.id);
    expect(await candidates(other.id)).toEqual([]);
  });
});

describe('undoing a merge', () => {
  it('puts both records back as they were, and the old login works again', async () => {
    const { keep, other } = await takahashiTwice('011');
    const c = await makeCourse(t.db, { name: '統合・取り消しの講座' });
    await makeApplication(t.db, {
      courseId: c.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WON,
      acquisitionUnit: 2,
    });
    const before = { keep: await fresh(keep.id), other: await fresh(other.id) };
    const res = await merge(keep.id, other.id, { name: 'other', mail1: 'other' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;

    const detail = (await get(t.app, `${DETAIL}?id=${id}`, cast.admin)).json() as MergeDetail;
    expect(detail).toMatchObject({
      blockers: [],
      undone_at: null,
      fields: ['氏名', 'メールアドレス1'],
      applications_moved: 1,
    });
    const undo = await post(t.app, UNDO, { id }, cast.admin);
    expect(undo.statusCode, undo.body).toBe(200);
    const strip = (s: Student) => ({ ...s, updatedAt: undefined, matchKeys: undefined });
    expect(strip(await fresh(keep.id))).toEqual(strip(before.keep));
    expect(strip(await fresh(other.id))).toEqual(strip(before.other));
    expect((await applicationsOf(other.id)).map((a) => a.courseId)).toEqual([c.id]);
    await loginAsStudent(t.app, other.loginId as string);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'merge_undo'))).length,
    ).toBeGreaterThanOrEqual(2);
    // once only
    const again = await post(t.app, UNDO, { id }, cast.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('すでに取り消されています');
  });

  it('says what blocks it when a moved row has changed since', async () => {
    const { keep, other } = await takahashiTwice('012');
    const c = await makeCourse(t.db, { name: '統合・出欠の講座' });
    const a = await makeApplication(t.db, {
      courseId: c.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WON,
    });
    const id = (await merge(keep.id, other.id)).json().id as number;
    await t.db
      .update(courseApplications)
      .set({ acquisitionUnit: 1, updatedAt: new Date(Date.now() + 1000) })
      .where(eq(courseApplications.id, a.id));
    const undo = await post(t.app, UNDO, { id }, cast.admin);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toContain('講座「統合・出欠の講座」の申込が統合の後に変更されています');
    expect((await fresh(other.id)).approvalStatus).toBe('3');
  });

  it(`is refused after ${30} days`, async () => {
    const { keep, other } = await takahashiTwice('013');
    const id = (await merge(keep.id, other.id)).json().id as number;
    await t.db
      .update(studentMerges)
      .set({ mergedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(studentMerges.id, id));
    expect((await post(t.app, UNDO, { id }, cast.admin)).json().message).toContain('30日を過ぎた');
  });
});

describe('invariants', () => {
  /** Everything the two records own, as counts and sums the merge must keep. */
  const totals = async (ids: number[]) => {
    const [a] = await t.db
      .select({ n: sql<number>`count(*)::int`, units: sql<number>`coalesce(sum(acquisition_unit), 0)::int` })
      .from(courseApplications)
      .where(inArray(courseApplications.studentId, ids));
    const [u] = await t.db
      .select({ units: sql<number>`sum(total_units)::int` })
      .from(students)
      .where(inArray(students.id, ids));
    const [c] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(studentCalls)
      .where(inArray(studentCalls.studentId, ids));
    const reads = await t.db
      .select({ notice: noticeReads.noticeId })
      .from(noticeReads)
      .where(inArray(noticeReads.studentId, ids));
    return {
      applications: a?.n,
      appUnits: a?.units,
      units: u?.units,
      calls: c?.n,
      notices: new Set(reads.map((r) => r.notice)).size,
    };
  };
  const snapshot = async (ids: number[]) => ({
    apps: (
      await t.db
        .select()
        .from(courseApplications)
        .where(inArray(courseApplications.studentId, ids))
        .orderBy(asc(courseApplications.id))
    ).map((r) => ({ ...r, updatedAt: undefined })),
    reads: await t.db
      .select()
      .from(noticeReads)
      .where(inArray(noticeReads.studentId, ids))
      .orderBy(asc(noticeReads.studentId), asc(noticeReads.noticeId)),
    calls: await t.db
      .select()
      .from(studentCalls)
      .where(inArray(studentCalls.studentId, ids))
      .orderBy(asc(studentCalls.id)),
  });

  it('no row lost or doubled, totals equal before and after, and the undo restores exactly', async () => {
    const courses: { id: number }[] = [];
    for (let i = 0; i < 3; i++) courses.push(await makeCourse(t.db, { name: `統合・性質${i}` }));
    const notices = [await makeNotice(t.db), await makeNotice(t.db)];
    const status = fc.constantFrom(
      LOTTERY.PENDING,
      LOTTERY.WON,
      LOTTERY.LOST,
      LOTTERY.DECLINED,
      LOTTERY.CANCELLED,
    );
    const holding = fc.record({
      apps: fc.array(fc.option(fc.record({ status, units: fc.integer({ min: 0, max: 4 }) }), { nil: null }), {
        minLength: 3,
        maxLength: 3,
      }),
      reads: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
      calls: fc.integer({ min: 0, max: 2 }),
      units: fc.integer({ min: 0, max: 20 }),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(holding, holding, fc.boolean(), async (h1, h2, takeName) => {
        n++;
        const made = [];
        for (const h of [h1, h2]) {
          const s = await makeStudent(t.db, { name: `性質 ${n}`, totalUnits: h.units });
          for (let i = 0; i < 3; i++) {
            const app = h.apps[i];
            if (!app) continue;
            await makeApplication(t.db, {
              courseId: courses[i]!.id,
              studentId: s.id,
              lotteryStatus: app.status,
              acquisitionUnit: app.units,
              cancelledAt: app.status === LOTTERY.CANCELLED ? new Date() : null,
              declineReason: app.status === LOTTERY.DECLINED ? 'declined' : null,
            });
          }
          for (let i = 0; i < 2; i++)
            if (h.reads[i])
              await t.db.insert(noticeReads).values({ studentId: s.id, noticeId: notices[i]!.id });
          for (let i = 0; i < h.calls; i++)
            await t.db.insert(studentCalls).values({ studentId: s.id, outcome: '2' });
          made.push(s);
        }
        const [keep, other] = made as [Student, Student];
        const ids = [keep.id, other.id];
        const before = await totals(ids);
        const image = await snapshot(ids);
        const res = await merge(keep.id, other.id, takeName ? { name: 'other' } : {});
        expect(res.statusCode, res.body).toBe(200);
        const after = await totals(ids);
        expect(after).toEqual(before);
        // all of it is the kept record's now, and one live application per course at most
        expect(await totals([other.id])).toMatchObject({ applications: 0, calls: 0, notices: 0, units: 0 });
        const live = await t.db
          .select({ course: courseApplications.courseId })
          .from(courseApplications)
          .where(and(eq(courseApplications.studentId, keep.id), isNull(courseApplications.cancelledAt)));
        expect(new Set(live.map((l) => l.course)).size).toBe(live.length);
        const undo = await post(t.app, UNDO, { id: res.json().id }, cast.admin);
        expect(undo.statusCode, undo.body).toBe(200);
        expect(await snapshot(ids)).toEqual(image);
      }),
      { numRuns: 12 },
    );
  });

  it('a merge racing an apply of the same student leaves one consistent state', async () => {
    for (let round = 0; round < 4; round++) {
      const { keep, other } = await takahashiTwice(`10${round}`);
      const c = await makeCourse(t.db, {
        name: `統合・競合${round}`,
        periodFrom: new Date(Date.now() - DAY),
        periodTo: new Date(Date.now() + DAY),
        status: '1',
      });
      const cookie = await loginAsStudent(t.app, other.loginId as string);
      const p = await preview(keep.id, other.id);
      const [merged, applied] = await Promise.all([
        post(
          t.app,
          MERGE,
          {
            keep_id: keep.id,
            other_id: other.id,
            keep_updated_at: p.keep.updated_at,
            other_updated_at: p.other.updated_at,
          },
          cast.admin,
        ),
        post(t.app, APPLY, { course_id: String(c.id), is_dont_canncel: '0' }, cookie),
      ]);
      expect(merged.statusCode, merged.body).toBe(200);
      // the apply either came first (and its application moved with the rest) or found the record merged
      expect([200, 401, 404]).toContain(applied.statusCode);
      const rows = await t.db.select().from(courseApplications).where(eq(courseApplications.courseId, c.id));
      expect(rows.every((r) => r.studentId === keep.id)).toBe(true);
      expect(rows).toHaveLength(applied.statusCode === 200 ? 1 : 0);
    }
  });
});

describe('who may not', () => {
  it('refuses authority 2, a student and anyone not logged in, for every call', async () => {
    const { keep, other } = await takahashiTwice('021');
    const p = await preview(keep.id, other.id);
    const body = {
      keep_id: keep.id,
      other_id: other.id,
      keep_updated_at: p.keep.updated_at,
      other_updated_at: p.other.updated_at,
    };
    for (const cookie of [cast.univ, cast.student, '']) {
      const expected = cookie === '' ? 401 : 403;
      expect(
        (await get(t.app, `${PREVIEW}?keep_id=${keep.id}&other_id=${other.id}`, cookie)).statusCode,
      ).toBe(expected);
      expect((await post(t.app, MERGE, body, cookie)).statusCode).toBe(expected);
      expect((await get(t.app, `${DETAIL}?id=1`, cookie)).statusCode).toBe(expected);
      expect((await post(t.app, UNDO, { id: 1 }, cookie)).statusCode).toBe(expected);
    }
    expect((await fresh(other.id)).approvalStatus).toBe('1');
  });
});
