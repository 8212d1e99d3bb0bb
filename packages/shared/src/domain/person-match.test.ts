import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  birthdayRelation,
  DUPLICATE_SCORE_MIN,
  foldKana,
  foldName,
  KANA_FOLDS,
  KANJI_VARIANTS,
  type MatchPerson,
  mailKey,
  matchKeys,
  matchReasonText,
  phoneKey,
  relatedBirthdays,
  scorePair,
} from './person-match';

const person = (p: Partial<MatchPerson>): MatchPerson => ({
  name: '',
  name_kana: '',
  birthday: null,
  phone1: '',
  phone2: '',
  mail1: '',
  mail2: '',
  postcode: '',
  street_name1: '',
  ...p,
});

const VARIANTS = Object.keys(KANJI_VARIANTS);
const NAME_CHARS = [
  ...VARIANTS,
  ...Object.values(KANJI_VARIANTS),
  '佐',
  '藤',
  '一',
  '郎',
  ' ',
  '　',
  'ｱ',
  'ア',
];
const KANA_CHARS = [...'さとういちろうサトウイチロウｻﾄｳｰァっッゃヴゔ ー・', ...Object.keys(KANA_FOLDS)];
const text = (chars: string[]) =>
  fc.array(fc.constantFrom(...chars), { maxLength: 8 }).map((a) => a.join(''));
const day = fc
  .date({ min: new Date('1930-01-01'), max: new Date('1975-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const persons = fc.record({
  name: text(NAME_CHARS),
  name_kana: text(KANA_CHARS),
  birthday: fc.option(day, { nil: null }),
  phone1: fc.constantFrom(
    '',
    '090-1234-5678',
    '09012345678',
    '０９０１２３４５６７８',
    '03-1234-5678',
    '123',
  ),
  phone2: fc.constantFrom('', '03-1234-5678', '080-0000-1111'),
  mail1: fc.constantFrom('', 'Taro@Example.jp', 'taro+manabi@example.jp', 'hanako@example.jp', 'bad'),
  mail2: fc.constantFrom('', 'taro@example.jp', 'jiro@example.jp'),
  postcode: fc.constantFrom('', '105-0011', '1050011', '106-0032'),
  street_name1: fc.constantFrom('', '港区芝公園', '港区　芝公園', '港区六本木'),
});

describe('the folds', () => {
  it('fold every 異体字 of the table to its form, and no form is itself a variant', () => {
    for (const [variant, form] of Object.entries(KANJI_VARIANTS)) {
      expect(foldName(variant)).toBe(form);
      expect(VARIANTS).not.toContain(form);
    }
    expect(foldName('髙橋　一郎')).toBe(foldName('高橋 一郎'));
    expect(foldName('齋藤')).toBe(foldName('斉藤'));
    expect(foldName('山﨑')).toBe(foldName('山崎'));
    expect(foldName('𠮷田')).toBe('吉田');
    // a variation selector a register appends to 葛 says nothing about the person
    expect(foldName('葛\u{E0100}西')).toBe('葛西');
    expect(foldName('佐藤')).not.toBe(foldName('加藤'));
  });

  it('fold readings across script, width, size and the long-vowel mark', () => {
    expect(foldKana('さとう いちろう')).toBe(foldKana('ｻﾄｳｲﾁﾛｳ'));
    expect(foldKana('キャロル')).toBe(foldKana('キヤロル'));
    expect(foldKana('サトー')).toBe(foldKana('サト'));
    expect(foldKana('ちぢみ')).toBe(foldKana('チジミ'));
    expect(foldKana('ゔぃーな')).toBe(foldKana('ブイナ'));
    expect(foldKana('サトウ')).not.toBe(foldKana('カトウ'));
  });

  it('are idempotent', () => {
    fc.assert(
      fc.property(text(NAME_CHARS), text(KANA_CHARS), (n, k) => {
        expect(foldName(foldName(n))).toBe(foldName(n));
        expect(foldKana(foldKana(k))).toBe(foldKana(k));
      }),
    );
  });

  it('key phones by their digits and mail without case or +tag', () => {
    expect(phoneKey('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(phoneKey('03 (1234) 5678')).toBe('0312345678');
    expect(phoneKey('1234')).toBe('');
    expect(mailKey(' Taro+course@Example.JP ')).toBe('taro@example.jp');
    expect(mailKey('+x@example.jp')).toBe('+x@example.jp');
    expect(mailKey('no-at-sign')).toBe('');
    expect(mailKey('a@b@c')).toBe('');
  });
});

describe('birthdayRelation', () => {
  it('lists every date a birthday may have been entered as, and no other', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(relatedBirthdays(a).includes(b)).toBe(birthdayRelation(a, b) !== null);
      }),
      { numRuns: 3000 },
    );
    const near = relatedBirthdays('1950-04-03');
    expect(near).toEqual(expect.arrayContaining(['1950-04-03', '1950-03-04', '1950-04-08', '1905-04-03']));
    expect(relatedBirthdays(null)).toEqual([]);
  });

  it('tells equal, swapped month and day, and one mistyped digit', () => {
    expect(birthdayRelation('1950-04-03', '1950-04-03')).toBe('same');
    expect(birthdayRelation('1950-04-03', '1950-03-04')).toBe('swapped');
    expect(birthdayRelation('1950-04-03', '1950-04-08')).toBe('typo');
    expect(birthdayRelation('1950-04-03', '1905-04-03')).toBe('typo');
    expect(birthdayRelation('1950-04-03', '1951-05-03')).toBeNull();
    expect(birthdayRelation('1950-04-03', null)).toBeNull();
  });
});

