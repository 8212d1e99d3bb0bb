import { applicantSearchFormSchema } from '@manabi/shared/schemas/applicant';
import { courseListQuerySchema } from '@manabi/shared/schemas/course';
import { newsListQuerySchema } from '@manabi/shared/schemas/news';
import { publisherListQuerySchema } from '@manabi/shared/schemas/notice';
import { studentSearchSchema } from '@manabi/shared/schemas/student-list';
import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-state';
import { patchedParams, searchParamsOf } from './url-search';

const url = (query: string) => new URLSearchParams(query);

describe('[web][lib] parseSearch: the URL read through the list’s shared schema', () => {
  it('reads every field, ignores unknown parameters and gives missing ones their default', () => {
    expect(parseSearch(studentSearchSchema, url('name=山田&approval_status=0&x=1'))).toEqual({
      login_id: '',
      generation_id: '',
      name: '山田',
      name_kana: '',
      street_name1: '',
      approval_status: '0',
      student_type: '',
    });
  });

  it('a value the schema refuses falls back to the default instead of failing the search', () => {
    const search = parseSearch(
      courseListQuerySchema.omit({ offset_num: true, site_id: true }),
      url(`course_name=${'あ'.repeat(500)}&period_f_s=2026-13-45&control=9&keyword=ok`),
    );
    expect(search).toMatchObject({ course_name: '', period_f_s: '', control: '1', keyword: 'ok' });
    expect(parseSearch(publisherListQuerySchema.pick({ is_read: true }), url('is_read=yes'))).toEqual({
      is_read: '',
    });
  });

  it('a list field reads every value of its repeated key, as searchParamsOf writes it', () => {
    const written = searchParamsOf({ lottery_status: ['2', '3'], name: '' }, url(''));
    expect(written.toString()).toBe('lottery_status=2&lottery_status=3');
    expect(parseSearch(applicantSearchFormSchema, written).lottery_status).toEqual(['2', '3']);
    expect(parseSearch(applicantSearchFormSchema, url('')).lottery_status).toEqual([]);
    // '' is written only for a field whose empty value is a choice of its own (「すべて」)
    expect(searchParamsOf({ a: '', b: '' }, url(''), { keepEmpty: ['b'] }).toString()).toBe('b=');
    // a value that is no CD003 code refuses the list: the default (none ticked) instead
    expect(parseSearch(applicantSearchFormSchema, url('lottery_status=9')).lottery_status).toEqual([]);
  });

  it('the page: a positive number, anything else page 1', () => {
    const schema = newsListQuerySchema.omit({ type: true });
    expect(parseSearch(schema, url('page=3')).page).toBe('3');
    for (const page of ['-4', 'abc', '0', ''])
      expect(parseSearch(schema, url(`page=${page}`)).page).toBe('1');
  });
});

describe('[web][lib] searchParamsOf: the URL of a new search', () => {
  it('puts base first, then the given conditions (empty ones left out), keeps the named ones, drops the page', () => {
    const current = url('tab=2&title=old&page=4&p_size=50&p_sort=title&p_dir=desc');
    const next = searchParamsOf({ title: '講座', is_control: '', ticks: ['1', '3'] }, current, {
      base: { tab: '2' },
      keep: ['p_size', 'p_sort', 'p_dir'],
    });
    expect(next.toString()).toBe(
      url('tab=2&title=講座&ticks=1&ticks=3&p_size=50&p_sort=title&p_dir=desc').toString(),
    );
  });

  it('patchedParams changes some parameters and keeps the rest', () => {
    expect(patchedParams(url('name=x&page=2&sort=a'), { page: null, sort: 'b' }).toString()).toBe(
      'name=x&sort=b',
    );
  });
});
