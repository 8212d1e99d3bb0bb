import type { StatisticsGroup, statisticsGroupRowSchema } from '@manabi/shared/schemas/statistics';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Pager } from '../../ui/pager';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { csvHref, groupsQuery } from './api/statistics';
import { figureColumns, RATIO_DEFINITION } from './figures';
import { counted } from './findings';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';
import { StatFigure } from './stat-figure';

type GroupRow = z.output<typeof statisticsGroupRowSchema>;

/** The three ways to group the courses: the tab's words, the name column's, and the CSV table's name. */
export const GROUPS: Record<
  StatisticsGroup,
  { tab: string; name: string; table: 'courses' | 'organisers' | 'categories' }
> = {
  course: { tab: '講座別', name: '講座', table: 'courses' },
  organiser: { tab: '主催者別', name: '主催者', table: 'organisers' },
  category: { tab: '分野別', name: '分野', table: 'categories' },
};
const GROUP_KEYS = Object.keys(GROUPS) as StatisticsGroup[];

/** How many rows of a page the chart draws (the table has them all). */
const CHART_ROWS = 10;

function rowName(row: GroupRow): string {
  return row.code ? `${row.code} ${row.name}` : row.name;
}

function GroupTable({
  period,
  group,
  page,
  onPage,
}: {
  period: PeriodParams;
  group: StatisticsGroup;
  page: number;
  onPage: (page: number) => void;
}) {
  const groups = useQuery(groupsQuery(period, group, page));
  const data = groups.data;
  if (!data) return <Spinner label="集計しています" />;
  const words = GROUPS[group];
  const top = data.data_list[0];
  const finding =
    top && top.applications > 0
      ? `申込みが最も多いのは ${rowName(top)}（${counted(top.applications, '件')}）`
      : 'この期間の申込みはありません';
  const pageCount = Math.max(1, Math.ceil(data.total / data.size));
  const first = (data.page - 1) * data.size + 1;
  return (
    <StatFigure
      id={`groups-${group}`}
      subject={`${words.tab}の申込みと受講（申込みの多い順）`}
      finding={finding}
      rows={data.data_list}
      rowKey={(row) => `${row.course_id ?? ''}-${row.name}`}
      columns={[{ label: words.name, cell: rowName }, ...figureColumns<GroupRow>()]}
      chart={{
        category: (r) => r.name,
        isHorizontal: true,
        series: [
          { label: '定員', value: (r) => r.seats },
          { label: '申込み', value: (r) => r.applications },
        ],
      }}
      chartRows={data.data_list.slice(0, CHART_ROWS)}
      csv={{ href: csvHref(period, words.table) }}
    >
      <p className="text-std-16N-170">倍率：{RATIO_DEFINITION}</p>
      {data.total > 0 && (
        <p className="text-std-16N-170">
          全{counted(data.total, '件')}のうち {first}〜{first + data.data_list.length - 1}件目
          {data.data_list.length > CHART_ROWS && `（グラフは上位${CHART_ROWS}件）`}
        </p>
      )}
      <Pager page={data.page} pageCount={pageCount} onChange={onPage} className="print:hidden" />
    </StatFigure>
  );
}

/** 講座別 / 主催者別 / 分野別: one tab each, the page read from the server (the URL keeps both). */
export function GroupsSection({
  period,
  group,
  page,
  hrefFor,
  onPage,
}: {
  period: PeriodParams;
  group: StatisticsGroup;
  page: number;
  /** The address of a tab (the tabs are routes: the back button returns to the previous one). */
  hrefFor: (group: StatisticsGroup) => string;
  onPage: (page: number) => void;
}) {
  return (
    <ReportSection id="groups" title="講座・主催者・分野ごとの数字">
      <Tabs
        label="集計の単位"
        items={GROUP_KEYS.map((key) => ({ id: key, label: GROUPS[key].tab, href: hrefFor(key) }))}
        selectedKey={group}
      >
        <GroupTable period={period} group={group} page={page} onPage={onPage} />
      </Tabs>
    </ReportSection>
  );
}
