import type { Notice, NoticeBody } from '@manabi/shared/api';
import { codeText, initialCode } from '@manabi/shared/codes';
import { tokyoParts } from '@manabi/shared/domain/dates';
import {
  DEFAULT_NOTICE_MAIL_TITLE,
  type NoticeForm,
  type noticeFormSchema,
  PUBLISHED_TO,
} from '@manabi/shared/schemas/notice';
import type { SchemaInput } from '../../ui/step-form';

/**
 * The notice form's pure logic: defaults, what is sent per target, the audience sentence.
 * Kept apart from the screens so it is unit-tested (notice-values.test.ts).
 */

/** The form's values before parsing (what react-hook-form holds). */
export type NoticeFormValues = SchemaInput<typeof noticeFormSchema>;

/** is_email choices (SPEC §4: the mail title appears when 1). */
export const EMAIL_OPTIONS = [
  { value: '1', label: 'メールで知らせる' },
  { value: '0', label: '知らせない' },
] as const;

/** is_important choices (decision 065). */
export const IMPORTANT_OPTIONS = [
  { value: '0', label: '通常' },
  { value: '1', label: '重要' },
] as const;

/** The empty lottery-status choice of a course target: every live applicant. */
export const ALL_APPLICANTS = 'すべての申込者';

/** ISO timestamp → the Tokyo wall clock as `<input type="datetime-local">` holds it ('YYYY-MM-DDTHH:MM'). */
export function toDateTimeLocal(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = tokyoParts(date);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** 'YYYY-MM-DDTHH:MM' (already Tokyo time) → 「2026年4月1日 10:00」; '' stays ''. */
export function formatLocalDateTimeJa(value: string): string {
  const m = LOCAL.exec(value);
  if (!m) return value;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日 ${m[4]}:${m[5]}`;
}

/**
 * The form's starting values. New (SPEC §4): publish state and target from the is_init code entries,
 * is_email 1 and the default mail title. Update: the notice as stored; a missing mail title gets the default
 * so turning mail on does not start from an empty subject.
 */
export function noticeFormDefaults(notice?: Notice): NoticeFormValues {
  if (!notice) {
    return {
      category_id: '',
      title: '',
      content: '',
      reference_url1: '',
      reference_url2: '',
      reference_url3: '',
      remarks: '',
      period_from: '',
      period_to: '',
      is_control: initialCode('CD007'),
      published_to: initialCode('CD008'),
      generation_id: '',
      course_id: '',
      course_name: '',
      lottery_status: '',
      is_email: '1',
      email_title: DEFAULT_NOTICE_MAIL_TITLE,
      is_important: '0',
    };
  }
  return {
    category_id: notice.category_id === null ? '' : String(notice.category_id),
    title: notice.title,
    content: notice.content,
    // SPEC §3: the server spells refarence_url, the form reference_url
    reference_url1: notice.refarence_url1 ?? '',
    reference_url2: notice.refarence_url2 ?? '',
    reference_url3: notice.refarence_url3 ?? '',
    remarks: notice.remarks ?? '',
    period_from: toDateTimeLocal(notice.period_from),
    period_to: toDateTimeLocal(notice.period_to),
    is_control: notice.is_control,
    published_to: notice.published_to,
    generation_id: notice.generation_id ?? '',
    course_id: notice.course_id === null ? '' : String(notice.course_id),
    course_name: notice.course_name ?? '',
    lottery_status: notice.lottery_status ?? '',
    is_email: notice.is_email === '1' ? '1' : '0',
    email_title: notice.email_title || DEFAULT_NOTICE_MAIL_TITLE,
    is_important: notice.is_important,
  };
}

/**
 * What the form sends (decision: hidden fields are never sent as stale values). Only the chosen target's
 * fields carry values — generation_id for a generation, course_id and lottery_status for a course — and the
 * mail title only when mail is on; the rest go as ''. The form also clears them when they are hidden, so the
 * schema never refuses a field the admin cannot see.
 */
export function noticeBody(values: NoticeForm): NoticeBody {
  const isGeneration = values.published_to === PUBLISHED_TO.GENERATION;
  const isCourse = values.published_to === PUBLISHED_TO.COURSE;
  return {
    category_id: values.category_id,
    title: values.title,
    content: values.content,
    reference_url1: values.reference_url1,
    reference_url2: values.reference_url2,
    reference_url3: values.reference_url3,
    remarks: values.remarks,
    period_from: values.period_from,
    period_to: values.period_to,
    is_control: values.is_control,
    published_to: values.published_to,
    generation_id: isGeneration ? values.generation_id : '',
    course_id: isCourse ? values.course_id : '',
    lottery_status: isCourse ? values.lottery_status : '',
    is_email: values.is_email,
    email_title: values.is_email === '1' ? values.email_title : '',
    is_important: values.is_important,
  };
}

/** The values a hidden field must be reset to when the target or the mail choice changes. */
export function hiddenFieldResets(values: NoticeFormValues): Partial<NoticeFormValues> {
  const v = (key: keyof NoticeFormValues) => values[key] ?? '';
  const resets: Partial<NoticeFormValues> = {};
  if (v('published_to') !== PUBLISHED_TO.GENERATION && v('generation_id') !== '') resets.generation_id = '';
  if (v('published_to') !== PUBLISHED_TO.COURSE) {
    if (v('course_id') !== '') resets.course_id = '';
    if (v('course_name') !== '') resets.course_name = '';
    if (v('lottery_status') !== '') resets.lottery_status = '';
  }
  if (v('is_email') !== '1' && v('email_title') !== '') resets.email_title = '';
  if (v('is_email') === '1' && v('email_title') === '') resets.email_title = DEFAULT_NOTICE_MAIL_TITLE;
  return resets;
}

/**
 * Who receives the notice, as a phrase: 「全員」, 「期生2404の学生全員」, 「講座『…』の申込者（当選）」 or
 * 「講座『…』の申込者（すべての申込者）」.
 */
export function audienceText(values: {
  published_to: string;
  generation_id?: string | null;
  course_name?: string | null;
  lottery_status?: string | null;
}): string {
  switch (values.published_to) {
    case PUBLISHED_TO.GENERATION:
      return `期生${values.generation_id ?? ''}の学生全員`;
    case PUBLISHED_TO.COURSE: {
      const status = values.lottery_status ? codeText('CD003', values.lottery_status) : ALL_APPLICANTS;
      return `講座『${values.course_name ?? ''}』の申込者（${status}）`;
    }
    case PUBLISHED_TO.ALL:
      return '全員';
    default:
      return codeText('CD008', values.published_to);
  }
}

/**
 * The confirm step's sentences: who will see the notice in the my-page, and whether registering sends mail
 * (docs/api.md: published with mail on, the period not ended → one mail per recipient with an address).
 */
export function confirmSentences(
  values: NoticeForm,
  { isUpdate, now = new Date() }: { isUpdate: boolean; now?: Date },
): string[] {
  const isPublished = values.is_control === '1';
  const hasEnded = values.period_to !== '' && values.period_to < toDateTimeLocal(now.toISOString());
  const audience = audienceText(values);
  const lines = [
    isPublished
      ? `このお知らせは、${audience}のマイページに掲載期間中表示されます。`
      : `このお知らせは非公開です。公開にすると、${audience}のマイページに表示されます。`,
  ];
  if (values.is_email !== '1') {
    lines.push('メールは送信しません。');
  } else if (!isPublished) {
    lines.push('非公開のため、メールは送信しません。公開にして登録したときに送信します。');
  } else if (hasEnded) {
    lines.push('掲載期間が終わっているため、メールは送信しません。');
  } else {
    lines.push(
      isUpdate
        ? `登録すると、まだメールを送っていない対象の学生（メールアドレスのある方）に、件名「${values.email_title}」のメールを送信します。`
        : `登録すると、対象の学生（メールアドレスのある方）に、件名「${values.email_title}」のメールを送信します。`,
    );
  }
  return lines;
}
