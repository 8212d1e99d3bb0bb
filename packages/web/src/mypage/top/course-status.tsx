import type { MypageAppliedItem } from '@manabi/shared/api';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LARGE_TARGET, TextLink } from '../../ui/button';
import { cx } from '../../ui/cx';
import { SeatDecision, seatStatusText } from '../seat-decision';

/**
 * The top page's 「申し込んだ講座」: each application whose course has not begun, its status and, in
 * one plain sentence from shared/domain/intake.ts, what happens now or what to do — with 「受講を確定する」 /
 * 「辞退する」 right here when a winner must decide. Nothing is shown when there is nothing to follow.
 */
export function CourseStatusList({ items }: { items: MypageAppliedItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="top-courses-heading" className="space-y-4">
      <h2 id="top-courses-heading" className="text-std-22B-150">
        申し込んだ講座
      </h2>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.applicant_id} className="space-y-2 rounded-8 border-2 border-line p-4">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="inline-block rounded-4 border-2 border-line bg-surface px-2 text-std-16B-170 text-ink">
                {seatStatusText(item, item.lottery_status_text)}
              </span>
              <Link
                to={paths.mypage.courseDetail(item.course_id)}
                className={cx(LARGE_TARGET, 'wrap-anywhere text-std-18B-160')}
              >
                {item.course_name}
              </Link>
            </p>
            <SeatDecision seat={item} />
          </li>
        ))}
      </ul>
      <p>
        <TextLink to={paths.mypage.courseApplied()}>申込状況をすべて見る</TextLink>
      </p>
    </section>
  );
}
