import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterFromParams } from './courses';

describe('filterFromParams', () => {
  it('reads the search and the page from the URL', () => {
    const f = filterFromParams(
      new URLSearchParams('keyword=歴史&organ=みなと&date_from=2026-04-01&lottery_status_2=1&page=3&x=1'),
    );
    expect(f).toEqual({
      ...EMPTY_FILTER,
      keyword: '歴史',
      organ: 'みなと',
      date_from: '2026-04-01',
      lottery_status_2: '1',
      page: 3,
    });
  });

  it('drops what the form would refuse, so an edited link still searches instead of failing', () => {
    const f = filterFromParams(
      new URLSearchParams(
        `date_from=2026-13-45&date_to=x&keyword=${'あ'.repeat(101)}&lottery_status_1=yes&page=-4`,
      ),
    );
    expect(f).toEqual(EMPTY_FILTER);
    expect(filterFromParams(new URLSearchParams('page=abc')).page).toBe(1);
  });
});
