import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { csvHref, summaryQuery } from './api/statistics';
import { COURSE_FIGURES } from './figures';
import { counted, percent } from './findings';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';

/** 概要: the period's figures over every course in scope, as cards, with how each was counted. */
export function SummarySection({ period }: { period: PeriodParams }) {
  const summary = useQuery(summaryQuery(period));
  const f = summary.data?.figures;
  return (
    <ReportSection id="summary" title="概要">
      {!f ? (
        <Spinner label="集計しています" />
      ) : (
        <>
          <p className="text-std-20B-150">
            {f.courses === 0
              ? 'この期間に始まる講座はありません。'
              : `${counted(f.courses, '講座')}に ${counted(f.applications, '人')}が申し込み、受講者は ${counted(f.confirmed, '人')}（充足率 ${percent(f.fill_rate)}、出席率 ${percent(f.attendance_rate)}）でした。`}
          </p>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-4 print:gap-2">
            {COURSE_FIGURES.map((item) => (
              <div key={item.key} className="m-card rounded-12 border-2 border-line p-4 print:p-2">
                <dt className="text-std-16B-170">{item.label}</dt>
                <dd className="text-std-24B-150 tabular-nums print:text-std-18B-160">{item.text(f)}</dd>
              </div>
            ))}
          </dl>
          <p data-print="hide">
            <a href={csvHref(period, 'summary')} download className={buttonClass('secondary')}>
              CSVでダウンロード<span className="sr-only">（概要）</span>
            </a>
          </p>
          <details className="m-notes" open>
            <summary className="cursor-pointer text-std-16B-170">数え方</summary>
            <dl className="mt-2 space-y-1 text-std-16N-170">
              {COURSE_FIGURES.map((item) => (
                <div key={item.key} className="flex flex-wrap gap-x-2">
                  <dt className="text-std-16B-170">{item.label}：</dt>
                  <dd>{item.note}</dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      )}
    </ReportSection>
  );
}
