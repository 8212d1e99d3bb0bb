import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { scheduleQuery } from './api/schedule';
import { CalendarFeedSection } from './calendar-feed-section';
import { ScheduleList } from './schedule-list';

/** The server lists at most this many classes (the feed has them all). */
const SCHEDULE_MAX = 100;

/**
 * /mypage/schedule 「今後の予定」: the classes of the courses the student will attend (当選・受講確定),
 * from today on, by day; and the calendar feed for a phone's calendar.
 */
export function Component() {
  const schedule = useQuery(scheduleQuery());
  const listHeadingId = useId();
  const data = schedule.data;
  if (!data) return <FullPageSpinner />;
  return (
    <div className="space-y-10">
      <PageTitle>今後の予定</PageTitle>
      <section aria-labelledby={listHeadingId} className="space-y-4">
        <h2 id={listHeadingId} className="text-std-22B-150 text-ink">
          授業の予定
        </h2>
        {data.data_list.length === 0 ? (
          <div className="space-y-2 text-std-17N-170 text-ink">
            <p>これからの授業の予定はありません。</p>
            <p>受講が決まった講座の授業日が、ここに表示されます。</p>
          </div>
        ) : (
          <>
            <p className="text-std-16N-170 text-ink">
              受講が決まった講座（当選・受講確定）の授業日です。
              {data.data_list.length >= SCHEDULE_MAX && `近いものから${SCHEDULE_MAX}件を表示しています。`}
            </p>
            <ScheduleList items={data.data_list} />
          </>
        )}
        <p className="text-std-16N-170 text-ink">
          授業日が決まっていない講座は、ここには表示されません。開催日は講座の詳細でご確認ください。
        </p>
        <p>
          <TextLink to={paths.mypage.courseApplied()}>申込状況を見る</TextLink>
        </p>
      </section>
      <CalendarFeedSection feed={data.feed} />
    </div>
  );
}
