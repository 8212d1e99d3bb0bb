import type { Notice } from '@manabi/shared/api';
import { DEFAULT_NOTICE_MAIL_TITLE, type NoticeForm, noticeFormSchema } from '@manabi/shared/schemas/notice';
import { describe, expect, it } from 'vitest';
import {
  audienceText,
  confirmSentences,
  formatLocalDateTimeJa,
  hiddenFieldResets,
  noticeBody,
  noticeFormDefaults,
  toDateTimeLocal,
} from './notice-values';

const form = (patch: Partial<NoticeForm> = {}): NoticeForm => ({
  ...noticeFormSchema.parse({ ...noticeFormDefaults(), title: 'お知らせ', content: '本文' }),
  ...patch,
});

const stored = (patch: Partial<Notice> = {}): Notice => ({
  id: 7,
  category_id: 2,
  category_name: '講座のご案内',
  title: '題',
  content: '一行目\n二行目',
  refarence_url1: 'https://example.jp/a',
  refarence_url2: '',
  refarence_url3: '',
  remarks: '',
  period_from: '2026-04-01T01:00:00.000Z',
  period_from_str: '2026年4月1日 10:00',
  period_to: null,
  period_to_str: '',
  created_at: '2026-03-01T00:00:00.000Z',
  is_control: '1',
  published_to: '3',
  generation_id: null,
  course_id: 12,
  course_name: '江戸の町と暮らし',
  lottery_status: '2',
  is_email: '0',
  email_title: '',
  is_important: '0',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...patch,
});

describe('noticeFormDefaults', () => {
  it('starts a new notice from the is_init entries, mail on and the default subject (SPEC §4)', () => {
    const values = noticeFormDefaults();
    expect(values.is_control).toBe('1');
    expect(values.published_to).toBe('1');
    expect(values.is_email).toBe('1');
    expect(values.email_title).toBe(DEFAULT_NOTICE_MAIL_TITLE);
    expect(values.lottery_status).toBe('');
    expect(values.is_important).toBe('0');
  });

  it('keeps a stored notice 重要 through the form and sends it back', () => {
    const values = noticeFormDefaults(stored({ is_important: '1' }));
    expect(values.is_important).toBe('1');
    expect(noticeBody(noticeFormSchema.parse(values)).is_important).toBe('1');
  });

  it('reads a stored notice: refarence_url → reference_url, Tokyo wall clock, ids as text', () => {
    const values = noticeFormDefaults(stored());
    expect(values.reference_url1).toBe('https://example.jp/a');
    expect(values.period_from).toBe('2026-04-01T10:00');
    expect(values.period_to).toBe('');
    expect(values.category_id).toBe('2');
    expect(values.course_id).toBe('12');
    expect(values.course_name).toBe('江戸の町と暮らし');
    expect(values.is_email).toBe('0');
    // turning mail on later starts from the default subject
    expect(values.email_title).toBe(DEFAULT_NOTICE_MAIL_TITLE);
  });
});

describe('noticeBody (what the form sends per target)', () => {
  const everything = {
    generation_id: '2404',
    course_id: '12',
    course_name: '江戸の町と暮らし',
    lottery_status: '1',
  };

  it('target 1 sends no generation, course or lottery status', () => {
    const body = noticeBody(form({ ...everything, published_to: '1' }));
    expect(body).toMatchObject({ published_to: '1', generation_id: '', course_id: '', lottery_status: '' });
  });

  it('target 2 sends the generation only', () => {
    const body = noticeBody(form({ ...everything, published_to: '2' }));
    expect(body).toMatchObject({ generation_id: '2404', course_id: '', lottery_status: '' });
  });

  it('target 3 sends the course and lottery status, not the generation nor the course name', () => {
    const body = noticeBody(form({ ...everything, published_to: '3' }));
    expect(body).toMatchObject({ generation_id: '', course_id: '12', lottery_status: '1' });
    expect(body).not.toHaveProperty('course_name');
  });

  it('sends the mail title only when mail is on', () => {
    expect(noticeBody(form({ is_email: '1', email_title: '件名' })).email_title).toBe('件名');
    expect(noticeBody(form({ is_email: '0', email_title: '件名' })).email_title).toBe('');
  });

  it('sends the form spelling reference_url1..3', () => {
    const body = noticeBody(form({ reference_url1: 'https://a.jp' }));
    expect(body.reference_url1).toBe('https://a.jp');
    expect(body).not.toHaveProperty('refarence_url1');
  });
});

