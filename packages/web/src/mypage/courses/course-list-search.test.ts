import { readCourseListSearch } from '@manabi/shared/domain/course-list-search';
import { mypageCourseListQuerySchema } from '@manabi/shared/schemas/mypage-course';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search-state';

/**
 * The course lists read their search without zod on their first paint (decision 068): the plain reader must
 * make of any URL exactly what the list's schema makes of it, field by field.
 */
const KEYS = Object.keys(mypageCourseListQuerySchema.shape);

/** Values a URL may carry: typed, pasted, hand-edited or hostile. */
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.constantFrom(
    '',
    ' ',
    '1',
    '0',
    '2',
    'x',
    '１',
    '０１',
    ' 12 ',
    '000001',
    '1234567',
    '\u0000',
    'a\tb',
    '講座',
  ),
  fc.string({ minLength: 99, maxLength: 102 }).map((s) => `${s}`),
  fc
    .tuple(
      fc.integer({ min: 0, max: 10_050 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  fc.constantFrom(
    '２０２６－０４－０１',
    '２０２６-０４-０１',
    ' 2026-02-29',
    '2024-02-29',
    '9999-12-31',
    '10000-01-01',
  ),
  fc.nat({ max: 10_000_000 }).map(String),
);

const params = fc
  .array(fc.tuple(fc.constantFrom(...KEYS, 'unknown', 'sort'), value), { maxLength: 14 })
  .map((pairs) => new URLSearchParams(pairs));

describe('[web][mypage] the course lists’ search read without zod', () => {
  it('is what the schema makes of any URL', () => {
    fc.assert(
      fc.property(params, (p) => {
        expect(readCourseListSearch(p)).toEqual(parseSearch(mypageCourseListQuerySchema, p));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a plain search and falls back field by field', () => {
    const p = new URLSearchParams(
      'keyword=%20江戸%20&date_from=２０２６-０４-０１&date_to=2026-02-30&lottery_status_2=1&page=３',
    );
    expect(readCourseListSearch(p)).toMatchObject({
      keyword: '江戸',
      date_from: '2026-04-01',
      date_to: '',
      lottery_status_1: '0',
      lottery_status_2: '1',
      page: '3',
    });
  });
});
