/**
 * TRUST_PROXY: a client behind our proxy cannot pick its own address by sending
 * X-Forwarded-For, so the per-address limits hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxy } from '../config';
import { createTestApp, type TestApp } from '../test/app';

describe('TRUST_PROXY values', () => {
  it('reads off/none, a hop count and an address list; never "trust everyone"', () => {
    for (const v of [undefined, '', '0', 'false', 'off']) expect(trustProxy(v)).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16, ::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => trustProxy('everyone')).toThrow(/TRUST_PROXY/);
  });
});

/** A login attempt that reaches us through a proxy at 10.0.0.1, which appends the client's real address. */
const login = (t: TestApp, spoofed: string, real: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/mypage/login/',
    remoteAddress,
    payload: { login_id: '24049999', password: 'wrongpass' },
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:80',
      'x-forwarded-for': `${spoofed}, ${real}`,
    },
  });

describe.each([
  ['one hop', '1'],
  ['the proxy by address', '10.0.0.1'],
])('TRUST_PROXY = %s', (_name, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: value,
      LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      LOGIN_MAX_FAILURES: '100',
    });
  });
  afterAll(() => t.close());

  it('a varying first X-Forwarded-For entry does not escape the per-address login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, `203.0.113.${i}`, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    // another real client behind the same proxy still gets its own allowance
    expect((await login(t, '203.0.113.9', '198.51.100.8')).statusCode).toBe(422);
  });
});

describe('TRUST_PROXY = the proxy by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '10.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '2',
      LOGIN_MAX_FAILURES: '100',
    });
  });
  afterAll(() => t.close());

  it('X-Forwarded-For from anyone but the proxy is ignored', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await login(t, `203.0.113.${i}`, `198.51.100.${i}`, '192.0.2.50')).statusCode);
    }
    expect(statuses).toEqual([422, 422, 429]);
  });
});
