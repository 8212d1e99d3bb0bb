import { describe, expect, it } from 'vitest';
import { listPageOf, pageQuery } from './list-search';

describe('the paging of a server-paged list', () => {
  it('reads the DataTable state as the list call paging', () => {
    expect(listPageOf({ page: 3, pageSize: 50, sortKey: 'title', sortDir: 'desc' })).toEqual({
      page: 3,
      size: 50,
      sort: 'title',
      dir: 'desc',
    });
  });

  it('sends no dir without a sort', () => {
    expect(pageQuery({ page: 1, size: 10, sort: null, dir: 'desc' })).toEqual({
      page: 1,
      size: 10,
      sort: '',
      dir: '',
    });
  });
});
