/**
 * A JSON body read as it arrives gives exactly what one parse of the whole text gives, however the body
 * is cut into pieces: long strings with every kind of escape, characters cut between pieces, long keys;
 * and it is refused as before (too deep, malformed, too large, shorter than declared).
 */
import fc from 'fast-check';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installJsonBodyParser, JSON_TOO_DEEP_MESSAGE, JsonBodyReader, JsonTooDeepError } from './json-body';

const plainParse = (
  _req: FastifyRequest,
  text: string,
  done: (err: Error | null, body?: unknown) => void,
) => {
  try {
    done(null, JSON.parse(text));
  } catch (e) {
    done(e as Error);
  }
};

/** The text fed in pieces cut at `cuts`; the value the reader gives (or its fault). */
function readInPieces(
  text: string,
  cuts: number[],
): { value?: unknown; tooDeep?: boolean; invalid?: boolean } {
  const reader = new JsonBodyReader();
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.feed(text.slice(at, cut));
    at = cut;
  }
  reader.feed(text.slice(at));
  if (reader.tooDeep) return { tooDeep: true };
  if (reader.invalid) return { invalid: true };
  let out: { value?: unknown } = {};
  reader.end({} as FastifyRequest, plainParse, (err, body) => {
    if (err) throw err;
    out = { value: body };
  });
  return out;
}

const long = (unit: string, n = 20_000) => unit.repeat(Math.ceil(n / unit.length));

describe('the body read in pieces', () => {
  const tricky = {
    student: `data:text/csv;base64,${long('QUJD')}`,
    escapes: long('a\\"b\\\\c/\n\t\u0001é😀{[]}"'),
    short: 'x"y\\z',
    list: [1, true, null, long('日本語'), { nested: long('\u2028') }],
    [long('k')]: 'a long key',
  };
  const text = JSON.stringify(tricky);

  it('gives what JSON.parse of the whole text gives, wherever the pieces are cut', () => {
    expect(readInPieces(text, [])).toEqual({ value: tricky });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), (cuts) => {
        expect(readInPieces(text, cuts)).toEqual({ value: tricky });
      }),
      { numRuns: 60 },
    );
    // every cut inside the first escapes of the long string, one at a time
    const from = text.indexOf('a\\"b');
    for (let cut = from; cut < from + 40; cut++) expect(readInPieces(text, [cut])).toEqual({ value: tricky });
  });

  it('finds a depth beyond the limit, also after a long string and in pieces', () => {
    const deep = `{"a":"${long('x')}","b":${'['.repeat(40)}${']'.repeat(40)}}`;
    expect(readInPieces(deep, [10, 20_010, 20_020])).toEqual({ tooDeep: true });
    const brackets = JSON.stringify({ a: long('[{'), b: [[1]] });
    expect(readInPieces(brackets, [5_000])).toEqual({ value: JSON.parse(brackets) });
  });

  it('refuses a long string that is no JSON string (a raw control character, a bad escape)', () => {
    expect(readInPieces(`{"a":"${long('x')}\u0001"}`, [100])).toEqual({ invalid: true });
    expect(readInPieces(`{"a":"${long('x')}\\q"}`, [])).toEqual({ invalid: true });
  });
});

describe('the JSON body parser', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installJsonBodyParser(app);
    app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) =>
      reply
        .code(err.statusCode ?? 500)
        .send({ message: err instanceof JsonTooDeepError ? err.message : err.name }),
    );
    app.post('/small', async (req) => req.body);
    app.post('/big', { bodyLimit: 4 * 1024 * 1024 }, async (req) => req.body);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('answers the body as sent, a large one on the route that allows it', async () => {
    const body = { file: `data:text/csv;base64,${long('QUJD', 3_000_000)}`, type: '1' };
    const res = await post('/big', JSON.stringify(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
    expect((await post('/small', '{"a":[1,"b"]}')).json()).toEqual({ a: [1, 'b'] });
  });

  it('refuses as before: too large (413), too deep, malformed, empty, poisoned, shorter than declared (400)', async () => {
    expect((await post('/small', JSON.stringify({ a: long('x', 1_100_000) }))).statusCode).toBe(413);
    const deep = await post('/big', `{"a":"${long('x')}","b":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(JSON_TOO_DEEP_MESSAGE);
    expect((await post('/big', `{"a":"${long('x')}\u0001"}`)).statusCode).toBe(400);
    expect((await post('/small', '{"a":')).statusCode).toBe(400);
    expect((await post('/small', '')).statusCode).toBe(400);
    expect((await post('/small', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
    expect((await post('/small', '{"a":1}', { 'content-length': '9' })).statusCode).toBe(400);
  });
});
