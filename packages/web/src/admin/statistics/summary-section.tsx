import { PEOPLE_WORDS } from '@manabi/shared/domain/statistics-csv';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { csvHref, studentsQuery, summaryQuery } from './api/statistics';
import { COURSE_FIGURES, COURSE_YEAR_RULE, ratioOver } from './figures';
import { counted, percent } from './findings';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';

const PEOPLE_NOTE =
  'この期間の講座に申し込んでいる人の数。ひとりを一度だけ数えます（申込みをすべて取り消した人は含みません）';

/**
 * 概要: the period's figures over every course in scope, as cards, with how each was counted. Applications
 * are 件 and people 人 side by side (the people from the students' read the 内訳 shows too), 倍率 says which
 * courses it is over, and the notes say which year a course counts in.
 */
export function SummarySection({ period }: { period: PeriodParams }) {
  const summary = useQuery(summaryQuery(period));
  const people = useQuery(studentsQuery(period)).data?.students;
  const f = summary.data?.figures;
  const peopleText = people === undefined ? '…' : counted(people, PEOPLE_WORDS.unit);
  return (
    <ReportSection id="summary" title="概要">
      {!f ? (
        <Spinner label="集計しています" />
      ) : (
        <>
          <p className="text-std-20B-150">
            {f.courses === 0
              ? 'この期間に始まる講座はありません。'
              : `${counted(f.courses, '講座')}に、申込み ${counted(f.applications, '件')}がありました（${PEOPLE_WORDS.label} ${peopleText}）。受講確定は ${counted(f.confirmed, '件')}（充足率 ${percent(f.fill_rate)}、出席率 ${percent(f.attendance_rate)}）でした。`}
          </p>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-4 print:gap-2">
            <Card label={PEOPLE_WORDS.label} value={peopleText} />
            {COURSE_FIGURES.filter((item) => item.key !== 'ratio_courses').map((item) => (
              <Card
                key={item.key}
                label={item.label}
                value={item.text(f)}
                definition={item.key === 'ratio' ? ratioOver(f) : undefined}
              />
            ))}
          </dl>
          <p data-print="hide">
            <a href={csvHref(period, 'summary')} download className={buttonClass('secondary')}>
              CSVでダウンロード<span className="sr-only">（概要）</span>
            </a>
          </p>
          <details className="m-notes" open>
            <summary className="cursor-pointer text-std-16B-170">数え方</summary>
            <p className="mt-2 text-std-16N-170">{COURSE_YEAR_RULE}</p>
            <dl className="mt-2 space-y-1 text-std-16N-170">
              <Note label={PEOPLE_WORDS.label} note={PEOPLE_NOTE} />
              {COURSE_FIGURES.map((item) => (
                <Note key={item.key} label={item.label} note={item.note} />
              ))}
            </dl>
          </details>
        </>
      )}
    </ReportSection>
  );
}

function Card({ label, value, definition }: { label: string; value: string; definition?: string }) {
  return (
    <div className="m-card rounded-12 border-2 border-line p-4 print:p-2">
      <dt className="text-std-16B-170">{label}</dt>
      <dd className="text-std-24B-150 tabular-nums print:text-std-18B-160">{value}</dd>
      {definition && <dd className="text-std-16N-170">{definition}</dd>}
    </div>
  );
}

function Note({ label, note }: { label: string; note: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-std-16B-170">{label}：</dt>
      <dd>{note}</dd>
    </div>
  );
}
