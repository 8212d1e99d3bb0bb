import { formatDateJa } from '@manabi/shared/domain/dates';
import { UNIT_WORDS, unitsText } from '@manabi/shared/domain/units';
import type { Transcript } from '@manabi/shared/schemas/certificate';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { Button, TextLink } from '../../ui/button';
import { courseDateRows, courseTermText, PROGRAMME_NAME } from '../../ui/certificate';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { transcriptQuery } from '../transcript-query';

const units = (n: number) => `${n.toLocaleString('ja-JP')}単位`;

/**
 * /mypage/transcript: 「受講・単位の記録」, every course the student finished (受講済み) with its
 * units and their total, the student's name and number and the issue date — to print, or to show at a
 * counter. On paper and on a wide screen a table; below 640 px (and never on paper) one card per course, so
 * a phone needs no sideways scrolling.
 */
export function Component() {
  const transcript = useQuery(transcriptQuery());
  const data = transcript.data;
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle>受講・単位の記録</PageTitle>
      <div data-print="hide" className="space-y-4">
        <p>受講を終えた講座（受講済み）と取得した単位の記録です。「印刷する」ボタンで印刷できます。</p>
        {data && (
          <p>
            <Button onPress={() => window.print()}>印刷する</Button>
          </p>
        )}
      </div>
      {data ? <TranscriptBody data={data} /> : <FullPageSpinner />}
      <p data-print="hide">
        <TextLink to={paths.mypage.courseAttended()}>受講履歴に戻る</TextLink>
      </p>
    </div>
  );
}

function TranscriptBody({ data }: { data: Transcript }) {
  const total = units(data.acquisition_unit_sum);
  return (
    <div className="space-y-6">
      <dl className="space-y-1">
        <Fact label="学生番号">{data.login_id}</Fact>
        <Fact label="氏名">{data.name_kana ? `${data.name}（${data.name_kana}）` : data.name}</Fact>
        <Fact label="発行日">{formatDateJa(data.issued_on)}</Fact>
      </dl>

      {data.data_list.length === 0 ? (
        <p className="rounded-8 border-2 border-line bg-surface p-4">受講を終えた講座は、まだありません。</p>
      ) : (
        <>
          <table className="hidden w-full border-collapse text-left sm:table print:table">
            <caption className="pb-2 text-left text-std-20B-150">受講した講座と取得単位</caption>
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-4 text-std-16B-170">
                  講座名
                </th>
                <th scope="col" className="py-2 pr-4 text-std-16B-170">
                  実施機関
                </th>
                <th scope="col" className="py-2 pr-4 text-std-16B-170">
                  受講期間
                </th>
                {/* the weekly time in a column of its own: beside the dates it read as part of the period */}
                <th scope="col" className="py-2 pr-4 text-std-16B-170">
                  開催日
                </th>
                <th scope="col" className="whitespace-nowrap py-2 text-right text-std-16B-170">
                  取得単位
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data_list.map((item) => (
                <tr key={item.course_id} className="break-inside-avoid border-b border-line-subtle align-top">
                  <th scope="row" className="wrap-anywhere py-2 pr-4 text-left text-std-17N-170 font-normal">
                    {item.course_name}
                  </th>
                  <td className="wrap-anywhere py-2 pr-4">{item.organ || '－'}</td>
                  <td className="py-2 pr-4">{courseTermText(item) || '－'}</td>
                  <td className="wrap-anywhere py-2 pr-4">{item.period.trim() || '－'}</td>
                  <td className="whitespace-nowrap py-2 text-right">{units(item.acquisition_unit)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-line">
                <th scope="row" colSpan={4} className="py-2 pr-4 text-right text-std-17B-170">
                  {UNIT_WORDS.earned}
                </th>
                <td
                  className="whitespace-nowrap py-2 text-right text-std-17B-170"
                  data-testid="transcript-total"
                >
                  {total}
                </td>
              </tr>
            </tfoot>
          </table>

          {/* the same rows as cards on a phone (the table above is not shown there) */}
          <TranscriptCards data={data} total={total} />
        </>
      )}

      {/* the earned units beside those carried from before, as the office's student detail says them */}
      <p className="text-std-18B-160" data-testid="transcript-units">
        {unitsText({ earned: data.acquisition_unit_sum, carried: data.carried_units })}
      </p>

      <p className="text-right text-std-20B-150">{PROGRAMME_NAME}</p>
    </div>
  );
}

/** The transcript's rows as one card per course, for a phone (never on paper: the table is printed). */
function TranscriptCards({ data, total }: { data: Transcript; total: string }) {
  return (
    <div className="space-y-4 sm:hidden print:hidden">
      <h2 className="text-std-20B-150">受講した講座と取得単位</h2>
      <ul className="space-y-4">
        {data.data_list.map((item) => (
          <li key={item.course_id} className="space-y-1 rounded-8 border-2 border-line bg-canvas p-4">
            <h3 className="wrap-anywhere text-std-18B-160">{item.course_name}</h3>
            <dl className="space-y-1">
              <Fact label="実施機関">{item.organ || '－'}</Fact>
              {courseDateRows(item).map(([label, value]) => (
                <Fact key={label} label={label}>
                  {value}
                </Fact>
              ))}
              <Fact label="取得単位">{units(item.acquisition_unit)}</Fact>
            </dl>
          </li>
        ))}
      </ul>
      <p
        className="rounded-8 border-2 border-primary bg-surface p-4 text-std-20B-150"
        data-testid="transcript-total"
      >
        {UNIT_WORDS.earned} {total}
      </p>
    </div>
  );
}

/** A label/value row that stacks on narrow screens. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-[8rem_1fr]">
      <dt className="text-std-16B-170">{label}</dt>
      <dd className="wrap-anywhere text-std-17N-170">{children}</dd>
    </div>
  );
}
