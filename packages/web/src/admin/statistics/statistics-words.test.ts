import { fiscalYearOf } from '@manabi/shared/domain/age';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  busiestMonth,
  largest,
  lowestSession,
  mostPeople,
  people,
  percent,
  shareOf,
  yearOverYear,
} from './findings';
import { fiscalYearChoices, fiscalYearLabel, periodFromSearch, periodLabel, periodQuery } from './period';

describe('the period of the statistics screen', () => {
  it('names a fiscal year in both calendars, 令和元年度 for 2019 and 平成 before it', () => {
    expect(fiscalYearLabel(2026)).toBe('2026年度（令和8年度）');
    expect(fiscalYearLabel(2019)).toBe('2019年度（令和元年度）');
    expect(fiscalYearLabel(2018)).toBe('2018年度（平成30年度）');
  });

  it('puts 1 April in the new fiscal year and 31 March in the old one', () => {
    expect(fiscalYearOf('2027-03-31')).toBe(2026);
    expect(fiscalYearOf('2026-04-01')).toBe(2026);
    expect(fiscalYearOf('2026-03-31')).toBe(2025);
  });

  it('offers this fiscal year and the five before it, newest first', () => {
    const years = fiscalYearChoices('2027-02-10').map((c) => c.value);
    expect(years).toEqual(['2026', '2025', '2024', '2023', '2022', '2021']);
  });

  it('reads the URL and writes back only what was chosen', () => {
    const period = periodFromSearch(new URLSearchParams('from=2026-04-01&to=2026-09-30&group=category'));
    expect(period).toEqual({ fy: '', from: '2026-04-01', to: '2026-09-30' });
    expect(periodQuery(period)).toEqual({ from: '2026-04-01', to: '2026-09-30' });
    expect(periodQuery({ fy: '2025', from: '', to: '' })).toEqual({ fy: '2025' });
    expect(periodLabel({ fy: null, from: '2026-04-01', to: '2026-09-30' })).toBe(
      '2026年4月1日〜2026年9月30日',
    );
  });
});

describe('the findings the headings state', () => {
  it('names the largest group with its count, and says so when there is nobody', () => {
    const ages = [
      { label: '65〜69歳', count: 12 },
      { label: '70〜74歳', count: 412 },
      { label: '75〜79歳', count: 30 },
    ];
    expect(mostPeople(ages, false)).toBe('最も多いのは 70〜74歳（412人）');
    expect(
      mostPeople(
        ages.map((a) => ({ ...a, count: 0 })),
        false,
      ),
    ).toBe('該当する人はいません');
  });

  it('the largest row is one with the greatest count, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 12 }), (counts) => {
        const rows = counts.map((count, i) => ({ label: String(i), count }));
        const top = largest(rows, (r) => r.count);
        const max = Math.max(...counts);
        if (max === 0) expect(top).toBeNull();
        else expect(top?.count).toBe(max);
      }),
    );
  });

  it('in the public version never prints 1 or 2 people, in a table cell or in a sentence', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20 }), fc.nat({ max: 20 }), (inside, outside) => {
        const wards = [
          { label: '区内', count: inside },
          { label: '区外', count: outside },
        ];
        const words = [
          people(inside, true),
          people(outside, true),
          shareOf(wards, '区内', true),
          shareOf(wards, '区外', true),
          mostPeople(wards, true),
        ].join(' ');
        expect(words).not.toMatch(/(^|[^0-9,])[12]人/);
        // and a small group's share is not printed either, as it would give the count away
        if (inside > 0 && inside < 3) expect(shareOf(wards, '区内', true)).toBe('区内の人は 3人未満');
      }),
    );
    expect(people(2, false)).toBe('2人');
  });

  it('gives a share in percent with one decimal', () => {
    const wards = [
      { label: '区内', count: 340 },
      { label: '区外', count: 158 },
      { label: '不明', count: 0 },
    ];
    expect(shareOf(wards, '区内', false)).toBe('区内の人が 68.3%（340人）');
    expect(percent(null)).toBe('対象なし');
    expect(percent(0.8125)).toBe('81.3%');
  });

  it('names the session with the lowest attendance, the busiest month and the change over the last year', () => {
    expect(
      lowestSession([
        { no: 1, rate: 0.9 },
        { no: 2, rate: null },
        { no: 12, rate: 0.714 },
      ]),
    ).toBe('出席率が最も低いのは第12回（71.4%）');
    expect(lowestSession([{ no: 1, rate: null }])).toBe('出席の記録はまだありません');
    expect(
      busiestMonth([
        { month: '2026-04', applications: 30 },
        { month: '2026-05', applications: 120 },
      ]),
    ).toBe('申込みが最も多かったのは 2026年5月（120件）');
    expect(
      yearOverYear([
        { fy: 2025, applications: 300 },
        { fy: 2026, applications: 312 },
      ]),
    ).toBe('2026年度の申込みは前の年度より 12件 増えました（300件 → 312件）');
    expect(
      yearOverYear([
        { fy: 2025, applications: 312 },
        { fy: 2026, applications: 300 },
      ]),
    ).toContain('12件 減りました');
  });

  it('writes the age bands as words', () => {
    expect(['〜54', '70〜74', '80〜', '不明'].map(ageLabel)).toEqual([
      '54歳以下',
      '70〜74歳',
      '80歳以上',
      '不明',
    ]);
  });
});
