/**
 * The route contract (shared/routes.ts) is what the server answers: every call in it is registered with its
 * method, path and guard, no API route is registered outside it, and mail a call queues is delivered by
 * the one hook once the answer is sent — not after a refusal.
 */
import { allRoutes, api } from '@manabi/shared/routes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, post, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe('the route contract', () => {
  it('declares each call once', () => {
    const keys = allRoutes.map((r) => key(r.method, r.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is exactly what the server registers, each route behind the guard its contract names', () => {
    const registered = new Map(t.app.apiRoutes.map((r) => [key(r.method, r.url), r.guard]));
    const declared = new Map(allRoutes.map((r) => [key(r.method, r.path), r.guard]));
    expect([...registered.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [route, guard] of declared) expect(registered.get(route), route).toBe(guard);
  });
});

describe('mail delivery after the answer', () => {
  const inquiry = {
    name: '山田 太郎',
    mail: 'taro@example.com',
    mail_confirm: 'taro@example.com',
    detail: '講座について教えてください。',
  };

  it('a call that may mail delivers the outbox once it has answered', async () => {
    const flush = vi.spyOn(t.app.deps.mailer, 'flush');
    flush.mockClear();
    const res = await post(t.app, api.publicForms.inquiry.path, inquiry);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(flush).toHaveBeenCalled());
  });

  it('a refused call delivers nothing, and a call that cannot mail never flushes', async () => {
    const flush = vi.spyOn(t.app.deps.mailer, 'flush');
    flush.mockClear();
    const refused = await post(t.app, api.publicForms.inquiry.path, { ...inquiry, detail: '' });
    expect(refused.statusCode).toBe(422);
    const read = await t.app.inject({ method: 'GET', url: '/api/common/codemasterlist/?code=CD001' });
    expect(read.statusCode).toBe(200);
    expect(flush).not.toHaveBeenCalled();
  });
});
