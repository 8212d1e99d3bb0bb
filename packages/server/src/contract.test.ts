/**
 * The SPEC §7 contract as a new client meets it: every route answers with and without its
 * final slash, every call SPEC §7 writes is routed as written, JSON numbers and booleans read as the
 * digit strings the forms send, and no body or query — whatever its bytes — gets a 5xx.
 */
import { apiInput, MSG } from '@manabi/shared';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from './platform/context';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from './test/app';
import { makeApplication, makeCourse, makeNotice } from './test/factories';
import { hasSpec, specCalls } from './test/spec';

let t: TestApp;
let cast: Cast;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  routes = t.app.apiRoutes;
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern (the postcode's code, a calendar feed's secret: issue 17). */
const concrete = (url: string) => url.replace(':code', '1000001').replace(':token', 'A'.repeat(43));
const otherSpelling = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : `${url}/`);

function send(app: FastifyInstance, method: string, url: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (method === 'GET') return app.inject({ method: 'GET', url, headers });
  return app.inject({
    method: method as InjectOptions['method'],
    url,
    payload: {},
    headers: { ...headers, 'content-type': 'application/json', origin: 'http://localhost:80' },
  });
}

const isUnrouted = (res: { statusCode: number; body: string }) =>
  res.statusCode === 404 && res.body.includes(MSG.noSuchApi);

describe('paths', () => {
  it('the route table holds every API route the app registers', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.some((r) => r.url === '/api/mypage/user/contacts/update/')).toBe(true);
  });

  it('every route answers the same with and without the final slash (no session, then as its caller)', async () => {
    for (const route of routes) {
      if (route.url.endsWith('/logout/')) continue; // would end the cast's sessions; covered below
      const cookie =
        route.guard === 'student' ? cast.student : route.guard === 'public' ? undefined : cast.admin;
      for (const who of [undefined, cookie]) {
        const url = concrete(route.url);
        const a = await send(t.app, route.method, url, who);
        const b = await send(t.app, route.method, otherSpelling(url), who);
        expect(isUnrouted(a), `${route.method} ${url}`).toBe(false);
        expect(isUnrouted(b), `${route.method} ${otherSpelling(url)}`).toBe(false);
        expect(b.statusCode, `${route.method} ${url} with and without /`).toBe(a.statusCode);
      }
    }
  });

  it('the logout calls answer without the final slash too', async () => {
    for (const url of ['/api/auth/admin/logout', '/api/auth/mypage/logout']) {
      const res = await get(t.app, url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('an API path no route has answers 404 saying so', async () => {
    const res = await get(t.app, '/api/mypage/no-such-call/');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.noSuchApi);
  });

  it.skipIf(!hasSpec)('every call SPEC §7 writes is routed exactly as written', async () => {
    const calls = specCalls();
    expect(calls.length).toBeGreaterThan(50);
    for (const [method, path] of calls) {
      const res = await send(t.app, method!, path!);
      expect(isUnrouted(res), `${method} ${path} as SPEC §7 writes it`).toBe(false);
    }
  });
});

/** Every key a body schema reads (its JSON Schema's properties). */
function keysOf(schema: unknown): string[] {
  if (schema === undefined) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

describe('JSON types', () => {
  it('every body reads a JSON number as its digit string and a boolean as the flag 1/0, field by field', () => {
    const bodies = routes.filter((r) => r.schema?.body);
    expect(bodies.length).toBeGreaterThan(25);
    for (const route of bodies) {
      const schema = apiInput(route.schema!.body as z.ZodType);
      const keys = keysOf(route.schema!.body);
      if (keys.length === 0) continue;
      const digits = fc.oneof(fc.constantFrom('0', '1', '2', '3', '12'), fc.nat().map(String));
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys), digits), fc.boolean(), (asStrings, withFlags) => {
          const asNumbers = Object.fromEntries(
            Object.entries(asStrings).map(([k, v]) => [
              k,
              withFlags && (v === '0' || v === '1') ? v === '1' : Number(v),
            ]),
          );
          const a = schema.safeParse(asStrings);
          const b = schema.safeParse(asNumbers);
          const outcome = (r: typeof a) =>
            r.success ? { ok: r.data } : { issues: r.error.issues.map((i) => [i.path.join('.'), i.message]) };
          expect(outcome(b), `${route.url} ${JSON.stringify(asNumbers)}`).toEqual(outcome(a));
        }),
        { numRuns: 40 },
      );
    }
  });

  it('still refuses 1.5, "abc" and "" where a whole number is required', async () => {
    const course = await makeCourse(t.db, { isLottery: true });
    for (const win_num of [1.5, 'abc', '', -1, '1.5']) {
      const res = await post(
        t.app,
        '/api/admin/courseapplicantlist/lottery/',
        { id: course.id, win_num },
        cast.admin,
      );
      expect(res.statusCode, JSON.stringify(win_num)).toBe(422);
      expect(res.json().err_list[0].name).toBe('win_num');
    }
  });

  it('a notice takes the category id the category list handed out (a number)', async () => {
    const added = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '講座案内', sort_number: 3 },
      cast.admin,
    );
    expect(added.statusCode).toBe(200);
    const list = await get(t.app, '/api/admin/notice/category/list/all/', cast.admin);
    const category = (list.json() as { id: number; category_name: string }[]).find(
      (c) => c.category_name === '講座案内',
    )!;
    expect(typeof category.id).toBe('number');
    const res = await post(
      t.app,
      '/api/admin/notice/add/',
      {
        category_id: category.id,
        title: '数値で送ったお知らせ',
        content: '本文',
        period_from: '2026-04-01T09:00',
        period_to: '',
        is_control: 1,
        published_to: 1,
        is_email: false,
      },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a student applies by sending back the course detail as the API gave it', async () => {
    const now = Date.now();
    const course = await makeCourse(t.db, {
      status: '1',
      periodFrom: new Date(now - 86_400_000),
      periodTo: new Date(now + 86_400_000),
    });
    const detail = (await get(t.app, `/api/mypage/course/?id=${course.id}`, cast.student)).json();
    const res = await post(
      t.app,
      '/api/mypage/courseapplication/',
      {
        course_id: detail.id,
        course_name: detail.course_name,
        university_id: detail.univ_id,
        cancel: detail.cancel,
        is_dont_canncel: true,
      },
      cast.student,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe(true);
  });
});

