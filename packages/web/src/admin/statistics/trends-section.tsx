import { PEOPLE_WORDS } from '@manabi/shared/domain/statistics-csv';
import type { statisticsTrendsResponseSchema } from '@manabi/shared/schemas/statistics';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Spinner } from '../../ui/spinner';
import { csvHref, trendsQuery } from './api/statistics';
import { COURSE_YEAR_RULE, figureColumns, RATIO_DEFINITION } from './figures';
import { busiestMonth, counted, monthLabel, yearOverYear } from './findings';
import { fiscalYearLabel, type PeriodParams } from './period';
import { ReportSection } from './report-section';
import { StatFigure } from './stat-figure';

type YearRow = z.output<typeof statisticsTrendsResponseSchema>['years'][number];

/** 推移: applications month by month within the period, and the five fiscal years ending with its own. */
export function TrendsSection({ period }: { period: PeriodParams }) {
  const trends = useQuery(trendsQuery(period));
  const data = trends.data;
  return (
    <ReportSection id="trends" title="推移">
      {!data ? (
        <Spinner label="集計しています" />
      ) : (
        <>
          <StatFigure
            id="trends-months"
            subject="月ごとの申込みと取り消し（申し込んだ日で数えます）"
            finding={busiestMonth(data.months)}
            rows={data.months}
            rowKey={(r) => r.month}
            columns={[
              { label: '月', cell: (r) => monthLabel(r.month) },
              { label: '申込み', cell: (r) => counted(r.applications, '件') },
              { label: '取り消し', cell: (r) => counted(r.cancellations, '件') },
            ]}
            chart={{
              kind: 'line',
              category: (r) => monthLabel(r.month),
              series: [
                { label: '申込み', value: (r) => r.applications },
                { label: '取り消し', value: (r) => r.cancellations },
              ],
            }}
            csv={{ href: csvHref(period, 'months') }}
          />
          <StatFigure
            id="trends-years"
            subject="年度ごとの推移（5年度）"
            finding={yearOverYear(data.years)}
            rows={data.years}
            rowKey={(r) => String(r.fy)}
            columns={[
              { label: '年度', cell: (r: YearRow) => fiscalYearLabel(r.fy) },
              { label: PEOPLE_WORDS.label, cell: (r: YearRow) => counted(r.students, PEOPLE_WORDS.unit) },
              ...figureColumns<YearRow>(),
            ]}
            chart={{
              category: (r) => `${r.fy}年度`,
              series: [
                { label: '申込み', value: (r) => r.applications },
                { label: '受講確定', value: (r) => r.confirmed },
              ],
            }}
            csv={{ href: csvHref(period, 'years') }}
          >
            <p className="text-std-16N-170">倍率：{RATIO_DEFINITION}</p>
            <p className="text-std-16N-170">{COURSE_YEAR_RULE}</p>
          </StatFigure>
        </>
      )}
    </ReportSection>
  );
}
