import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AddReadBody, CategoryAddBody, CategoryUpdateBody, LoginBody, NewsListQuery } from '../api';
import { apiInput } from '../validation/json-input';
import { MSG } from '../validation/messages';
import { issues, parsed } from '../validation/test-helpers';
import { adminLoginBodySchema, mypageLoginBodySchema } from './auth';
import {
  categoryAddBodySchema,
  categoryDetailQuerySchema,
  categoryFormSchema,
  categoryListQuerySchema,
  categoryUpdateBodySchema,
} from './category';
import { codeMasterQuerySchema } from './common';
import { addReadBodySchema, newsDetailQuerySchema, newsListQuerySchema } from './news';

describe("the request types of api.ts are the schemas' input, as JSON may carry it", () => {
  it('typechecks (tsc runs over test files)', () => {
    expectTypeOf<LoginBody>().toEqualTypeOf<{ login_id?: string | number; password?: string | number }>();
    // a JSON number or the flag as a boolean is what the server reads as text (validation/json-input.ts)
    expectTypeOf<{ sort_number: 3; category_name: 'x' }>().toExtend<CategoryAddBody>();
    expectTypeOf<{
      id: 1;
      updated_at: 'x';
      category_name: 'x';
      sort_number: '1';
    }>().toExtend<CategoryUpdateBody>();
    expectTypeOf<{ notice_id: 7 }>().toExtend<AddReadBody>();
    expectTypeOf<{ type: '3' }>().not.toExtend<NewsListQuery>();
  });
});

describe('adminLoginBodySchema', () => {
  it('accepts an ordinary login; keeps the password as typed', () => {
    expect(parsed(adminLoginBodySchema, { login_id: ' admin ', password: ' adminpass1' })).toEqual({
      login_id: 'admin',
      password: ' adminpass1',
    });
  });

  it('required, login_id max 10, password max 20', () => {
    expect(issues(adminLoginBodySchema, {})).toEqual([
      ['login_id', MSG.required],
      ['password', MSG.required],
    ]);
    expect(issues(adminLoginBodySchema, { login_id: 'a'.repeat(10), password: 'p'.repeat(20) })).toEqual([]);
    expect(issues(adminLoginBodySchema, { login_id: 'a'.repeat(11), password: 'p'.repeat(21) })).toEqual([
      ['login_id', '11文字以上は入力できません'],
      ['password', '21文字以上は入力できません'],
    ]);
  });
});

describe('mypageLoginBodySchema', () => {
  it('accepts a student number and password', () => {
    expect(issues(mypageLoginBodySchema, { login_id: '24040001', password: 'student01' })).toEqual([]);
  });

  it('login_id max 8; password max 20; both printable ASCII', () => {
    expect(issues(mypageLoginBodySchema, { login_id: '240400012', password: 'p'.repeat(21) })).toEqual([
      ['login_id', '9文字以上は入力できません'],
      ['password', '21文字以上は入力できません'],
    ]);
    expect(issues(mypageLoginBodySchema, { login_id: '２４０４０００１', password: 'ぱすわーど' })).toEqual([
      ['login_id', MSG.asciiPrintable],
      ['password', MSG.asciiPrintable],
    ]);
    expect(issues(mypageLoginBodySchema, { login_id: ' ', password: '' })).toEqual([
      ['login_id', MSG.required],
      ['password', MSG.required],
    ]);
  });
});

