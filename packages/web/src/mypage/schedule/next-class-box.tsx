import { todayTokyo } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { scheduleQuery } from './api/schedule';
import { CourseName } from './schedule-list';
import { dayText, nearDayWord, placeText } from './schedule-parts';

/**
 * The top page's 「次の授業」: the student's next class — 「今日」/「明日」 in words when it is, the day, the
 * time, the course (第n回), the place and 持ち物 — and a link to the whole schedule. It sits right under the
 * applications' statuses, so a phone with large text shows it on the first screen. Asked only once `ready`
 * (the top call has answered), so it never holds up the top's own data; nothing is shown while it loads or
 * when there is no class to come.
 */
export function NextClassBox({ ready }: { ready: boolean }) {
  const schedule = useQuery({ ...scheduleQuery(), enabled: ready });
  const next = schedule.data?.data_list[0];
  if (!next) return null;
  const today = todayTokyo();
  const near = nearDayWord(next.day, today);
  const place = placeText(next);
  return (
    <section
      aria-labelledby="top-next-class-heading"
      className="space-y-3 rounded-8 border-2 border-line p-4"
    >
      <h2 id="top-next-class-heading" className="text-std-22B-150">
        次の授業
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-3 text-std-20B-150 text-ink">
        {near && (
          <span className="inline-block rounded-4 bg-badge px-2 text-std-18B-160 text-on-badge">{near}</span>
        )}
        <span>{dayText(next.day, today)}</span>
        <span>
          {next.start}〜{next.end}
        </span>
      </p>
      <p className="text-std-18B-160">
        <CourseName item={next} />
        <span className="text-ink">（第{next.no}回）</span>
      </p>
      <dl className="space-y-1 text-std-17N-170 text-ink">
        {place && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-std-17B-170">会場：</dt>
            <dd>{place}</dd>
          </div>
        )}
        {next.bring && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-std-17B-170">持ち物：</dt>
            <dd className="wrap-anywhere">{next.bring}</dd>
          </div>
        )}
      </dl>
      <p>
        <TextLink to={paths.mypage.schedule()}>予定をすべて見る</TextLink>
      </p>
    </section>
  );
}
