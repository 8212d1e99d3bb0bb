import { todayTokyo } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { scheduleQuery } from './api/schedule';
import { CourseName } from './schedule-list';
import { dayText, placeText } from './schedule-parts';

/** How many classes the top page shows. */
const NEXT_CLASSES = 3;

/**
 * The top page's 「今後の予定」 (issue 17): the next three classes and a link to the whole schedule. Asked
 * only once `ready` (the top call has answered), so it never holds up the top's own data; nothing is shown
 * while it loads or when there is no class to come.
 */
export function UpcomingBox({ ready }: { ready: boolean }) {
  const schedule = useQuery({ ...scheduleQuery(), enabled: ready });
  const next = schedule.data?.data_list.slice(0, NEXT_CLASSES) ?? [];
  if (next.length === 0) return null;
  const today = todayTokyo();
  return (
    <section aria-labelledby="top-schedule-heading" className="space-y-4">
      <h2 id="top-schedule-heading" className="text-std-22B-150">
        今後の予定
      </h2>
      <ul className="divide-y divide-line-subtle border-y border-line-subtle">
        {next.map((item) => (
          <li key={`${item.course_id}-${item.no}`} className="space-y-1 py-3">
            <p className="text-std-17B-170 text-ink">
              {dayText(item.day, today)} {item.start}〜{item.end}
              {item.day === today && '（今日）'}
            </p>
            <p className="text-std-17N-170">
              <CourseName item={item} />
              <span className="text-ink">（第{item.no}回）</span>
            </p>
            {placeText(item) && <p className="text-std-16N-170 text-ink">{placeText(item)}</p>}
          </li>
        ))}
      </ul>
      <p>
        <TextLink to={paths.mypage.schedule()}>予定をすべて見る</TextLink>
      </p>
    </section>
  );
}
