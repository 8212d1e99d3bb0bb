import { mypageCourseListQuerySchema } from '@manabi/shared/schemas/mypage-course';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../../lib/search-state';
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