describe('scorePair', () => {
  const takahashi = person({
    name: '高橋 一郎',
    name_kana: 'タカハシ イチロウ',
    birthday: '1950-04-03',
    phone1: '090-1234-5678',
    postcode: '105-0011',
    street_name1: '港区芝公園',
  });

  it('scores 「髙橋　一郎」 against 「高橋 一郎」 with its reasons in words', () => {
    const other = person({
      ...takahashi,
      name: '髙橋　一郎',
      name_kana: 'たかはし いちろう',
      phone1: '09012345678',
    });
    const s = scorePair(takahashi, other);
    expect(s.candidate).toBe(true);
    expect(s.reasons).toEqual(['name_variant', 'kana', 'birthday', 'phone', 'address']);
    expect(s.score).toBe(100);
    expect(matchReasonText(s.reasons)).toBe(
      '氏名（異体字）・フリガナ一致・生年月日一致・電話一致・住所（郵便番号・町名）一致',
    );
  });

  it('finds a birthday with month and day swapped, and a reading alone', () => {
    expect(scorePair(takahashi, person({ name: '高橋一郎', birthday: '1950-03-04' }))).toMatchObject({
      reasons: ['name', 'birthday_swapped'],
      candidate: true,
    });
    // 斉藤 entered as a kanji the table does not know: the reading and birthday still find it
    const a = person({ name: '斉藤 花子', name_kana: 'サイトウ ハナコ', birthday: '1948-11-02' });
    const b = person({ name: '西藤 花子', name_kana: 'さいとう はなこ', birthday: '1948-11-02' });
    expect(scorePair(a, b)).toMatchObject({ reasons: ['kana_only', 'birthday'], score: 60, candidate: true });
  });

  it('does not take a couple sharing phone, mail and address, nor a common name in one town', () => {
    const home = {
      phone1: '03-1234-5678',
      mail1: 'home@example.jp',
      postcode: '105-0011',
      street_name1: '港区芝',
    };
    const husband = person({
      name: '佐藤 一郎',
      name_kana: 'サトウ イチロウ',
      birthday: '1950-01-01',
      ...home,
    });
    const wife = person({ name: '佐藤 和子', name_kana: 'サトウ カズコ', birthday: '1952-06-09', ...home });
    expect(scorePair(husband, wife)).toMatchObject({ score: 60, candidate: false });
    const namesake = person({
      name: '佐藤 一郎',
      name_kana: 'サトウ イチロウ',
      birthday: '1944-08-20',
      ...home,
    });
    expect(scorePair(husband, { ...namesake, phone1: '', mail1: '' }).candidate).toBe(false);
  });

  it('is symmetric, and a candidate pair always shares a key the indexed search finds it by', () => {
    fc.assert(
      fc.property(persons, persons, (a, b) => {
        const ab = scorePair(a, b);
        expect(scorePair(b, a)).toEqual(ab);
        expect(ab.score).toBeLessThanOrEqual(100);
        if (ab.candidate) {
          expect(ab.score).toBeGreaterThanOrEqual(DUPLICATE_SCORE_MIN);
          const keysB = new Set(matchKeys(b));
          expect(matchKeys(a).some((k) => keysB.has(k))).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a record the same as itself', () => {
    fc.assert(
      fc.property(persons, (a) => {
        const self = scorePair(a, a);
        if (foldName(a.name) !== '' && a.birthday) expect(self.candidate).toBe(true);
      }),
    );
  });
});
