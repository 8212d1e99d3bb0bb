import { todayTokyo } from '@manabi/shared/domain/dates';
import type { MypageScheduleItem } from '@manabi/shared/schemas/responses';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LARGE_TARGET } from '../../ui/button';
import { cx } from '../../ui/cx';
import { dayText, groupByDay, placeText } from './schedule-parts';

/** The course's name: a link to its detail while the course is public (as the history lists do, SPEC §2). */
export function CourseName({ item, className }: { item: MypageScheduleItem; className?: string }) {
  if (item.status !== '1') return <span className={cx('wrap-anywhere', className)}>{item.course_name}</span>;
  return (
    <Link
      to={paths.mypage.courseDetail(item.course_id)}
      className={cx(LARGE_TARGET, 'wrap-anywhere', className)}
    >
      {item.course_name}
    </Link>
  );
}

/** 「今日」 beside today's date: said in words, not by colour. */
function TodayBadge() {
  return (
    <span className="ml-3 inline-block rounded-4 bg-badge px-2 align-middle text-std-16B-170 text-on-badge">
      今日
    </span>
  );
}

/**
 * The classes grouped by day: a heading per day 「12月2日（水）」, then each class's time, course (第n回) and
 * place, in the order the server gave them.
 */
export function ScheduleList({ items }: { items: readonly MypageScheduleItem[] }) {
  const today = todayTokyo();
  return (
    <ol className="space-y-6">
      {groupByDay(items).map(({ day, items: classes }) => (
        <li key={day} className="space-y-2">
          <h3 className="border-b-2 border-line pb-1 text-std-20B-150 text-ink">
            {dayText(day, today)}
            {day === today && <TodayBadge />}
          </h3>
          <ul className="space-y-3">
            {classes.map((item) => (
              <li
                key={`${item.course_id}-${item.no}`}
                className="grid gap-x-6 gap-y-1 sm:grid-cols-[9em_1fr]"
              >
                <span className="text-std-18B-160 text-ink">
                  {item.start}〜{item.end}
                </span>
                <span className="space-y-1">
                  <span className="block text-std-18B-160">
                    <CourseName item={item} />
                    <span className="text-ink">（第{item.no}回）</span>
                  </span>
                  {placeText(item) && (
                    <span className="block text-std-16N-170 text-ink">
                      <span className="sr-only">場所：</span>
                      {placeText(item)}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
