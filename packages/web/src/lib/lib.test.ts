import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, areaOfPath, withQuery } from './api';
import { errorDestination } from './error-routing';
import { paths, safeNext } from './paths';
import { formatPhoneJp, formatPostcodeJp } from './phone';
import { USER_DATA_KEY } from './stored-user';

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}
const student = { name: '山田', login_id: '24040001', is_admin: false };
const admin = { name: '管理', login_id: 'admin', is_admin: true };

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('[web][lib] SPEC §8 error routing', () => {
  it('admin: 401 → login with sessionexp, 403 → apierror?forbidden=1, anything else → apierror', () => {
    expect(errorDestination('admin', new ApiError(401, null))).toBe('/admin/login?sessionexp=1');
    expect(errorDestination('admin', new ApiError(403, null))).toBe('/admin/apierror?forbidden=1');
    expect(errorDestination('admin', new ApiError(404, null))).toBe('/admin/apierror');
    expect(errorDestination('admin', new Error('x'))).toBe('/admin/apierror');
  });

  it('mypage: 401, 403 (student / stored admin), 404, other with and without a stored user', () => {
    Object.assign(globalThis, { localStorage: fakeStorage({ [USER_DATA_KEY]: JSON.stringify(student) }) });
    expect(errorDestination('mypage', new ApiError(401, null))).toBe('/mypage/login?sessionexp=1');
    expect(errorDestination('mypage', new ApiError(403, null))).toBe('/mypage/apierror?forbidden=1');
    expect(errorDestination('mypage', new ApiError(404, null))).toBe('/mypage/notfound');
    expect(errorDestination('mypage', new ApiError(500, null))).toBe('/mypage/apierror');
    Object.assign(globalThis, { localStorage: fakeStorage({ [USER_DATA_KEY]: JSON.stringify(admin) }) });
    expect(errorDestination('mypage', new ApiError(403, null))).toBe('/mypage/login');
    Object.assign(globalThis, { localStorage: fakeStorage() });
    expect(errorDestination('mypage', new ApiError(500, null))).toBe('/error');
  });
});

describe('[web][lib] ApiError', () => {
  it('reads err_list and message from the body', () => {
    const error = new ApiError(422, {
      is_valid: false,
      err_list: [{ name: 'title', msg: '入力してください' }, { bad: 1 }],
    });
    expect(error.errList).toEqual([{ name: 'title', msg: '入力してください' }]);
    expect(error.isFieldError).toBe(true);
    expect(new ApiError(429, { message: 'ロック中です' }).message).toBe('ロック中です');
    expect(new ApiError(500, 'oops').message).toBe('500error!!!');
    expect(new ApiError(409, {}).isStale).toBe(true);
  });
});

describe('[web][lib] paths and queries', () => {
  it('honours next only for same-site my-page paths', () => {
    expect(safeNext('/mypage/course/detail/3?x=1')).toBe('/mypage/course/detail/3?x=1');
    expect(safeNext('//evil.example/mypage')).toBeNull();
    expect(safeNext('https://evil.example/mypage')).toBeNull();
    expect(safeNext('/admin/top')).toBeNull();
    expect(safeNext('/mypage\\@evil')).toBeNull();
    expect(safeNext('/mypage/login?next=/mypage/top')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });

  it('builds routes', () => {
    expect(paths.admin.courseDetail(5, 2)).toBe('/admin/course/detail/5/2');
    expect(paths.admin.categoryForm('new')).toBe('/admin/notification/category/edit/new/0');
    expect(paths.mypage.login({ expired: true, next: '/mypage/user' })).toBe(
      '/mypage/login?sessionexp=1&next=%2Fmypage%2Fuser',
    );
    expect(paths.mypage.apiError({ forbidden: true })).toBe('/mypage/apierror?forbidden=1');
  });

  it('drops empty query values and repeats arrays', () => {
    expect(withQuery('/api/x/', { a: '1', b: '', c: null, d: undefined, e: ['2', 3], f: true })).toBe(
      '/api/x/?a=1&e=2&e=3&f=1',
    );
  });

  it('knows which session a call touches', () => {
    expect(areaOfPath('/api/admin/courselist/')).toBe('admin');
    expect(areaOfPath('/api/auth/mypage/session/')).toBe('mypage');
    expect(areaOfPath('/api/common/codemasterlist/')).toBeNull();
  });
});

describe('[web][lib] phone and postcode formatting', () => {
  it('formats Japanese numbers on blur', () => {
    expect(formatPhoneJp('0312345678')).toBe('03-1234-5678');
    expect(formatPhoneJp('０９０１２３４５６７８')).toBe('090-1234-5678');
    expect(formatPhoneJp(' 12 ')).toBe('12');
    expect(formatPhoneJp('')).toBe('');
  });

  it('inserts the postcode hyphen', () => {
    expect(formatPostcodeJp('1000001')).toBe('100-0001');
    expect(formatPostcodeJp('1234')).toBe('123-4');
    expect(formatPostcodeJp('123')).toBe('123');
    expect(formatPostcodeJp('abc')).toBe('abc');
  });
});
