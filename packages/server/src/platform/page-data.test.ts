import { describe, expect, it } from 'vitest';
import { firstScreenCalls, type PageHtml, pageHtmlOf } from './page-data';

describe('page data: the calls a first screen makes', () => {
  it('the top carries the session, its notices and the class days', () => {
    expect(firstScreenCalls('/mypage/top', '')).toEqual([
      '/api/auth/mypage/session/?touch=1',
      '/api/mypage/top/',
      '/api/mypage/schedule/',
    ]);
  });

  it('a list or a course carries its first page, as the web app asks for it', () => {
    expect(firstScreenCalls('/mypage/course/search/before', '')).toContain(
      '/api/mypage/beforecourselist/?page=1',
    );
    expect(firstScreenCalls('/mypage/course/applied', '')).toContain('/api/mypage/appliedcourselist/?page=1');
    expect(firstScreenCalls('/mypage/course/detail/12', '')).toContain('/api/mypage/course/?id=12');
  });

  it('a search in the page URL is left to the app: only the session comes with the HTML', () => {
    expect(firstScreenCalls('/mypage/course/search/accepting', 'keyword=%3C')).toEqual([
      '/api/auth/mypage/session/?touch=1',
    ]);
  });

  it('a course detail page finds its HTML by its number, nothing else does', () => {
    const pages = new Map<string, PageHtml>([
      ['/mypage/course/detail/:id', { file: 'route-html/detail.html', session: 'student' }],
    ]);
    expect(pageHtmlOf(pages, '/mypage/course/detail/3')?.file).toBe('route-html/detail.html');
    expect(pageHtmlOf(pages, '/mypage/course/detail/x')).toBeUndefined();
  });
});
