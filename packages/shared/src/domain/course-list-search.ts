/**
 * The my-page course lists' search as their URL holds it (course search, 申込状況・受講履歴), read without zod
 * (decision 068): a list's first paint needs its conditions, and loading the schema library for them cost the
 * page its score on a mid-tier phone. The rules are mypageCourseListQuerySchema's, field by field — trim,
 * control characters, lengths, half-width dates, real days — and a test holds the two equal on any input:
 * a value the schema refuses falls back to the field's default here too.
 */
import type { MypageCourseListInput } from '../schemas/mypage-course';
import { charCount, normalizeDigits, toHalfWidth } from '../validation/normalize';
import { CONTROL_SINGLE_LINE, checkDate } from '../validation/plain-checks';

const TEXT_MAX = 100; // MYPAGE_COURSE_SEARCH_MAX, which lives beside the schema
const PAGE_MAX_DIGITS = 6;

/** text({ max }): trimmed; a control character or more than `max` characters is refused ('' then). */
const text = (raw: string | null, max: number): string => {
  const v = (raw ?? '').trim();
  return CONTROL_SINGLE_LINE.test(v) || charCount(v) > max ? '' : v;
};

/** dateYmd(): half-width, trimmed, a real day no later than 9999-12-31, else ''. */
const date = (raw: string | null): string => {
  const v = toHalfWidth(raw ?? '').trim();
  return v === '' || CONTROL_SINGLE_LINE.test(v) || checkDate(v, false) !== null ? '' : v;
};

/** A lottery tick: '1' ticked, anything else not. */
const tick = (raw: string | null): '0' | '1' => (raw === '1' ? '1' : '0');

/** positiveInt({ maxDigits: 6 }), '1' when missing or refused. */
const page = (raw: string | null): string => {
  const v = normalizeDigits(raw ?? '').trim();
  return /^[1-9]\d*$/.test(v) && v.length <= PAGE_MAX_DIGITS ? v : '1';
};

export function readCourseListSearch(params: URLSearchParams): MypageCourseListInput {
  return {
    keyword: text(params.get('keyword'), TEXT_MAX),
    organ: text(params.get('organ'), TEXT_MAX),
    date_from: date(params.get('date_from')),
    date_to: date(params.get('date_to')),
    lottery_status_1: tick(params.get('lottery_status_1')),
    lottery_status_2: tick(params.get('lottery_status_2')),
    lottery_status_3: tick(params.get('lottery_status_3')),
    lottery_status_4: tick(params.get('lottery_status_4')),
    lottery_status_5: tick(params.get('lottery_status_5')),
    lottery_status_6: tick(params.get('lottery_status_6')),
    page: page(params.get('page')),
  };
}
