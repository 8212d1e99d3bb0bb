/**
 * A JSON body read as it arrives gives exactly what one parse of the whole text gives, however the body
 * is cut into pieces: long strings with every kind of escape, characters cut between pieces, long keys;
 * and it is refused as before (too deep, malformed, too large, shorter than declared).
 */
import { controlCharacterPaths, FORBIDDEN_CONTROL, knowControlCharacters } from '@manabi/shared';
import fc from 'fast-check';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bodyTextPieces,
  installJsonBodyParser,
  JSON_TOO_DEEP_MESSAGE,
  JsonBodyReader,
  JsonTooDeepError,
} from './json-body';

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
  req = {} as FastifyRequest,
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
  reader.end(req, plainParse, (err, body) => {
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

describe('the long strings of a body', () => {
  // a control character (escaped, as JSON must) or none, anywhere in a long string; astral characters and
  // escapes beside it, so that piece boundaries fall inside escapes and between surrogate halves
  const control = fc.constantFrom('', '\u0000', '\u0001', '\u001f', '\u007f', '\t', '\n', '\r', '😀', 'é');
  const longWith = fc
    .tuple(fc.integer({ min: 0, max: 20_000 }), control, fc.integer({ min: 16_400, max: 20_000 }))
    .map(([at, c, n]) => `${long('a😀"\\', at).slice(0, at)}${c}${long('日本', Math.max(0, n - at))}`);
  const bodies = fc
    .tuple(longWith, longWith, longWith, fc.string({ maxLength: 5 }))
    .map(([a, b, c, short]) => ({
      file: a,
      type: short,
      list: ['x', b],
      nested: { deeper: c },
    }));

  it('are checked for control characters exactly as a check of the whole strings, wherever the pieces are cut', () => {
    fc.assert(
      fc.property(
        bodies.chain((body) => {
          const text = JSON.stringify(body);
          return fc.tuple(
            fc.constant(body),
            fc.constant(text),
            fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 30 }),
          );
        }),
        ([body, text, cuts]) => {
          const read = readInPieces(text, cuts);
          expect(read).toEqual({ value: body });
          const scanned = vi.spyOn(FORBIDDEN_CONTROL, 'test');
          const paths = controlCharacterPaths(read.value);
          // no long string was scanned whole: the verdicts of its pieces were taken
          expect(scanned.mock.calls.every(([s]) => s.length < 1000)).toBe(true);
          scanned.mockRestore();
          // the body as parsed whole carries no verdicts: the check scans every string of it
          expect(paths).toEqual(controlCharacterPaths(JSON.parse(text)));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("hand a top-level field's pieces to its route: joined, they are the field", () => {
    fc.assert(
      fc.property(
        bodies.chain((body) => {
          const text = JSON.stringify(body);
          return fc.tuple(
            fc.constant(body),
            fc.constant(text),
            fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 30 }),
          );
        }),
        ([body, text, cuts]) => {
          const req = {} as FastifyRequest;
          const { value } = readInPieces(text, cuts, req) as { value: typeof body };
          const pieces = bodyTextPieces(req, 'file', value.file);
          expect(pieces.join('')).toBe(body.file);
          expect(pieces.length).toBeGreaterThan(0);
          // a short field, a nested one, another request or another string: the text itself
          expect(bodyTextPieces(req, 'type', value.type)).toEqual([value.type]);
          expect(bodyTextPieces(req, 'nested', 'x')).toEqual(['x']);
          expect(bodyTextPieces({} as FastifyRequest, 'file', value.file)).toEqual([value.file]);
          expect(bodyTextPieces(req, 'file', 'other')).toEqual(['other']);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("the input rules take a reader's verdict for that very string in that place, and test any other", () => {
    const text = long('abc');
    const body: Record<string, unknown> = { a: text, b: [text] };
    knowControlCharacters(body, 'a', text, true);
    knowControlCharacters(body.b as object, 0, text, true);
    expect(controlCharacterPaths(body)).toEqual([['a'], ['b', 0]]);
    body.a = `${long('abc')}d`;
    (body.b as string[])[0] = 'x\u0001';
    expect(controlCharacterPaths(body)).toEqual([['b', 0]]);
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
