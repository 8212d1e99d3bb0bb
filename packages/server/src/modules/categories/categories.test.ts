import { MSG } from '@manabi/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, noticeCategories } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

const categoryCount = async () => (await t.db.select({ n: count() }).from(noticeCategories))[0]!.n;

describe('notice categories', () => {
  it('adds, lists in sort order, reads and updates a category', async () => {
    const b = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '講座のご案内', sort_number: '2' },
      admin,
    );
    expect(b.statusCode).toBe(200);
    const a = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '重要なお知らせ', sort_number: '１' },
      admin,
    );
    expect(a.statusCode).toBe(200);
    const idA = a.json().id;

    const list = await get(t.app, '/api/admin/notice/category/list/all/', admin);
    expect(list.json().map((c: { category_name: string }) => c.category_name)).toEqual([
      '重要なお知らせ',
      '講座のご案内',
    ]);

    const search = await get(
      t.app,
      `/api/admin/notice/category/list/?category_name=${encodeURIComponent('講座')}`,
      admin,
    );
    expect(search.json()).toHaveLength(1);

    const detail = (await get(t.app, `/api/admin/notice/category/detail/?id=${idA}`, admin)).json();
    expect(detail).toMatchObject({ id: idA, category_name: '重要なお知らせ', sort_number: 1 });

    const upd = await post(
      t.app,
      '/api/admin/notice/category/update/',
      { id: idA, category_name: '大切なお知らせ', sort_number: '3', updated_at: detail.updated_at },
      admin,
    );
    expect(upd.statusCode).toBe(200);
    const after = (await get(t.app, `/api/admin/notice/category/detail/?id=${idA}`, admin)).json();
    expect(after).toMatchObject({ category_name: '大切なお知らせ', sort_number: 3 });
    // every admin write is audited in its transaction
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'notice_category'));
    expect(audits.map((x) => x.action)).toEqual(['create', 'create', 'update']);
    // an update's entry says what it changed, before → after
    expect(audits[2]?.detail).toMatchObject({
      changes: { name: ['重要なお知らせ', '大切なお知らせ'], sortNumber: [1, 3] },
    });
  });

  it('refuses a stale update with 409 and changes nothing', async () => {
    const created = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '事務局から', sort_number: '5' },
      admin,
    );
    const id = created.json().id;
    const seen = (await get(t.app, `/api/admin/notice/category/detail/?id=${id}`, admin)).json();
    await post(
      t.app,
      '/api/admin/notice/category/update/',
      { id, category_name: '先に更新', sort_number: '5', updated_at: seen.updated_at },
      admin,
    );
    const late = await post(
      t.app,
      '/api/admin/notice/category/update/',
      { id, category_name: '後から更新', sort_number: '5', updated_at: seen.updated_at },
      admin,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.stale);
    const now = (await get(t.app, `/api/admin/notice/category/detail/?id=${id}`, admin)).json();
    expect(now.category_name).toBe('先に更新');
  });

  it('validates with field messages and writes nothing', async () => {
    const before = await categoryCount();
    const res = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: 'あ'.repeat(31), sort_number: '123456' },
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'category_name', msg: '31文字以上は入力できません' },
        expect.objectContaining({ name: 'sort_number' }),
      ]),
    );
    const neg = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '名前', sort_number: '-1' },
      admin,
    );
    expect(neg.json().err_list).toContainEqual({ name: 'sort_number', msg: MSG.zeroOrPositiveInt });
    const empty = await post(t.app, '/api/admin/notice/category/add/', {}, admin);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().err_list).toContainEqual({ name: 'category_name', msg: MSG.required });
    expect(await categoryCount()).toBe(before);
  });

  it('answers 404 for a category that does not exist', async () => {
    expect((await get(t.app, '/api/admin/notice/category/detail/?id=999999', admin)).statusCode).toBe(404);
    const upd = await post(
      t.app,
      '/api/admin/notice/category/update/',
      { id: 999999, category_name: 'x', sort_number: '1', updated_at: new Date().toISOString() },
      admin,
    );
    expect(upd.statusCode).toBe(404);
  });

  it('refuses authority-2 admins (403), students and anonymous callers (401), before reading the body', async () => {
    const before = await categoryCount();
    for (const [cookie, status] of [
      [univ, 403],
      [student, 403],
      [undefined, 401],
    ] as const) {
      expect((await get(t.app, '/api/admin/notice/category/list/all/', cookie)).statusCode).toBe(status);
      expect((await get(t.app, '/api/admin/notice/category/list/', cookie)).statusCode).toBe(status);
      expect((await get(t.app, '/api/admin/notice/category/detail/?id=1', cookie)).statusCode).toBe(status);
      expect(
        (
          await post(
            t.app,
            '/api/admin/notice/category/add/',
            { category_name: '不正', sort_number: '1' },
            cookie,
          )
        ).statusCode,
      ).toBe(status);
      expect((await post(t.app, '/api/admin/notice/category/update/', {}, cookie)).statusCode).toBe(status);
    }
    expect(await categoryCount()).toBe(before);
  });
});
