import { todayTokyo } from '@manabi/shared/domain/dates';
import { fiscalYearOf, yenText } from '@manabi/shared/domain/fees';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call, withQuery } from '../../lib/api';
import { CsvDownloadLink } from '../../ui/csv-download';
import { Spinner } from '../../ui/spinner';
import type { PeriodParams } from './period';
import { ReportSection } from './report-section';

/**
 * 入金・未収・返金 of the fiscal year (decision 078), authority 1 only (the office's finances): the totals
 * of the books the payments screen keeps per course, and its CSV. A span of days has no books: the section
 * asks for a fiscal year.
 */
export function PaymentsSection({ period }: { period: PeriodParams }) {
  const fy = period.fy || (period.from ? '' : String(fiscalYearOf(todayTokyo())));
  const report = useQuery({
    queryKey: ['admin', 'payments', 'report', fy],
    queryFn: () => call(endpoints.adminPayments.report, { fiscal_year: fy }),
    enabled: fy !== '',
  });
  const data = report.data;
  return (
    <ReportSection id="payments" title="入金・未収・返金">
      {fy === '' ? (
        <p>入金の集計は年度ごとです。年度を選ぶと表示します。</p>
      ) : !data ? (
        <Spinner label="集計しています" />
      ) : (
        <div className="space-y-4">
          <table className="text-left text-std-16N-170" data-testid="statistics-payments">
            <caption className="text-left text-std-17B-170">{`${data.fiscal_year}年度の受講料・教材費（${data.rows.length}講座）`}</caption>
            <tbody>
              {(
                [
                  ['請求額', data.totals.due],
                  ['入金額', data.totals.collected],
                  ['返金額', data.totals.refunded],
                  ['未収額', data.totals.outstanding],
                ] as const
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="pr-6">
                    {label}
                  </th>
                  <td>{yenText(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="print:hidden">
            <CsvDownloadLink
              href={withQuery(endpoints.adminPayments.reportCsv.path, { fiscal_year: fy })}
              label="講座ごとの集計をCSVでダウンロード"
            />
          </div>
        </div>
      )}
    </ReportSection>
  );
}
