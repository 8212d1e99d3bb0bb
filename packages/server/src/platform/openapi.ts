import fastifySwagger from '@fastify/swagger';
import { errorBodySchema } from '@manabi/shared/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteEntry } from './context';

/**
 * The API reference, generated from the same zod schemas the routes validate and serialise with
 *: `/api/openapi.json` (OpenAPI 3.1) and a readable page at `/api/docs`. Who may read them:
 * API_DOCS=public (anyone), admin (any admin session) — the default with DATABASE_URL (production), public
 * on the embedded demo database.
 */

export const ROLE_TEXT: Record<RouteEntry['guard'], string> = {
  public: '誰でも（ログイン不要）',
  student: '学生（マイページのセッション）',
  admin: '管理者（権限1・権限2。権限2は自分の大学の講座だけ）',
  authority1: '管理者（権限1のみ。権限2は403）',
};

const areaOf = (url: string) => url.split('/')[2] ?? 'api';

/**
 * Registers @fastify/swagger (before the routes, so it sees them) and marks each /api route with its
 * roles and area. A route registered from its contract (platform/route.ts, shared/routes.ts) brings its
 * schemas and its guard from there, so the document says what the web is typed against; the guard it
 * actually runs must be the same (openapi.test.ts holds both to it).
 */
export async function installOpenApi(
  app: FastifyInstance,
  guardOf: (route: RouteOptions) => RouteEntry['guard'],
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'まなび API',
        version: '1',
        description:
          'SPEC §7 の呼び出し（パス・項目名は SPEC のつづりのまま）。どのパスも末尾のスラッシュあり・なしの両方で答え、' +
          'ID・コード・フラグは数値・数字の文字列・真偽値のどれでも受け付け、読まない項目は無視する。' +
          'エラーは { code, message }（入力エラーは is_valid: false と err_list も）。',
      },
    },
    transformObject: createJsonSchemaTransformObject({}),
    transform: createJsonSchemaTransform({
      skipList: ['/api/openapi.json', '/api/docs'],
      zodToJsonConfig: { unrepresentable: 'any' },
    }),
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.url === '/api/docs')
      return;
    const guard = route.config?.contract?.guard ?? guardOf(route);
    const errors = Object.fromEntries([401, 403, 404, 409, 422, 429].map((s) => [s, errorBodySchema]));
    route.schema = {
      ...route.schema,
      tags: [areaOf(route.url)],
      summary: ROLE_TEXT[guard],
      'x-roles': guard,
      response: { ...errors, ...(route.schema?.response as object | undefined) },
    } as RouteOptions['schema'];
  });
}

/** The two reference routes, gated as configured. */
export function openApiRoutes(app: FastifyInstance, access: 'public' | 'admin') {
  const gate = async (req: FastifyRequest, reply: FastifyReply) => {
    if (access === 'admin') await app.guards.admin(req, reply);
  };
  let document: OpenApiDocument | undefined;
  const doc = () => {
    document ??= withPatternProperties(structuredClone(app.swagger()) as OpenApiDocument);
    return document;
  };
  app.get('/api/openapi.json', { onRequest: gate, schema: { hide: true } }, async () => doc());
  app.get('/api/docs', { onRequest: gate, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocs(doc())),
  );
}

/**
 * The flattened bulk bodies (`is_update_{n}`, `attendance_{n}_{k}`) carry their field patterns as
 * `x-pattern-properties` (shared/schemas/applicant.ts flattenedRowsDoc); OpenAPI 3.1 has patternProperties,
 * so they go back where they belong and no longer read as "any other string field".
 */
function withPatternProperties<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) withPatternProperties(item);
  } else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['x-pattern-properties']) {
      o.patternProperties = o['x-pattern-properties'];
      o.additionalProperties = true;
      delete o['x-pattern-properties'];
    }
    for (const value of Object.values(o)) withPatternProperties(value);
  }
  return node;
}

interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  $ref?: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const typeText = (s: JsonSchema | undefined): string => {
  if (!s) return '';
  if (s.$ref) return s.$ref.split('/').at(-1) ?? '';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array') return `${typeText(s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? '');
};

function fieldsTable(schema: JsonSchema | undefined): string {
  const props = Object.entries(schema?.properties ?? {});
  const patterns = Object.entries(schema?.patternProperties ?? {});
  if (props.length === 0 && patterns.length === 0) return '';
  const rows = [...props, ...patterns.map(([k, v]) => [`/${k}/`, v] as const)]
    .map(([name, s]) => `<tr><th scope="row"><code>${esc(name)}</code></th><td>${esc(typeText(s))}</td></tr>`)
    .join('');
  return `<table><thead><tr><th scope="col">項目</th><th scope="col">型</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A plain, accessible HTML reference (no script: it passes the app's strict CSP). */
export function renderDocs(doc: OpenApiDocument): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const sections = ops
    .map(({ path, method, op }) => {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const queryTable = fieldsTable({
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
      });
      const body = op.requestBody?.content?.['application/json']?.schema;
      const ok = op.responses?.['200']?.content?.['application/json']?.schema;
      return `<section><h2><code>${esc(method)} ${esc(path)}</code></h2><p>${esc(op.summary ?? '')}</p>${
        queryTable ? `<h3>クエリ</h3>${queryTable}` : ''
      }${body ? `<h3>本文（JSON）</h3>${fieldsTable(body)}` : ''}${
        ok ? `<h3>応答（200）</h3>${fieldsTable(ok.items ?? ok) || `<p>${esc(typeText(ok))}</p>`}` : ''
      }</section>`;
    })
    .join('');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(
    doc.info.title,
  )}</title><style>body{font:18px/1.7 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;color:#1a1a1a}code{font-size:.95em;overflow-wrap:anywhere}table{border-collapse:collapse;margin:.5rem 0;max-width:100%}th,td{border:1px solid #767676;padding:.25rem .5rem;text-align:left;overflow-wrap:anywhere}h2{font-size:1.2rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:1rem}</style></head><body><main><h1>${esc(
    doc.info.title,
  )}</h1><p>${esc(doc.info.description ?? '')}</p><p><a href="/api/openapi.json">OpenAPI 3.1（JSON）</a></p>${sections}</main></body></html>`;
}
