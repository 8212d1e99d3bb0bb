/**
 * The generated API reference: one OpenAPI 3.1 document from the routes' own schemas, every
 * SPEC §7 call in it, the roles of each call, and a readable page; gated by API_DOCS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../test/app';
import { hasSpec, specCalls } from '../test/spec';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'admin' });
  cast = await makeCast(t);
});
afterAll(() => t.close());

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { summary?: string; 'x-roles'?: string; responses?: Record<string, unknown> }>
  >;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every API route, each with its roles and the error shape', async () => {
    const res = await get(t.app, '/api/openapi.json', cast.admin);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op!['x-roles'], route.url).toBe(route.guard);
      expect(op!.summary, route.url).toBeTruthy();
      expect(Object.keys(op!.responses ?? {}), route.url).toEqual(
        expect.arrayContaining(['401', '403', '422']),
      );
    }
  });

  it.skipIf(!hasSpec)('holds every call SPEC §7 writes, under its SPEC spelling', async () => {
    const doc = (await get(t.app, '/api/openapi.json', cast.admin)).json() as Doc;
    const paths = Object.keys(doc.paths);
    const calls = specCalls();
    expect(calls.length).toBeGreaterThan(50);
    for (const [method, path] of calls) {
      const written = paths.find((p) => p === path || p === `${path}/` || `${p}/` === path);
      expect(written, `${method} ${path}`).toBeDefined();
      expect(doc.paths[written!]![method!.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('every route declares its 200 response schema (what it answers is the contract, serialised through it)', () => {
    for (const route of t.app.apiRoutes) {
      const has = (route.schema as { response?: Record<string, unknown> } | undefined)?.response?.['200'];
      expect(has, `${route.method} ${route.url} has no 200 response schema`).toBeDefined();
    }
  });

  it('describes the flattened bulk bodies honestly (patternProperties)', async () => {
    const doc = (await get(t.app, '/api/openapi.json', cast.admin)).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    for (const path of [
      '/api/admin/courseapplicantlist/update/',
      '/api/admin/student/applicantCourse/update/',
    ]) {
      const body = JSON.stringify(doc.paths[path]!.post.requestBody.content['application/json']!.schema);
      expect(body, path).toContain('patternProperties');
      expect(body, path).toContain('attendance_');
      expect(body, path).toContain('is_update');
    }
  });

  it("describes the uploads' optional preview_hash and the preview calls' answers (decision 070)", async () => {
    const doc = (await get(t.app, '/api/openapi.json', cast.admin)).json() as {
      paths: Record<
        string,
        {
          post: {
            requestBody: { content: Record<string, { schema: unknown }> };
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    for (const path of ['/api/admin/student/upload/', '/api/admin/course/courseupload']) {
      const body = doc.paths[path]!.post.requestBody.content['application/json']!.schema as {
        properties: Record<string, { description?: string }>;
        required?: string[];
      };
      expect(body.properties.preview_hash?.description, path).toContain('409');
      expect(body.required ?? [], path).not.toContain('preview_hash');
    }
    for (const path of ['/api/admin/student/upload/preview/', '/api/admin/course/courseupload/preview/']) {
      const ok = JSON.stringify(doc.paths[path]!.post.responses['200']);
      for (const key of ['preview_hash', 'counts', 'changes', 'errors', 'new_rows', 'errors_truncated']) {
        expect(ok, `${path} ${key}`).toContain(key);
      }
    }
    expect(JSON.stringify(doc.paths['/api/admin/student/upload/preview/']!.post.responses['200'])).toContain(
      'match_login_id',
    );
  });

  it('with API_DOCS=admin: admins only (401 without a session, 403 for a student)', async () => {
    expect((await get(t.app, '/api/openapi.json')).statusCode).toBe(401);
    expect((await get(t.app, '/api/openapi.json', cast.student)).statusCode).toBe(403);
    expect((await get(t.app, '/api/docs', cast.student)).statusCode).toBe(403);
  });
});

describe('GET /api/docs', () => {
  it('is a readable Japanese HTML page listing the calls, with no script', async () => {
    const res = await get(t.app, '/api/docs', cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toContain('POST /api/mypage/courseapplication/');
    expect(res.body).toContain('学生（マイページのセッション）');
    expect(res.body).not.toContain('<script');
  });
});
