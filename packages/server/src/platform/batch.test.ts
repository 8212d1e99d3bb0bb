import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, students } from '../db/schema';
import { createTestApp, get, loginAsStudent, makeCast, type TestApp } from '../test/app';
import { makeStudent } from '../test/factories';
import { batchedLookup } from './batch';

describe('batchedLookup (decision 032)', () => {
  /** A look-up over a table held in a Map that records each statement's keys, as the database would see them. */
  function table(rows: Record<string, string>, fail?: (keys: string[]) => boolean) {
    const statements: string[][] = [];
    const lookup = batchedLookup(
      async (keys) => {
        statements.push(keys);
        await new Promise((r) => setTimeout(r, 1));
        if (fail?.(keys)) throw new Error('statement failed');
        return keys.filter((k) => k in rows).map((k) => ({ key: k, value: rows[k] }));
      },
      (row) => row.key,
      4,
    );
    return { statements, lookup };
  }

  it('reads the keys asked for in one turn with one statement, each caller getting its own row', async () => {
    const t = table({ a: 'A', b: 'B', c: 'C' });
    const answers = await Promise.all(['a', 'b', 'missing', 'a'].map((k) => t.lookup(k)));
    expect(answers.map((r) => r?.value)).toEqual(['A', 'B', undefined, 'A']);
    // 'a' asked twice went out once
    expect(t.statements).toEqual([['a', 'b', 'missing']]);
  });

  it('keeps nothing between turns: a later call reads again', async () => {
    const rows: Record<string, string> = { a: 'A' };
    const t = table(rows);
    expect((await t.lookup('a'))?.value).toBe('A');
    rows.a = 'A2';
    expect((await t.lookup('a'))?.value).toBe('A2');
    expect(t.statements).toEqual([['a'], ['a']]);
  });

  it('sends a full batch at once and starts the next', async () => {
    const t = table({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' });
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => t.lookup(k)));
    expect(answers.map((r) => r?.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(t.statements).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('a failed statement fails its own callers only, and the next turn reads again', async () => {
    const t = table({ a: 'A', e: 'E' }, (keys) => keys.includes('b'));
    const first = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((k) => t.lookup(k)));
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'fulfilled']);
    expect((await t.lookup('a'))?.value).toBe('A');
  });
});

describe('the guards read the sessions of one turn together (decision 032)', () => {
  let t: TestApp;
  const made: { loginId: string; name: string; cookie: string }[] = [];
  let cast: Awaited<ReturnType<typeof makeCast>>;
  let refused: string;
  let expired: string;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await makeCast(t);
    for (let i = 0; i < 12; i++) {
      const s = await makeStudent(t.db, { name: `並行 ${i}` });
      made.push({ loginId: s.loginId!, name: s.name, cookie: await loginAsStudent(t.app, s.loginId!) });
    }
    const r = await makeStudent(t.db);
    refused = await loginAsStudent(t.app, r.loginId!);
    await t.db.update(students).set({ isRejection: true }).where(eq(students.id, r.id));
    const e = await makeStudent(t.db);
    expired = await loginAsStudent(t.app, e.loginId!);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(sessions.studentId, e.id));
  });
  afterAll(() => t.close());

  it('calls arriving together each get their own student, and a refused or ended session is refused alone', async () => {
    const calls = [
      ...made.map((m) => get(t.app, '/api/mypage/user/', m.cookie)),
      get(t.app, '/api/mypage/user/', refused),
      get(t.app, '/api/mypage/user/', expired),
      get(t.app, '/api/mypage/user/', 'manabi_mypage=forged'),
      get(t.app, '/api/mypage/user/', cast.admin),
      ...made.map((m) => get(t.app, '/api/mypage/user/', m.cookie)),
    ];
    const res = await Promise.all(calls);
    const n = made.length;
    for (const [i, r] of [...res.slice(0, n).entries(), ...res.slice(n + 4).entries()]) {
      expect(r.statusCode).toBe(200);
      expect(r.json().login_id).toBe(made[i]!.loginId);
      expect(r.json().name).toBe(made[i]!.name);
    }
    expect(res.slice(n, n + 4).map((r) => r.statusCode)).toEqual([401, 401, 401, 403]);
  });

  it('an authority-2 admin is refused an authority-1 call made in the same turn as one that passes', async () => {
    const res = await Promise.all(
      [cast.admin, cast.univ, cast.admin, cast.univ].map((c) => get(t.app, '/api/admin/adminuser/list/', c)),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 403, 200, 403]);
  });

  it('the same session twice in one turn is served twice', async () => {
    const res = await Promise.all(
      [cast.student, cast.student].map((c) => get(t.app, '/api/mypage/user/', c)),
    );
    expect(res.map((r) => r.json().login_id)).toEqual(['24040001', '24040001']);
  });
});
