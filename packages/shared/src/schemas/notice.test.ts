import { describe, expect, it } from 'vitest';
import { MSG } from '../validation/messages';
import { noticeFormSchema, noticeUpdateBodySchema } from './notice';

const base = {
  title: 'お知らせ',
  content: '本文',
  is_control: '1',
  published_to: '1',
  is_email: '0',
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);

describe('notice form (SPEC §5)', () => {
  it('needs the target field of the chosen target and the mail title when mailing', () => {
    expect(issues(noticeFormSchema.safeParse({ ...base, published_to: '2' }))).toEqual([
      ['generation_id', MSG.required],
    ]);
    expect(issues(noticeFormSchema.safeParse({ ...base, published_to: '3' }))).toEqual([
      ['course_id', MSG.required],
    ]);
    expect(issues(noticeFormSchema.safeParse({ ...base, is_email: '1' }))).toEqual([
      ['email_title', MSG.required],
    ]);
    expect(
      noticeFormSchema.safeParse({ ...base, published_to: '2', generation_id: '２４０４' }).data
        ?.generation_id,
    ).toBe('2404');
  });

  it('refuses an end before the start and non-http URLs', () => {
    const r = noticeFormSchema.safeParse({
      ...base,
      period_from: '2026-11-22T10:00',
      period_to: '2026-11-22T09:59',
      reference_url1: 'javascript:alert(1)',
    });
    expect(issues(r)).toEqual([
      ['reference_url1', MSG.url],
      ['period_to', MSG.periodOrder],
    ]);
  });

  it('update carries id and updated_at and keeps the form rules', () => {
    const ok = noticeUpdateBodySchema.safeParse({ ...base, id: '3', updated_at: '2026-11-22T00:00:00.000Z' });
    expect(ok.success).toBe(true);
    expect(ok.data?.id).toBe(3);
    expect(ok.data?.title).toBe('お知らせ');
    const bad = noticeUpdateBodySchema.safeParse({ ...base, published_to: '3' });
    expect(
      issues(bad)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['course_id', 'id', 'updated_at']);
  });
});
