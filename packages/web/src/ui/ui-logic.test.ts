import { describe, expect, it } from 'vitest';
import { parseSearch } from '../lib/search-state';
import { codeOptions, optionLabel } from './code-options';
import { compareValues, countText, tableStateSchema } from './data-table';
import { flattenErrors } from './field-error-summary';
import { pagerPages } from './pager';

describe('[web][ui] table logic', () => {
  it('sorts numbers numerically and text in Japanese order, empty last', () => {
    expect([10, 9, 100].sort(compareValues)).toEqual([9, 10, 100]);
    expect(['かきく', 'あいう', 'さしす'].sort(compareValues)).toEqual(['あいう', 'かきく', 'さしす']);
    expect(['b', '', 'a', null].sort(compareValues)).toEqual(['a', 'b', '', null]);
  });

  it('writes the count line', () => {
    expect(countText(1, 10, 53)).toBe('1 - 10件 / 全53件');
    expect(countText(6, 10, 53)).toBe('51 - 53件 / 全53件');
    expect(countText(1, 10, 0)).toBe('全0件');
  });

  it('shows the pager window around the current page', () => {
    expect(pagerPages(1, 10, 3)).toEqual([1, 2, 3, 4]);
    expect(pagerPages(6, 10, 3)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(pagerPages(10, 10, 3)).toEqual([7, 8, 9, 10]);
  });
});

describe('[web][ui] forms', () => {
  it('flattens nested field errors and leaves out root', () => {
    const errors = {
      title: { type: 'server', message: 'タイトルを入力してください' },
      address: { city: { type: 'x', message: '市区町村を入力してください' } },
      root: { server: { type: 'server', message: '全体' } },
    };
    expect(flattenErrors(errors as never)).toEqual([
      { name: 'title', message: 'タイトルを入力してください' },
      { name: 'address.city', message: '市区町村を入力してください' },
    ]);
  });

  it('reads code lists', () => {
    expect(codeOptions('CD007')).toEqual([
      { value: '1', label: '公開' },
      { value: '2', label: '非公開' },
    ]);
    expect(optionLabel('CD007', 2)).toBe('非公開');
    expect(optionLabel([{ value: 'a', label: 'エー' }], 'b')).toBe('');
  });
});

describe('[web][ui] table state in the URL', () => {
  const schema = tableStateSchema((key) => `c_${key}`, [10, 50, 100], 10);
  const read = (query: string) => parseSearch(schema, new URLSearchParams(query));

  it('reads page, size and sort under the table prefix', () => {
    expect(read('c_page=3&c_size=50&c_sort=name&c_dir=desc&page=9')).toEqual({
      c_page: 3,
      c_size: 50,
      c_sort: 'name',
      c_dir: 'desc',
    });
  });

  it('anything else falls back to page 1, the default size, no sort, ascending', () => {
    expect(read('c_page=-1&c_size=7&c_sort=&c_dir=up')).toEqual({
      c_page: 1,
      c_size: 10,
      c_sort: null,
      c_dir: 'asc',
    });
  });
});
