/**
 * A client may send more than a call reads (SPEC §7 names what is read, not what may travel: a list's own
 * id, user_id_{n}, a screen's helper state). Every body call of the applicant, student, upload and my-page
 * news modules ignores such fields; the fields it does read keep their validation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications } from '../../db/schema';
import { type Cast, createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

/** Fields no call reads, of every JSON type a client might send. */
const EXTRA = {
  extra_id: 7,
  memo: 'x',
  user_id_0: 3,
  is_selected: true,
  nothing: null,
  nested: { a: [1, 'x'], b: { c: false } },
  list: [1, 2, 3],
};
const EXTRA_KEYS = Object.keys(EXTRA);

const names = (body: { err_list?: { name: string }[] }) => (body.err_list ?? []).map((e) => e.name);

describe('unknown body fields are ignored', () => {
  it('by the calls that succeed with them (200, the read fields applied)', async () => {
    const course = await makeCourse(t.db, { isCancelable: true });
    const [a, b] = [await makeStudent(t.db), await makeStudent(t.db)];
    const app = await makeApplication(t.db, { courseId: course.id, studentId: a.id });
    const notice = await makeNotice(t.db, { title: 'みんなへ' });
    const ok: [string, Record<string, unknown>, string][] = [
      ['/api/admin/courseapplicantlist/lottery/', { id: course.id, win_num: '1' }, cast.admin],
      [
        '/api/admin/addcourseapplicant/add/',
        { course_id: course.id, user_id: b.id, how_apply: '1', remarks: '' },
        cast.admin,
      ],
      ['/api/mypage/news/addread/', { notice_id: notice.id }, cast.student],
    ];
    for (const [url, body, cookie] of ok) {
      const res = await post(t.app, url, { ...body, ...EXTRA }, cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const [drawn] = await t.db.select().from(courseApplications).where(eq(courseApplications.id, app.id));
    const cancel = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: course.id, user_id: a.id, updated_at: drawn!.updatedAt.toISOString(), ...EXTRA },
      cast.admin,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const live = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, course.id), eq(courseApplications.studentId, b.id)));
    expect(live).toHaveLength(1);
  });

  it('by every other body call: a read field is still refused, an unknown one never named', async () => {
    const course = await makeCourse(t.db);
    // each body has one wrong field it reads, so the answer is a 422 that must name that field only
    const calls: [string, Record<string, unknown>, string, string][] = [
      ['/api/admin/courseapplicantlist/lottery/', { id: course.id, win_num: '0' }, cast.admin, 'win_num'],
      ['/api/admin/courseapplicantlist/update/', { course_id: 'x' }, cast.admin, 'course_id'],
      ['/api/admin/addcourseapplicant/add/', { course_id: course.id, how_apply: '1' }, cast.admin, 'user_id'],
      [
        '/api/admin/courseapplicantdetail/update/',
        { course_id: course.id, user_id: 'x' },
        cast.admin,
        'user_id',
      ],
      ['/api/admin/courseapplicantdetail/cancel/', { course_id: 'x' }, cast.admin, 'course_id'],
      ['/api/admin/student/add/', { generation_id: '26' }, cast.admin, 'generation_id'],
      ['/api/admin/student/update/', { user_id: 'x' }, cast.admin, 'user_id'],
      ['/api/admin/student/approval/', { user_id: 'x' }, cast.admin, 'user_id'],
      ['/api/admin/student/applicantCourse/update/', { user_id: 'x' }, cast.admin, 'user_id'],
      ['/api/admin/student/upload/', { student_type: '9' }, cast.admin, 'student_type'],
      ['/api/admin/course/courseapplicantupload', {}, cast.admin, 'course_applicant'],
      ['/api/admin/course/courseupload', {}, cast.admin, 'course'],
      ['/api/mypage/news/addread/', { notice_id: 'x' }, cast.student, 'notice_id'],
    ];
    for (const [url, body, cookie, field] of calls) {
      const res = await post(t.app, url, { ...body, ...EXTRA }, cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(names(res.json()), url).toContain(field);
      expect(
        names(res.json()).filter((n) => EXTRA_KEYS.some((k) => n === k || n.startsWith(`${k}.`))),
        url,
      ).toEqual([]);
    }
  });
});
