import { SMALL_CELL, type statisticsStudentsResponseSchema } from '@manabi/shared/schemas/statistics';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Spinner } from '../../ui/spinner';
import { csvHref, studentsQuery } from './api/statistics';
import { ageLabel, type Labelled, monthLabel, mostPeople, people, shareOf } from './findings';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';
import { StatFigure } from './stat-figure';

type Students = z.output<typeof statisticsStudentsResponseSchema>;
type PeopleTable = 'ages' | 'genders' | 'wards' | 'towns' | 'generations';

/** How many towns the chart draws (the table has them all). */
const CHART_TOWNS = 10;

interface Context {
  period: PeriodParams;
  isPublic: boolean;
}

/**
 * A demographic figure: a count per label. In the public version the table prints 1 and 2 as 「3人未満」 and
 * the chart draws them at 0, so neither gives a small group away.
 */
function PeopleFigure({
  ctx,
  table,
  subject,
  rows,
  finding,
  chartRows,
  isHorizontal,
}: {
  ctx: Context;
  table: PeopleTable;
  subject: string;
  rows: readonly Labelled[];
  finding: string;
  chartRows?: readonly Labelled[];
  isHorizontal?: boolean;
}) {
  const plotted = (r: Labelled) => (ctx.isPublic && r.count < SMALL_CELL ? 0 : r.count);
  return (
    <StatFigure
      id={`students-${table}`}
      subject={subject}
      finding={finding}
      rows={rows}
      rowKey={(r) => r.label}
      columns={[
        { label: '区分', cell: (r) => r.label || '不明' },
        { label: '人数', cell: (r) => people(r.count, ctx.isPublic) },
      ]}
      chart={{
        category: (r) => r.label || '不明',
        isHorizontal,
        series: [{ label: '人数', value: plotted }],
      }}
      chartRows={chartRows}
      csv={{ href: csvHref(ctx.period, table), publicHref: csvHref(ctx.period, table, true) }}
    >
      {ctx.isPublic && (
        <p className="text-std-16N-170">
          公開版：3人未満の区分は表に「3人未満」と書き、グラフでは0として描いています。
        </p>
      )}
    </StatFigure>
  );
}

function Newcomers({ ctx, data }: { ctx: Context; data: Students }) {
  const rows = [
    { label: '初めて受講する人', count: data.newcomers.new },
    { label: '前にも受講した人', count: data.newcomers.returning },
  ];
  return (
    <StatFigure
      id="students-newcomers"
      subject="初めての人と、前にも受講した人"
      finding={shareOf(rows, '初めて受講する人', ctx.isPublic, '初めて受講する人')}
      rows={rows}
      rowKey={(r) => r.label}
      columns={[
        { label: '区分', cell: (r) => r.label },
        { label: '人数', cell: (r) => people(r.count, ctx.isPublic) },
      ]}
      csv={{ href: csvHref(ctx.period, 'newcomers'), publicHref: csvHref(ctx.period, 'newcomers', true) }}
    />
  );
}

/**
 * Admissions per month (authority 1 only). Not a demographic table of the contract, but its cells count people
 * too, so the public version masks them on screen as it does the others.
 */
function Admissions({ ctx, rows }: { ctx: Context; rows: NonNullable<Students['admissions']> }) {
  const approved = rows.reduce((sum, r) => sum + r.approved, 0);
  const rejected = rows.reduce((sum, r) => sum + r.rejected, 0);
  const plotted = (n: number) => (ctx.isPublic && n < SMALL_CELL ? 0 : n);
  return (
    <StatFigure
      id="students-admissions"
      subject="入学の承認と却下（月ごと）"
      finding={`この期間の承認は ${people(approved, ctx.isPublic)}、却下は ${people(rejected, ctx.isPublic)}`}
      rows={rows}
      rowKey={(r) => r.month}
      columns={[
        { label: '月', cell: (r) => monthLabel(r.month) },
        { label: '承認', cell: (r) => people(r.approved, ctx.isPublic) },
        { label: '却下', cell: (r) => people(r.rejected, ctx.isPublic) },
      ]}
      chart={{
        category: (r) => monthLabel(r.month),
        series: [
          { label: '承認', value: (r) => plotted(r.approved) },
          { label: '却下', value: (r) => plotted(r.rejected) },
        ],
      }}
      csv={{ href: csvHref(ctx.period, 'admissions') }}
    />
  );
}

function StudentFigures({ ctx, data }: { ctx: Context; data: Students }) {
  const ages = data.ages.map((r) => ({ label: ageLabel(r.label), count: r.count }));
  return (
    <>
      <p className="text-std-20B-150">
        この期間の講座に申し込んだ人は {people(data.students, ctx.isPublic)}です（ひとりを一度だけ数えます）。
      </p>
      <PeopleFigure
        ctx={ctx}
        table="ages"
        subject="年齢別（年度末の年齢）"
        rows={ages}
        finding={mostPeople(ages, ctx.isPublic)}
      />
      <PeopleFigure
        ctx={ctx}
        table="genders"
        subject="性別"
        rows={data.genders}
        finding={mostPeople(data.genders, ctx.isPublic)}
      />
      <PeopleFigure
        ctx={ctx}
        table="wards"
        subject="区内・区外"
        rows={data.wards}
        finding={shareOf(data.wards, '区内', ctx.isPublic)}
      />
      <PeopleFigure
        ctx={ctx}
        table="towns"
        subject={`町名別（グラフは多い順に${CHART_TOWNS}件）`}
        rows={data.towns}
        chartRows={data.towns.slice(0, CHART_TOWNS)}
        isHorizontal
        finding={mostPeople(data.towns, ctx.isPublic)}
      />
      <Newcomers ctx={ctx} data={data} />
      <PeopleFigure
        ctx={ctx}
        table="generations"
        subject="期生別"
        rows={data.generations}
        finding={mostPeople(data.generations, ctx.isPublic)}
      />
      {data.admissions && <Admissions ctx={ctx} rows={data.admissions} />}
    </>
  );
}

/** 受講者の内訳: who the students of the period are (authority 2: of its university's courses). */
export function StudentsSection({ period, isPublic }: Context) {
  const students = useQuery(studentsQuery(period));
  return (
    <ReportSection id="students" title="受講者の内訳">
      {students.data ? (
        <StudentFigures ctx={{ period, isPublic }} data={students.data} />
      ) : (
        <Spinner label="集計しています" />
      )}
    </ReportSection>
  );
}