describe('category schemas', () => {
  it('form: name required max 30; sort_number required, 0 or more, max 5 digits', () => {
    expect(parsed(categoryFormSchema, { category_name: ' 講座案内 ', sort_number: '１０' })).toEqual({
      category_name: '講座案内',
      sort_number: '10',
    });
    expect(issues(categoryFormSchema, { category_name: 'あ'.repeat(30), sort_number: '0' })).toEqual([]);
    expect(issues(categoryFormSchema, { category_name: 'あ'.repeat(31), sort_number: '100000' })).toEqual([
      ['category_name', '31文字以上は入力できません'],
      ['sort_number', '6桁以上は入力できません'],
    ]);
    expect(issues(categoryFormSchema, { category_name: '', sort_number: '-1' })).toEqual([
      ['category_name', MSG.required],
      ['sort_number', MSG.zeroOrPositiveInt],
    ]);
  });

  it('add body, as the server reads it, also takes sort_number as a JSON number', () => {
    const body = apiInput(categoryAddBodySchema);
    expect(parsed(body, { category_name: 'x', sort_number: 3 })).toEqual({
      category_name: 'x',
      sort_number: '3',
    });
    expect(issues(body, { category_name: 'x', sort_number: -3 })).toEqual([
      ['sort_number', MSG.zeroOrPositiveInt],
    ]);
    expect(issues(body, { category_name: 'x' })).toEqual([['sort_number', MSG.required]]);
  });

  it('update body adds id (number or text) and updated_at', () => {
    const body = { id: '7', category_name: 'x', sort_number: '1', updated_at: '2026-11-21T04:05:06.789Z' };
    expect(parsed(categoryUpdateBodySchema, body)).toEqual({ ...body, id: 7 });
    expect(issues(categoryUpdateBodySchema, { category_name: 'x', sort_number: '1' })).toEqual([
      ['id', MSG.invalidValue],
      ['updated_at', MSG.lockStampMissing],
    ]);
  });

  it('list query: name optional, max 100; detail query: id', () => {
    expect(parsed(categoryListQuerySchema, {})).toEqual({ category_name: '' });
    expect(issues(categoryListQuerySchema, { category_name: 'a'.repeat(101) })).toEqual([
      ['category_name', '101文字以上は入力できません'],
    ]);
    expect(parsed(categoryDetailQuerySchema, { id: '3' })).toEqual({ id: 3 });
  });
});

describe('news schemas', () => {
  it('list query defaults', () => {
    expect(parsed(newsListQuerySchema, { type: '2' })).toEqual({
      type: '2',
      keyword: '',
      date_from: '',
      date_to: '',
      page: '1',
    });
  });

  it('list query checks type, keyword, dates and page', () => {
    expect(
      issues(newsListQuerySchema, {
        type: '3',
        keyword: 'a'.repeat(101),
        date_from: '2026-02-30',
        date_to: '10000-01-01',
        page: '0',
      }),
    ).toEqual([
      ['type', MSG.invalidValue],
      ['keyword', '101文字以上は入力できません'],
      ['date_from', MSG.dateInvalid],
      ['date_to', MSG.dateMax],
      ['page', MSG.positiveInt],
    ]);
    expect(parsed(newsListQuerySchema, { type: '1', page: '3', date_from: '2026-04-01' })).toMatchObject({
      page: '3',
      date_from: '2026-04-01',
    });
  });

  it('detail query and addread body take a positive id', () => {
    expect(parsed(newsDetailQuerySchema, { id: '12' })).toEqual({ id: 12 });
    expect(parsed(addReadBodySchema, { notice_id: 12 })).toEqual({ notice_id: 12 });
    expect(parsed(addReadBodySchema, { notice_id: '12' })).toEqual({ notice_id: 12 });
    expect(issues(addReadBodySchema, { notice_id: 'x' })).toEqual([['notice_id', MSG.invalidValue]]);
  });
});

describe('codeMasterQuerySchema', () => {
  it('accepts CD001–CD009 only', () => {
    expect(parsed(codeMasterQuerySchema, { code: 'CD007' })).toEqual({ code: 'CD007' });
    expect(issues(codeMasterQuerySchema, { code: 'CD010' })).toEqual([['code', MSG.invalidValue]]);
    expect(issues(codeMasterQuerySchema, {})).toEqual([['code', MSG.invalidValue]]);
  });
});
