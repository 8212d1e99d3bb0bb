import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../ui/spinner';
import { csvHref, sessionsQuery } from './api/statistics';
import { counted, lowestSession, percent } from './findings';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';
import { StatFigure } from './stat-figure';

/** 回ごとの出席率: attendance per session number over the confirmed students of the period. */
export function SessionsSection({ period }: { period: PeriodParams }) {
  const sessions = useQuery(sessionsQuery(period));
  const rows = sessions.data?.sessions;
  return (
    <ReportSection id="sessions" title="回ごとの出席率">
      {!rows ? (
        <Spinner label="集計しています" />
      ) : (
        <StatFigure
          id="sessions-rate"
          subject="授業の回ごとの出席率"
          finding={lowestSession(rows)}
          rows={rows}
          rowKey={(r) => String(r.no)}
          columns={[
            { label: '回', cell: (r) => `第${r.no}回` },
            { label: '記録した人数', cell: (r) => counted(r.recorded, '人') },
            { label: '出席した人数', cell: (r) => counted(r.attended, '人') },
            { label: '出席率', cell: (r) => percent(r.rate) },
          ]}
          chart={{
            category: (r) => `第${r.no}回`,
            isPercent: true,
            series: [
              { label: '出席率', value: (r) => (r.rate === null ? 0 : Math.round(r.rate * 1000) / 10) },
            ],
          }}
          chartRows={rows.filter((r) => r.rate !== null)}
          csv={{ href: csvHref(period, 'sessions') }}
          emptyText="出席の記録はまだありません。"
        />
      )}
    </ReportSection>
  );
}
