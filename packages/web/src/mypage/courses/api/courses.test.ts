import { mypageCourseListQuerySchema } from '@manabi/shared/schemas/mypage-course';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../../lib/search-state';
import { courseConditions } from '../course-parts';
import { courseFilterOf, EMPTY_FILTER } from './courses';

const filterOf = (query: string) =>
  courseFilterOf(parseSearch(mypageCourseListQuerySchema, new URLSearchParams(query)));

describe('the course filter in the URL', () => {
  it('reads the search and the page from the URL', () => {
    expect(filterOf('keyword=歴史&organ=みなと&date_from=2026-04-01&lottery_status_2=1&page=3&x=1')).toEqual({
      ...EMPTY_FILTER,
      keyword: '歴史',
      organ: 'みなと',
      date_from: '2026-04-01',
      lottery_status_2: '1',
      page: 3,
    });
  });

  it('drops what the form would refuse, so an edited link still searches instead of failing', () => {
    expect(
      filterOf(`date_from=2026-13-45&date_to=x&keyword=${'あ'.repeat(101)}&lottery_status_1=yes&page=-4`),
    ).toEqual(EMPTY_FILTER);
    expect(filterOf('page=abc').page).toBe(1);
  });
});

describe('the conditions 「絞り込み」 counts and lists', () => {
  it('names each condition in force as on the form, the two dates as one', () => {
    expect(courseConditions(filterOf('keyword=歴史&date_from=2026-04-01&date_to=2026-04-30&page=2'))).toEqual(
      [
        { label: 'キーワード', value: '歴史' },
        { label: '開講日', value: '2026年4月1日から2026年4月30日まで' },
      ],
    );
    expect(courseConditions(filterOf('organ=みなと&date_to=2026-04-30'))).toEqual([
      { label: '実施機関', value: 'みなと' },
      { label: '開講日', value: '2026年4月30日まで' },
    ]);
  });

  it('counts nothing for the page alone or for what the URL would not search by', () => {
    expect(courseConditions(filterOf('page=3'))).toEqual([]);
    expect(courseConditions(filterOf('date_from=2026-13-45&x=1'))).toEqual([]);
  });
});
