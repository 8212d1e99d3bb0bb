import { formatDateJa } from '@manabi/shared/domain/dates';
import type { Certificate as CertificateData } from '@manabi/shared/schemas/certificate';
import { useId } from 'react';
import { cx } from './cx';

/** The programme as its papers name it (the student ID card, the site footer). */
export const PROGRAMME_NAME = 'まなび市民大学';
/** Who signs a certificate, as on the student ID card. */
export const PROGRAMME_SIGNER = `${PROGRAMME_NAME} 学長`;
/** The certificate's official line. */
export const CERTIFICATE_STATEMENT = 'あなたは上記の講座を修了したことを証します。';

type CourseDates = { first_day: string | null; last_day: string | null; start_date: string | null };

/**
 * The 受講期間: the dated sessions' first to last day, or without them 「2025年10月1日から」 from the
 * course's 開講日; '' when neither is known.
 */
export function courseTermText(c: CourseDates): string {
  if (c.first_day) {
    const last = c.last_day ?? c.first_day;
    return last === c.first_day
      ? formatDateJa(c.first_day)
      : `${formatDateJa(c.first_day)}〜${formatDateJa(last)}`;
  }
  return c.start_date ? `${formatDateJa(c.start_date)}から` : '';
}

/**
 * When a course was held, as labelled rows: the 受講期間, then the free-text 開催日 in a row of its own — a
 * weekly time such as 「毎週火曜 10:00〜12:00」 right after the period would read as part of it. 受講期間 「－」
 * when nothing is known.
 */
export function courseDateRows(c: CourseDates & { period: string }): [string, string][] {
  const term = courseTermText(c);
  const period = c.period.trim();
  return [
    ...(term !== '' || period === '' ? [['受講期間', term || '－'] as [string, string]] : []),
    ...(period !== '' ? [['開催日', period] as [string, string]] : []),
  ];
}

/**
 * One 修了証, the same sheet for the student's own print and the office's bulk print. On screen a
 * framed sheet that fits a 375 px phone; on paper it fills one A4 portrait page (the `@page` rule and the
 * hidden screen chrome are styles.css's print stylesheet, decision 016), and `isPageBreak` starts the next
 * sheet on a new page. Every value is rendered as text.
 *
 * The 出席 line is left out when no session is marked 出席: the office may mark a course 受講済み from a paper
 * register without the 15 values, and 「出席 0回」 on a certificate of completion would contradict it.
 */
export function Certificate({
  certificate: c,
  isPageBreak = false,
  namedHeading = false,
}: {
  certificate: CertificateData;
  /** start a new paper page after this sheet (the bulk print) */
  isPageBreak?: boolean;
  /** the heading also says whose certificate it is (to screen readers; many sheets on one page) */
  namedHeading?: boolean;
}) {
  const headingId = useId();
  const rows: [string, string][] = [
    ['学生番号', c.login_id],
    ['氏名', c.name_kana ? `${c.name}（${c.name_kana}）` : c.name],
    ['講座名', c.course_name],
    ['実施機関', c.organ || '－'],
    ...courseDateRows(c),
    ...(c.attended_times > 0
      ? [['出席', `${c.attended_times}回／全${c.all_times}回`] as [string, string]]
      : []),
    ['取得単位', `${c.acquisition_unit}単位`],
  ];
  return (
    <article
      aria-labelledby={headingId}
      data-testid="certificate"
      className={cx(
        'mx-auto flex w-full max-w-[44rem] flex-col gap-6 border-[6px] border-double border-line bg-canvas p-5 text-ink sm:gap-8 sm:p-10',
        // on paper: most of an A4 page's printable height (297 mm less the 15 mm margins, with room for the
        // page's own spacing so a sheet never spills onto a second page)
        'break-inside-avoid print:min-h-[250mm] print:max-w-none print:p-[14mm]',
        isPageBreak && 'print:break-after-page',
      )}
    >
      <p className="text-right text-std-16N-170">第 {c.certificate_no} 号</p>
      <h2
        id={headingId}
        className="text-center text-std-36B-140 tracking-[0.5em] pl-[0.5em] max-sm:text-std-32B-150 print:text-dsp-48B-140"
      >
        修了証
        {namedHeading && <span className="sr-only">（{c.name}）</span>}
      </h2>
      <dl className="space-y-3 print:space-y-5">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-x-6 sm:grid-cols-[8rem_1fr] print:grid-cols-[36mm_1fr]">
            <dt className="text-std-17B-170">{label}</dt>
            <dd className="wrap-anywhere text-std-20N-150 print:text-std-22N-150">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-std-20N-150 print:mt-[10mm] print:text-std-24N-150">{CERTIFICATE_STATEMENT}</p>
      {/* on paper the date and the signer stand at the foot of the page */}
      <div className="space-y-3 print:mt-auto print:space-y-6">
        <p className="text-std-20N-150">{formatDateJa(c.issued_on)}</p>
        <p className="text-right text-std-24B-150 print:text-std-28B-150">{PROGRAMME_SIGNER}</p>
      </div>
    </article>
  );
}
