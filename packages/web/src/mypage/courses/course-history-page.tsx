import type { MypageAppliedItem } from '@manabi/shared/api';
import { readCourseListSearch } from '@manabi/shared/domain/course-list-search';
import { UNIT_WORDS, unitsText } from '@manabi/shared/domain/units';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { useUrlSearch } from '../../lib/url-search';
import { LARGE_TARGET } from '../../ui/button';
import { optionLabel } from '../../ui/code-options';
import { cx } from '../../ui/cx';
import { PageTitle } from '../../ui/page-title';
import { Tabs } from '../../ui/tabs';
import { activeConditions, ResultsSection, SearchBox } from '../layout/mypage-search';
import { SeatDecision, seatStatusLabel, seatStatusText } from '../seat-decision';
import { transcriptQuery } from '../transcript-query';
import { appliedListQuery, attendedListQuery, type CourseListFilter, courseFilterOf } from './api/courses';
import {
  applicationPeriodText,
  courseConditions,
  LOTTERY_KEYS,
  lotteryParam,
  orDash,
  withUnit,
} from './course-parts';
import type { HistorySearchValues } from './history-search-form';
import { ReceiptLinks } from './receipt-links';

type Tab = 'applied' | 'attended';

const HistorySearchForm = lazy(() =>
  import('./history-search-form').then((m) => ({ default: m.HistorySearchForm })),
);

/**
 * /mypage/course/applied and /mypage/course/attended (SPEC §2 course/applied): one screen, the tab comes
 * from the path. The search and the page live in the URL (8 a page, paged on the server, 5 neighbouring
 * pages). Results are cards, not a five-column table, so they read well at 375 px.
 */
export function Component() {
  const tab: Tab = useLocation().pathname.endsWith('/attended') ? 'attended' : 'applied';
  const { values, submit, clear, goTo } = useUrlSearch(readCourseListSearch);
  const filter = courseFilterOf(values);
  // the lottery ticks only apply to the applied list
  const effective: CourseListFilter =
    tab === 'applied'
      ? filter
      : {
          ...filter,
          ...Object.fromEntries(LOTTERY_KEYS.map((code) => [lotteryParam(code), ''])),
        };

  const search = ({ lottery, ...conditions }: HistorySearchValues) => {
    submit({
      ...conditions,
      // the lottery ticks travel as lottery_status_N=1 (SPEC §7), on the applied tab only
      ...Object.fromEntries((tab === 'applied' ? lottery : []).map((code) => [lotteryParam(code), '1'])),
    });
  };
  const lotteryInForce = LOTTERY_KEYS.filter((code) => effective[lotteryParam(code)] === '1');

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle>申込状況・受講履歴</PageTitle>
      <Tabs
        label="表示の切り替え"
        selectedKey={tab}
        items={[
          { id: 'applied', label: '申込状況', href: paths.mypage.courseApplied() },
          { id: 'attended', label: '受講履歴', href: paths.mypage.courseAttended() },
        ]}
      >
        <div className="space-y-6 sm:space-y-8">
          <SearchBox
            title="講座を検索する"
            id="course-search"
            form={(events) => (
              <HistorySearchForm
                tab={tab}
                filter={filter}
                onSearch={search}
                onClear={clear}
                events={events}
              />
            )}
            onClear={clear}
            conditions={[
              ...courseConditions(effective),
              ...activeConditions([
                ['抽選状況', lotteryInForce.map((code) => optionLabel('CD003', code)).join('・')],
              ]),
            ]}
            resultsId="course-list"
          />

          {tab === 'applied' ? (
            <AppliedResults filter={effective} onPage={goTo} />
          ) : (
            <AttendedResults filter={effective} onPage={goTo} />
          )}
        </div>
      </Tabs>
    </div>
  );
}

function AppliedResults({ filter, onPage }: { filter: CourseListFilter; onPage: (page: number) => void }) {
  const list = useQuery(appliedListQuery(filter));
  const data = list.data;
  return (
    <ResultsSection
      title="申込状況の一覧"
      id="course-list"
      page={data}
      isFetching={list.isFetching}
      onPage={onPage}
      emptyText="該当する講座はありません。"
      before={
        <p className="text-std-16N-170 text-ink">※講座によっては、申込期間の終了後はキャンセルできません。</p>
      }
    >
      <ul className="space-y-4">
        {data?.data_list.map((item) => (
          <CourseCard
            key={item.applicant_id}
            item={item}
            after={
              <>
                <SeatDecision seat={item} cancelable={item.is_cancelable} />
                <ReceiptLinks receipts={item.receipts} courseName={item.course_name} />
              </>
            }
            action={
              item.is_cancelable && (
                // prev=2: the cancel page's 戻る returns here (SPEC §2 course/cancel)
                <Link
                  to={paths.mypage.courseCancel(item.course_id)}
                  state={{ prev: 2 }}
                  className="inline-flex min-h-12 items-center text-std-16B-170 text-link underline underline-offset-4 hover:text-link-hover"
                >
                  申込をキャンセルする
                  <span className="sr-only">（{item.course_name}）</span>
                </Link>
              )
            }
          >
            <Fact label="申込期間">{applicationPeriodText(item.period_f, item.period_t)}</Fact>
            <Fact label={seatStatusLabel(item)}>
              <span className="inline-block rounded-4 border-2 border-line bg-surface px-2 text-std-16B-170 text-ink">
                {seatStatusText(item, item.lottery_status_text)}
              </span>
            </Fact>
          </CourseCard>
        ))}
      </ul>
    </ResultsSection>
  );
}

