import { fiscalYearOf } from '@manabi/shared/domain/age';
import './statistics.css';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { STATISTICS_GROUPS, type StatisticsGroup } from '@manabi/shared/schemas/statistics';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PROGRAMME_NAME } from '../../ui/certificate';
import { CheckboxItem } from '../../ui/choice-fields';
import { PageTitle } from '../../ui/page-title';
import { STATISTICS_KEY, summaryQuery } from './api/statistics';
import { GroupsSection } from './groups-section';
import { PaymentsSection } from './payments-section';
import { fiscalYearLabel, type PeriodParams, periodFromSearch, periodLabel, periodQuery } from './period';
import { PeriodPicker } from './period-picker';
import { SessionsSection } from './sessions-section';
import { StudentsSection } from './students-section';
import { SummarySection } from './summary-section';
import { TrendsSection } from './trends-section';

const TITLE = '統計・年次報告';

const CONTENTS = [
  { id: 'summary', label: '概要' },
  { id: 'groups', label: '講座・主催者・分野ごとの数字' },
  { id: 'sessions', label: '回ごとの出席率' },
  { id: 'students', label: '受講者の内訳' },
  { id: 'trends', label: '推移' },
];

function readGroup(value: string | null): StatisticsGroup {
  return STATISTICS_GROUPS.find((g) => g === value) ?? 'course';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The first page of the printed report: what, for which period, by whom and when (print only). */
function TitlePage({ period, scope }: { period: string; scope: string | null }) {
  return (
    <div className="m-title-page hidden print:block">
      <p className="text-std-24B-150">{PROGRAMME_NAME}</p>
      <p className="mt-4 text-[2.5rem] font-bold leading-normal">年次報告</p>
      <p className="mt-4 text-std-28B-150">{period}</p>
      {scope && <p className="mt-2 text-std-20B-150">{scope}</p>}
      <p className="mt-8 text-std-16N-170">作成日：{formatDateJa(todayTokyo())}</p>
      <ol className="mt-12 list-decimal space-y-1 pl-6 text-std-16N-170">
        {CONTENTS.map((c) => (
          <li key={c.id}>{c.label}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * /admin/statistics: the programme in numbers for a fiscal year or a span of days (decision 059) — summary,
 * per course / organiser / category, attendance per session, who the students are, trends — each chart with
 * its finding as the heading and its table, each table downloadable as CSV, and the whole printable as the
 * 年次報告. Both authorities: the server reads authority 2's university's courses only (and no admissions).
 * Everything the view depends on is in the URL, so it can be shared and the back button works.
 */
export function Component() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  // one object per address, so the form follows the URL only when the URL changes
  const search = params.toString();
  const period = useMemo(() => periodFromSearch(new URLSearchParams(search)), [search]);
  const group = readGroup(params.get('group'));
  const page = readPage(params.get('page'));
  const isPublic = params.get('public') === '1';
  const summary = useQuery(summaryQuery(period));
  // the report is printed whole: not while a read is still on its way
  const isCounting = useIsFetching({ queryKey: STATISTICS_KEY }) > 0;
  const serverErrors = isApiError(summary.error) ? summary.error.errList : [];

  type Change = { period?: PeriodParams; group?: StatisticsGroup; page?: number; isPublic?: boolean };
  const queryFor = (next: Change): Record<string, string> => {
    const query: Record<string, string> = periodQuery(next.period ?? period);
    const g = next.group ?? group;
    const p = next.page ?? (next.period ? 1 : page);
    if (g !== 'course') query.group = g;
    if (p > 1) query.page = String(p);
    if (next.isPublic ?? isPublic) query.public = '1';
    return query;
  };
  const update = (next: Change) => setParams(queryFor(next));
  const groupHref = (g: StatisticsGroup) => `?${new URLSearchParams(queryFor({ group: g, page: 1 }))}`;

  const answered = summary.data?.period;
  const label = answered
    ? periodLabel(answered)
    : fiscalYearLabel(Number(period.fy) || fiscalYearOf(todayTokyo()));
  // authority 2: the university's name from the summary (its id until the answer arrives)
  const university = summary.data?.university?.name ?? user.university_id ?? '';
  const scope = user.authority === 2 ? `${university} の講座について` : null;
  return (
    <div className="m-report space-y-8">
      <TitlePage period={label} scope={scope} />
      <div className="space-y-4 print:hidden">
        <PageTitle>{TITLE}</PageTitle>
        <p className="text-std-16N-170">
          講座の申込み・受講・出席と、受講者の内訳を、年度または期間ごとに数字で確かめます。表はCSVでダウンロードでき、全体を「年次報告」として印刷できます。
          {scope && `（${scope}の数字です）`}
        </p>
        <PeriodPicker
          period={period}
          serverErrors={serverErrors}
          onChange={(next) => update({ period: next })}
        />
        {serverErrors.length > 0 && (
          <Alert variant="error" title="集計する期間を確かめてください">
            {serverErrors.map((e) => (
              <p key={`${e.name}-${e.msg}`}>{e.msg}</p>
            ))}
          </Alert>
        )}
        <p className="text-std-20B-150" aria-live="polite">
          表示している期間：{label}
          {answered &&
            answered.fy !== null &&
            `（${formatDateJa(answered.from)}〜${formatDateJa(answered.to)}）`}
        </p>
        <div className="flex flex-wrap items-center gap-6">
          <CheckboxItem isSelected={isPublic} onChange={(checked) => update({ isPublic: checked })}>
            公開版にする（3人未満の人数を「3人未満」と表示）
          </CheckboxItem>
          <Button variant="secondary" isDisabled={isCounting} onPress={() => window.print()}>
            {isCounting ? '集計中です（終わると印刷できます）' : '年次報告を印刷'}
          </Button>
        </div>
        <nav aria-label="この画面の目次">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {CONTENTS.map((c) => (
              <li key={c.id}>
                <a href={`#${c.id}`} className="text-link underline underline-offset-4">
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {serverErrors.length === 0 && (
        <>
          <SummarySection period={period} />
          <GroupsSection
            period={period}
            group={group}
            page={page}
            hrefFor={groupHref}
            onPage={(p) => update({ page: p })}
          />
          <SessionsSection period={period} />
          <StudentsSection period={period} isPublic={isPublic} />
          <TrendsSection period={period} />
          {user.authority === 1 && <PaymentsSection period={period} />}
        </>
      )}
    </div>
  );
}
