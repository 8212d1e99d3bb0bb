import {
  birthdayRelation,
  KANJI_VARIANTS,
  type MatchPerson,
  matchKeys,
  relatedBirthdays,
  sameOrSwappedBirthdays,
} from '@manabi/shared/domain/person-match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LookUp, lookUpsOf } from './students-upload-duplicates';

// The look-ups as the preview first worked them out: every date the birthday may have been entered as, of
// which it kept the two that are the same day or month and day swapped. Kept here as the reference.
function referenceSameOrSwapped(b: string | null): string[] {
  if (!b) return [];
  return relatedBirthdays(b).filter((d) => d === b || birthdayRelation(b, d) === 'swapped');
}

function referenceLookUps(p: MatchPerson): LookUp[] {
  const out: LookUp[] = [];
  for (const key of matchKeys(p)) {
    const byName = key.startsWith('n:') || key.startsWith('k:');
    const births = byName ? referenceSameOrSwapped(p.birthday || null) : null;
    if (byName && births?.length === 0) continue;
    out.push({ key, births });
  }
  return out;
}

const text = (chars: string[]) =>
  fc.array(fc.constantFrom(...chars), { maxLength: 8 }).map((a) => a.join(''));
const NAME_CHARS = [...Object.keys(KANJI_VARIANTS).slice(0, 12), '佐', '藤', '一', '郎', ' ', '　', 'ｱ'];
const KANA_CHARS = [...'さとういちろうサトウイチロウｻﾄｳｰァっッゃヴ ・'];
// real dates (with month and day both ≤ 12, so the swap is often real too) and text that is no date
const realDay = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const lowDay = fc
  .tuple(
    fc.integer({ min: 1900, max: 2030 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 12 }),
  )
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const oddDay = fc.oneof(
  fc.constantFrom('', '1950-02-30', '1950-13-01', '1950-4-3', '19500403', '2000-02-29', '1900-02-29'),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    ),
);
const birthday = fc.option(fc.oneof(realDay, lowDay, oddDay), { nil: null });
const people = fc.record({
  name: text(NAME_CHARS),
  name_kana: text(KANA_CHARS),
  birthday,
  phone1: fc.constantFrom('', '090-1234-5678', '03-1234-5678', '1234'),
  phone2: fc.constantFrom('', '０９０１２３４５６７８'),
  mail1: fc.constantFrom('', 'Taro+x@example.jp', 'no-at-sign'),
  mail2: fc.constantFrom('', 'taro@example.jp'),
  postcode: fc.constant(''),
  street_name1: fc.constant(''),
});

describe('an upload row’s look-ups', () => {
  it('are the ones the hundred birthday variants gave, for any name and birthday', () => {
    fc.assert(
      fc.property(people, (p) => {
        expect(lookUpsOf(p)).toEqual(referenceLookUps(p));
      }),
      { numRuns: 3000 },
    );
  });

  it('ask the birthday and its month-and-day swap, as filtering the variants did', () => {
    fc.assert(
      fc.property(birthday, (b) => {
        expect(sameOrSwappedBirthdays(b)).toEqual(referenceSameOrSwapped(b));
      }),
      { numRuns: 5000 },
    );
    expect(sameOrSwappedBirthdays('1950-04-03')).toEqual(['1950-04-03', '1950-03-04']);
    expect(sameOrSwappedBirthdays('1950-04-04')).toEqual(['1950-04-04']);
    expect(sameOrSwappedBirthdays('1950-04-13')).toEqual(['1950-04-13']);
    expect(sameOrSwappedBirthdays('1950-02-30')).toEqual([]);
  });
});