describe('hiddenFieldResets', () => {
  const values = (patch: Record<string, string>) => ({ ...noticeFormDefaults(), ...patch });

  it('clears the fields of other targets', () => {
    expect(
      hiddenFieldResets(
        values({ published_to: '2', generation_id: '2404', course_id: '3', course_name: 'x' }),
      ),
    ).toEqual({ course_id: '', course_name: '' });
    expect(
      hiddenFieldResets(values({ published_to: '3', generation_id: '24x', lottery_status: '2' })),
    ).toEqual({ generation_id: '' });
    expect(hiddenFieldResets(values({ published_to: '1', lottery_status: '2' }))).toEqual({
      lottery_status: '',
    });
  });

  it('clears the mail title when mail is off and restores the default when it is on again', () => {
    expect(hiddenFieldResets(values({ is_email: '0' }))).toEqual({ email_title: '' });
    expect(hiddenFieldResets(values({ is_email: '1', email_title: '' }))).toEqual({
      email_title: DEFAULT_NOTICE_MAIL_TITLE,
    });
    expect(hiddenFieldResets(values({}))).toEqual({});
  });
});

describe('audienceText', () => {
  it('says who receives the notice', () => {
    expect(audienceText({ published_to: '1' })).toBe('全員');
    expect(audienceText({ published_to: '2', generation_id: '2404' })).toBe('期生2404の学生全員');
    expect(audienceText({ published_to: '3', course_name: '江戸の町と暮らし', lottery_status: '2' })).toBe(
      '講座『江戸の町と暮らし』の申込者（当選）',
    );
    expect(audienceText({ published_to: '3', course_name: '江戸の町と暮らし', lottery_status: null })).toBe(
      '講座『江戸の町と暮らし』の申込者（すべての申込者）',
    );
  });
});

describe('confirmSentences', () => {
  const now = new Date('2026-11-22T00:00:00Z');

  it('announces the mail when published with mail on', () => {
    const lines = confirmSentences(form({ published_to: '2', generation_id: '2404' }), {
      isUpdate: false,
      now,
    });
    expect(lines[0]).toContain('期生2404の学生全員');
    expect(lines[1]).toContain(`件名「${DEFAULT_NOTICE_MAIL_TITLE}」のメールを送信します`);
  });

  it('sends no mail when not published, mail off, or the period has ended', () => {
    expect(confirmSentences(form({ is_control: '2' }), { isUpdate: false, now })[1]).toContain(
      '非公開のため、メールは送信しません',
    );
    expect(confirmSentences(form({ is_email: '0' }), { isUpdate: false, now })[1]).toBe(
      'メールは送信しません。',
    );
    expect(confirmSentences(form({ period_to: '2026-11-01T10:00' }), { isUpdate: false, now })[1]).toContain(
      '掲載期間が終わっている',
    );
  });

  it('an update mails only those not mailed before', () => {
    expect(confirmSentences(form(), { isUpdate: true, now })[1]).toContain('まだメールを送っていない');
  });
});

describe('date-time helpers', () => {
  it('converts between ISO and the Tokyo datetime-local value', () => {
    expect(toDateTimeLocal('2026-12-31T15:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(toDateTimeLocal(null)).toBe('');
    expect(formatLocalDateTimeJa('2026-04-01T09:05')).toBe('2026年4月1日 09:05');
    expect(formatLocalDateTimeJa('')).toBe('');
  });
});
