import { formatDateTimeJa, groupDigits } from '@manabi/shared/domain/dates';
import { useState } from 'react';
import { useSessionQuery } from '../../lib/session';
import { cx } from '../../ui/cx';
import { activeConditions, dateRangeText, type SearchCondition } from '../layout/mypage-search';
import type { CourseListFilter } from './api/courses';

/** The neutral logo shown when a course has no image or its image cannot be loaded (SPEC §2). */
export const COURSE_PLACEHOLDER = '/course-placeholder.svg';

/**
 * A course image. The name always follows it, so it is decorative (alt=""). The picture is decoration,
 * the name and dates are the content: without a picture (or when it cannot be loaded) a card
 * shows nothing, and the detail shows the placeholder logo small (SPEC §2), never a box that fills the first
 * screen of a phone.
 */
export function CourseImage({
  src,
  variant = 'card',
  className,
}: {
  src: string;
  variant?: 'card' | 'detail';
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    if (variant === 'card') return null;
    // the placeholder is decoration: not printed
    return <img src={COURSE_PLACEHOLDER} alt="" data-print="hide" className={cx('h-16 w-auto', className)} />;
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className={cx(
        'aspect-[8/5] w-full rounded-8 border border-line-subtle bg-surface object-cover',
        className,
      )}
    />
  );
}

/** The course's categories as small bordered chips. */
export function CategoryTags({ categories }: { categories: string[] }) {
  if (categories.length === 0) return null;
  return (
    <ul aria-label="カテゴリ" className="flex flex-wrap gap-2">
      {categories.map((name) => (
        <li key={name} className="rounded-4 border border-line bg-canvas px-2 text-std-16N-170 text-ink">
          {name}
        </li>
      ))}
    </ul>
  );
}

/** 「申込中」: the student has applied. Text, not colour alone. */
export function ApplyingBadge() {
  return (
    <span className="inline-block rounded-4 border-2 border-success-line bg-canvas px-2 text-std-16B-170 text-ink">
      申込中
    </span>
  );
}

/** 申込期間 as 「2026年4月1日 9:00〜2026年4月30日 17:00」 (Tokyo time). */
export function applicationPeriodText(periodF: string, periodT: string): string {
  if (!periodF && !periodT) return '';
  return `${formatDateTimeJa(periodF)}〜${formatDateTimeJa(periodT)}`;
}

/** Yen with thousands separators: 3000 → 「3,000円」. */
export function yenText(value: number | null): string {
  return value === null ? '' : `${groupDigits(value)}円`;
}

/** A value for a read-only list: empty → 「－」 (a student page never says 「未入力」). */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '－' : value;
}

/** A number with its unit (「20名」); null → 「－」. */
export function withUnit(value: number | null, unit: string): string {
  return value === null ? '－' : `${groupDigits(value)}${unit}`;
}

/** 受講料: 0 → 「無料」, null → 「－」, else 「3,000円」. */
export function tuitionText(value: number | null): string {
  if (value === null) return '－';
  return value === 0 ? '無料' : yenText(value);
}

/**
 * 教材費, paid besides the 受講料: 0 → 「なし」 (nothing more to pay), null → 「－」 (the course does not say),
 * else 「800円」.
 */
export function materialCostText(value: number | null): string {
  if (value === null) return '－';
  return value === 0 ? 'なし' : yenText(value);
}

/** The conditions of the course search form (course-search-fields.tsx) in force, named as on the form (one for the two dates). */
export function courseConditions(
  filter: Pick<CourseListFilter, 'keyword' | 'organ' | 'date_from' | 'date_to'>,
): SearchCondition[] {
  return activeConditions([
    ['キーワード', filter.keyword],
    ['実施機関', filter.organ],
    ['開講日', dateRangeText(filter.date_from, filter.date_to)],
  ]);
}

/** The lottery statuses (CD003) a history search can tick, and the query parameter of each (SPEC §7). */
export const LOTTERY_KEYS = ['1', '2', '3', '4', '5', '6'] as const;
export const lotteryParam = (code: (typeof LOTTERY_KEYS)[number]) => `lottery_status_${code}` as const;

/**
 * Whom to call about a seat lost by a deadline (decision 087): the office's telephone, a link a phone dials,
 * and the hours it is answered — both from the session (OFFICE_PHONE, OFFICE_HOURS). Nothing for any other
 * seat, a 辞退 the student chose included.
 */
export function LapsedSeatContact({ reason }: { reason: string | null | undefined }) {
  const info = useSessionQuery('mypage').data;
  if ((reason !== 'lapsed' && reason !== 'unpaid') || !info?.office_phone) return null;
  return (
    <p className="text-std-17N-170 text-ink">
      事務局の電話：
      <a
        href={`tel:${info.office_phone.replace(/[^\d+]/g, '')}`}
        className="whitespace-nowrap text-link underline underline-offset-4"
      >
        {info.office_phone}
      </a>
      {info.office_hours && `（受付 ${info.office_hours}）`}
    </p>
  );
}
