/**
 * A JSON body nested thousands deep is refused with a 400 before anything walks it, on every route that
 * takes a body, whoever calls; and the walks over request data survive any depth.
 */
import { controlCharacterPaths } from '@manabi/shared/validation/json-input';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_FORM_BODY_LIMIT } from './modules/public-forms/public-forms.routes';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './platform/json-body';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from './test/app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const DEEP = 10_000;
const deepArrays = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const deepObjects = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
/** Deep nesting under a field a call might read, the shape a real client's mistake would take. */
const deepInField = `{"updated_at":${deepArrays},"id":${deepObjects}}`;
const nestedTo = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the depth scan', () => {
  it('counts arrays and objects, and ignores brackets inside strings (escaped quotes included)', () => {
    expect(jsonNestsDeeperThan(nestedTo(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nestedTo(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":{"b":[1]}}`, 2)).toBe(true);
    const bracketsInText = JSON.stringify({ note: `${'['.repeat(100)}"\\{`, list: ['{{{'] });
    expect(jsonNestsDeeperThan(bracketsInText, 2)).toBe(false);
    expect(jsonNestsDeeperThan(deepObjects, MAX_JSON_DEPTH)).toBe(true);
  });

  it('the control-character walk reads 10,000 levels without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < DEEP; i++) deep = i % 2 ? [deep] : { a: deep };
    const paths = controlCharacterPaths(deep);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(DEEP);
    expect(controlCharacterPaths({ a: ['ok', 'b\u0001'], c: { d: '\u0002' } })).toEqual([
      ['a', 1],
      ['c', 'd'],
    ]);
  });
});

describe('a deeply nested body', () => {
  it('gets a 400 with a plain message on every route that takes a body, anonymous or logged in; never a 5xx', async () => {
    const callers: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['student', cast.student],
      ['authority 2', cast.univ],
      ['authority 1', cast.admin],
    ];
    const bodied = t.app.apiRoutes.filter((r) => r.method !== 'GET');
    expect(bodied.length).toBeGreaterThan(30);
    let refusedAsTooDeep = 0;
    for (const route of bodied) {
      for (const [who, cookie] of callers) {
        const passesGuard =
          route.guard === 'public' ||
          (route.guard === 'student' && who === 'student') ||
          (route.guard === 'admin' && who.startsWith('authority')) ||
          (route.guard === 'authority1' && who === 'authority 1');
        for (const payload of [deepArrays, deepObjects, deepInField]) {
          const res = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: route.url,
            payload,
            headers: {
              'content-type': 'application/json',
              origin: 'http://localhost:80',
              ...(cookie ? { cookie } : {}),
            },
          });
          const what = `${route.method} ${route.url} as ${who}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode === 413 && payload.length > PUBLIC_FORM_BODY_LIMIT) {
            // the public forms take 32 KB at most: 10,000 levels of objects are larger than that
            expect(route.guard, what).toBe('public');
          } else if (passesGuard) {
            // a caller the route admits reaches the body parser, which refuses before any walk
            expect(res.statusCode, what).toBe(400);
            expect(res.json(), what).toEqual({
              code: 'VALIDATION',
              message: JSON_TOO_DEEP_MESSAGE,
              is_valid: false,
              err_list: [],
            });
            refusedAsTooDeep++;
          } else {
            // a caller the route refuses is turned away before its body is read at all
            expect([401, 403], what).toContain(res.statusCode);
          }
        }
      }
    }
    expect(refusedAsTooDeep).toBeGreaterThan(bodied.length * 3);
    // and the server still answers
    expect((await get(t.app, '/api/mypage/top/', cast.student)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/courselist/', cast.admin)).statusCode).toBe(200);
  });

  it('a body nested as deep as the limit is still read (and judged by its schema)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mypage/login/',
      payload: `{"login_id":"24040001","password":"student01","extra":${nestedTo(MAX_JSON_DEPTH - 1)}}`,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the prototype-poisoning check of the JSON parser still holds', async () => {
    const res = await post(t.app, '/api/auth/mypage/login/', '{"__proto__":{"x":1},"login_id":"a"}');
    expect(res.statusCode).toBe(400);
  });
});