function AttendedResults({ filter, onPage }: { filter: CourseListFilter; onPage: (page: number) => void }) {
  const list = useQuery(attendedListQuery(filter));
  const data = list.data;
  // the finished (受講済み) courses, which have a 修了証; the list's items do not say which they are
  const finished = new Set(useQuery(transcriptQuery()).data?.data_list.map((c) => c.course_id));
  return (
    <ResultsSection
      title="受講履歴の一覧"
      id="course-list"
      page={data}
      isFetching={list.isFetching}
      onPage={onPage}
      emptyText="該当する講座はありません。"
      before={
        data && (
          <div className="rounded-8 border-2 border-primary bg-surface p-4">
            <p className="text-std-17B-170 text-ink">取得した単位</p>
            {/* the two figures with their meaning, as the office's student detail says them (decision 089) */}
            <p className="text-std-20B-150 text-ink" data-testid="unit-sum">
              {unitsText({ earned: data.acquisition_unit_sum, carried: data.carried_units })}
            </p>
            <p className="text-std-16N-170 text-ink">
              「{UNIT_WORDS.earned}」は、受講済みになった講座の単位の合計です。「{UNIT_WORDS.carried}
              」は、入学の前に取得して事務局が引き継いだ単位です。
            </p>
            <p className="mt-2">
              <Link to={paths.mypage.transcript()} className={HISTORY_LINK}>
                単位の記録を印刷
              </Link>
            </p>
          </div>
        )
      }
    >
      <ul className="space-y-4">
        {data?.data_list.map((item) => (
          <CourseCard
            key={item.applicant_id}
            item={item}
            after={<ReceiptLinks receipts={item.receipts} courseName={item.course_name} />}
            action={
              finished.has(item.course_id) && (
                <Link to={paths.mypage.certificate(item.course_id)} className={HISTORY_LINK}>
                  修了証を印刷
                  <span className="sr-only">（{item.course_name}）</span>
                </Link>
              )
            }
          >
            <Fact label="取得単位">
              {item.acquisition_unit === null ? (
                // attended, but the office has not yet marked it 受講済み: it earns nothing yet (decision 039)
                '事務局が受講済みを確認したあとに記録されます'
              ) : (
                <>
                  <span data-testid="acquired-unit">{item.acquisition_unit}</span>単位
                </>
              )}
            </Fact>
            <Fact label="出席1回あたりの単位">{withUnit(item.course_acquisition_unit, '単位')}</Fact>
          </CourseCard>
        ))}
      </ul>
    </ResultsSection>
  );
}

/** A link standing on its own line of a card (a 48 px target). */
const HISTORY_LINK =
  'inline-flex min-h-12 items-center text-std-16B-170 text-link underline underline-offset-4 hover:text-link-hover';

/** One course: its name as a heading (a link unless the course is non-public, status '2'), then facts. */
function CourseCard({
  item,
  children,
  after,
  action,
}: {
  item: MypageAppliedItem;
  children: ReactNode;
  /** below the facts: what to do next (the intake cycle's seat decision) */
  after?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="min-w-0 space-y-2 rounded-8 border-2 border-line bg-canvas p-4">
      <h3 className="wrap-anywhere text-std-18B-160 text-ink">
        {item.status === '2' ? (
          item.course_name
        ) : (
          <Link
            to={paths.mypage.courseDetail(item.course_id)}
            className={cx('text-link underline underline-offset-4 hover:text-link-hover', LARGE_TARGET)}
          >
            {item.course_name}
          </Link>
        )}
      </h3>
      <dl className="space-y-1">
        <Fact label="実施機関">{orDash(item.organ)}</Fact>
        <Fact label="開催日">{orDash(item.period)}</Fact>
        {children}
      </dl>
      {after}
      {action && <p>{action}</p>}
    </li>
  );
}

/** A label/value row that stacks on narrow screens. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
      <dt className="text-std-16B-170 text-ink">{label}</dt>
      <dd className="wrap-anywhere text-std-16N-170 text-ink">{children}</dd>
    </div>
  );
}
