import { describe, expect, it } from 'vitest';
import { listPageOf, searchFromUrl, searchParamsFor } from './list-search';

describe('searchParamsFor (a new search of a server-paged list)', () => {
  const fields = ['title', 'is_control'] as const;

  it('puts base first, then the given conditions, keeps page size and sort, and drops the page', () => {
    const current = new URLSearchParams('tab=2&title=old&page=4&size=50&sort=title&dir=desc');
    const next = searchParamsFor(fields, { title: '講座', is_control: '' }, current, { base: { tab: '2' } });
    expect(next.toString()).toBe(
      new URLSearchParams('tab=2&title=講座&size=50&sort=title&dir=desc').toString(),
    );
    expect(searchFromUrl(fields, next)).toEqual({ title: '講座', is_control: '' });
  });

  it("uses the table's prefix for its own parameters and ignores the unprefixed ones", () => {
    const current = new URLSearchParams('p_size=100&p_sort=name&size=10');
    const next = searchParamsFor(fields, { title: 'x' }, current, { tablePrefix: 'p' });
    expect(next.toString()).toBe('title=x&p_size=100&p_sort=name');
  });

  it('reads the DataTable state as the list call paging', () => {
    expect(listPageOf({ page: 3, pageSize: 50, sortKey: 'title', sortDir: 'desc' })).toEqual({
      page: 3,
      size: 50,
      sort: 'title',
      dir: 'desc',
    });
  });
});
