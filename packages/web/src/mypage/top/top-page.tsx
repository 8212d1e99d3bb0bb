import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LARGE_TARGET, TextLink } from '../../ui/button';
import { LoadingOverlay } from '../../ui/loading-overlay';
import { PageTitle } from '../../ui/page-title';
import { MailUndeliverable } from '../mail-undeliverable';
import { topQuery } from '../news/api/news';
import { ImportantBadge, UnreadBadge } from '../news/unread-badge';
import { scheduleQuery } from '../schedule/api/schedule';
import { NextClassBox } from '../schedule/next-class-box';
import { TodayClasses } from '../schedule/today-classes';
import { CourseStatusList } from './course-status';

const MENU = [
  {
    label: 'あなたへのお知らせ',
    to: paths.mypage.newsList(2),
    description: 'あなたに届いたお知らせを読みます。',
  },
  {
    label: '講座を探す',
    to: paths.mypage.courseSearch('accepting'),
    description: '受付中・受付前の講座を探して申し込みます。',
  },
  {
    label: '申込状況・受講履歴',
    to: paths.mypage.courseApplied(),
    description: '申し込んだ講座と、これまでの受講を確認します。',
  },
  {
    label: '利用者情報',
    to: paths.mypage.user(),
    description: '登録している連絡先やパスワードを確認・変更します。',
  },
] as const;

/**
 * /mypage/top (SPEC §2): four menu buttons (「あなたへのお知らせ」 with the unread count), the
 * participation guide link, the newest notices (GET /api/mypage/top/) and a link to the notice list; above them,
 * where the student's applications stand and what to do next, and right under them the next class. Above all
 * of it, when mail to the student's address was refused, the request to check it — and above that, on a day
 * with a class (Tokyo date), today's classes with the 学生証 button. The class days come with the HTML as the
 * notices do (platform/page-data.ts), so they are asked at once, not after the notices.
 */
export function Component() {
  const top = useQuery(topQuery());
  const schedule = useQuery(scheduleQuery());
  const unread = top.data?.not_read_cnt ?? 0;
  const today = todayTokyo();
  const todays = schedule.data?.data_list.filter((item) => item.day === today) ?? [];
  // today's classes go above everything, so nothing is drawn under the title until the class days are known
  // (they come with the HTML, a moment after the notices): drawn earlier, the statuses would jump down when
  // the block arrived, and a senior's tap would land on the wrong thing (Lighthouse's layout shift)
  if (schedule.status === 'pending') {
    return (
      <div className="space-y-8">
        <PageTitle>マイページ トップ</PageTitle>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <PageTitle>マイページ トップ</PageTitle>
      {/* first on a class day: it is what the student opens the page for on the way to the venue */}
      {todays.length > 0 && <TodayClasses items={todays} />}
      {/* then: until the address is put right, no mail of ours reaches the student */}
      {top.data?.mail_undeliverable && <MailUndeliverable />}
      <CourseStatusList items={top.data?.course_status_list ?? []} />
      {/* right under the statuses: with large text on a phone, anything lower is screens away (on a class
          day the next class is today's, already at the top) */}
      {todays.length === 0 && <NextClassBox ready={top.status !== 'pending'} />}
      <nav aria-label="マイページのメニュー">
        <ul className="grid gap-4 sm:grid-cols-2">
          {MENU.map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className="flex min-h-28 flex-col justify-center gap-1 rounded-12 border-2 border-primary bg-canvas px-6 py-4 text-link no-underline shadow-1 hover:bg-highlight"
              >
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-std-22B-150 underline underline-offset-4">{entry.label}</span>
                  {entry.to === paths.mypage.newsList(2) && unread > 0 && (
                    <span className="rounded-full bg-badge px-3 text-std-16B-170 text-on-badge">
                      未読 {unread}件
                    </span>
                  )}
                </span>
                <span className="text-std-16N-170 text-ink">{entry.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <TextLink href={paths.guidePdf()} newWindow>
          参加の手引き
        </TextLink>
      </p>
      <section aria-labelledby="top-news-heading" className="space-y-4">
        <h2 id="top-news-heading" className="text-std-22B-150">
          お知らせ
        </h2>
        <div className="relative">
          <LoadingOverlay isVisible={top.isLoading} label="読み込み中..." />
          {top.data && top.data.notice_list.length === 0 && <p>新しいお知らせはありません。</p>}
          <ul className="divide-y divide-line-subtle border-y border-line-subtle">
            {top.data?.notice_list.map((notice) => (
              <li key={notice.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-6">
                <span className="shrink-0 whitespace-nowrap">{formatDateJa(notice.date)}</span>
                <span className="flex flex-wrap items-baseline gap-2">
                  {notice.is_important && <ImportantBadge />}
                  {!notice.is_read && <UnreadBadge />}
                  <Link to={paths.mypage.newsDetail(notice.id)} className={LARGE_TARGET}>
                    {notice.title}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p>
          <TextLink to={paths.mypage.newsList(1)}>お知らせ一覧へ</TextLink>
        </p>
      </section>
    </div>
  );
}