/** Values a hostile or careless client may put in any field. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001b', '\n', '\t', 'a', '1', '漢', '-', ':', 'T') }),
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '10000-01-01',
    '99999-12-31T23:59',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '0000-00-00',
    '2024-02-30',
    '1e400',
    '99999999999999999999',
    '２０２４－０１－０１',
    "' OR 1=1 --",
    '%00',
    'x'.repeat(5000),
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

describe('fuzz', () => {
  it('no body or query on any route answers 5xx', async () => {
    // data for ids to hit: a course with an application, a notice
    const course = await makeCourse(t.db, { universityId: 'U01', isLottery: true });
    const [student] = await t.db.query.students.findMany({ limit: 1 });
    await makeApplication(t.db, { courseId: course.id, studentId: student!.id });
    await makeNotice(t.db);
    const idLike = fc.constantFrom(String(course.id), '1', '0', '2147483648');

    for (const route of routes) {
      if (route.url.endsWith('/logout/')) continue; // would end the cast's sessions
      const cookie =
        route.guard === 'student' ? cast.student : route.guard === 'public' ? undefined : cast.admin;
      const part = route.schema?.body ? 'body' : 'querystring';
      const keys = [...keysOf(route.schema?.[part]), 'id', 'user_id_1', 'is_update_1', 'updated_at_1'];
      const value =
        part === 'body'
          ? fc.oneof(hostile, idLike)
          : fc.oneof(
              fc.string(),
              hostile.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))),
              idLike,
            );
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 12 }), async (input) => {
          const url = concrete(route.url);
          const res =
            part === 'body'
              ? await t.app.inject({
                  method: route.method as InjectOptions['method'],
                  url,
                  payload: input as InjectOptions['payload'],
                  headers: {
                    'content-type': 'application/json',
                    origin: 'http://localhost:80',
                    ...(cookie ? { cookie } : {}),
                  },
                })
              : await t.app.inject({
                  method: 'GET',
                  url: `${url}?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]))}`,
                  headers: cookie ? { cookie } : {},
                });
          expect(
            res.statusCode,
            `${route.method} ${url} ${JSON.stringify(input).slice(0, 300)} → ${res.body}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    }
  }, 300_000);

  it('a NUL character is refused on the field it stands in, with a 422 and the field named', async () => {
    const res = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: 'a\u0000b', sort_number: '1' },
      cast.admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual([{ name: 'category_name', msg: MSG.controlCharacter }]);
    const q = await get(t.app, '/api/mypage/acceptingcourselist/?keyword=%00', cast.student);
    expect(q.statusCode).toBe(422);
    expect(q.json().err_list[0].name).toBe('keyword');
  });

  it('a field a call does not read may hold anything, control characters included', async () => {
    const res = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '未知の項目', sort_number: '2', memo: 'a\u0007b\u0000', extra: { x: '\u001b' } },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a line break in a one-line field is refused; a textarea keeps it', async () => {
    const oneLine = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '一行目\n二行目', sort_number: '1' },
      cast.admin,
    );
    expect(oneLine.statusCode).toBe(422);
    expect(oneLine.json().err_list[0]).toEqual({ name: 'category_name', msg: MSG.controlCharacter });
    const inquiry = await post(t.app, '/api/mypage/inquiry/', {
      is_required_answer: '0',
      content: '1',
      detail: '一行目\n二行目\tタブ',
      name: '問合 太郎',
      mail: 'toi@example.jp',
      mail_confirm: 'toi@example.jp',
      agreement: true,
    });
    expect(inquiry.statusCode, inquiry.body).toBe(200);
  });

  it('an updated_at past year 9999 is refused as input, not a server error', async () => {
    const added = await post(
      t.app,
      '/api/admin/notice/category/add/',
      { category_name: '年の確認', sort_number: '9' },
      cast.admin,
    );
    expect(added.statusCode).toBe(200);
    const list = await get(t.app, '/api/admin/notice/category/list/all/', cast.admin);
    const category = (list.json() as { id: number; category_name: string }[]).find(
      (c) => c.category_name === '年の確認',
    )!;
    for (const updated_at of ['+010000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const res = await post(
        t.app,
        '/api/admin/notice/category/update/',
        { id: category.id, category_name: '年の確認', sort_number: '9', updated_at },
        cast.admin,
      );
      expect(res.statusCode, res.body).toBe(422);
    }
  });
});
