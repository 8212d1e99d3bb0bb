import type { LotteryRunSummary, LotteryVerify } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useRouteApiError } from '../../lib/area';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { CsvDownload, downloadText } from '../../ui/csv-download';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { useCourseDetail } from './api/courses';
import { fetchLotteryRecord, lotteryRunsQuery, useVerifyRun } from './api/intake';
import {
  promotionText,
  RECORD_CSV_HEADER,
  recordCsvRows,
  recordFileName,
  recordJson,
  tiersText,
  winNumText,
} from './lottery-record';

/**
 * /admin/course/detail/{id}/lottery (decision 015): the course's draws, newest first, each with its record
 * as JSON (what anyone can verify with `npm run lottery:verify`: the README tells IT, the screen speaks to
 * the office), the drawn order as CSV, and 再検証 (the server draws the record again and compares each
 * step). Authority 1 only.
 */
export function Component() {
  const { id } = useParams();
  const courseId = Number(id);
  const detail = useCourseDetail(courseId);
  const runs = useQuery(lotteryRunsQuery(courseId));
  const course = detail.data;

  if (!course || !runs.data) return <FullPageSpinner />;
  const code = 'course_id' in course ? course.course_id : undefined;
  return (
    <div className="space-y-8">
      <PageTitle>抽選記録</PageTitle>
      <p className="text-std-20B-150 text-ink">{course.course_name}</p>

      <section aria-labelledby="verify-how" className="space-y-2">
        <h2 id="verify-how" className="text-std-20B-150 text-ink">
          抽選が正しく行われたことの確かめ方
        </h2>
        <p>
          抽選では、結果を決める前に乱数（シード）を作り、その値から全員の順番を計算しています。記録には、そのシードと、申込者ごとの照合用の値が残っています。
        </p>
        <p>
          各記録の「再検証」を押すと、記録からもう一度同じ計算をして、結果が記録と一致するかを確かめます。
          「一致しました」と出れば、抽選のあとで結果が書き換えられていないことが確かめられます。
        </p>
        <p>
          申込者などから抽選の公正さを問われたときは、「記録をJSONでダウンロード」したファイルをお渡しできます。ファイルには氏名などの個人情報は含まれていません。
        </p>
      </section>

      <section aria-labelledby="runs-title" className="space-y-6">
        <h2 id="runs-title" className="text-std-20B-150 text-ink">
          抽選の記録（新しい順）
        </h2>
        {runs.data.data_list.length === 0 ? (
          <p>この講座はまだ抽選していません。</p>
        ) : (
          <ol className="space-y-8">
            {runs.data.data_list.map((run) => (
              <li key={run.id}>
                <RunCard run={run} courseCode={code} courseId={courseId} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <li>
          <TextLink to={paths.admin.courseDetail(courseId, 1)}>講座詳細へ戻る</TextLink>
        </li>
        <li>
          <TextLink to={paths.admin.courseDetail(courseId, 2)}>申込者一覧へ</TextLink>
        </li>
      </ul>
    </div>
  );
}

function RunCard({
  run,
  courseCode,
  courseId,
}: {
  run: LotteryRunSummary;
  courseCode: string | undefined;
  courseId: number;
}) {
  const routeError = useRouteApiError();
  const verify = useVerifyRun();
  const [isSaving, setIsSaving] = useState(false);
  const titleId = `run-${run.id}`;

  const saveJson = async () => {
    setIsSaving(true);
    try {
      const record = await fetchLotteryRecord(run.id);
      downloadText(
        recordFileName(courseCode, courseId, run.id),
        recordJson(record),
        'application/json;charset=utf-8',
      );
    } catch (error) {
      routeError(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-8 border-2 border-line p-4 sm:p-6">
      <h3 id={titleId} className="text-std-17B-170 text-ink">
        {formatDateTimeJa(run.drawn_at)} の抽選（記録番号 {run.id}）
      </h3>
      <ConfirmList
        items={[
          { label: '日時', value: formatDateTimeJa(run.drawn_at) },
          { label: '実施者', value: run.admin_name },
          { label: '当選者数', value: winNumText(run.win_num) },
          { label: '対象人数', value: `${run.pool_size}人` },
          {
            label: '結果',
            value: `当選 ${run.win_count}人、補欠 ${run.wait_count}人、落選 ${run.lose_count}人`,
          },
          { label: '補欠', value: run.waitlist ? '落選者を補欠にする' : 'なし' },
          {
            label: '受講確定の期限',
            value: run.confirm_days === null ? '確定は不要' : `抽選日から${run.confirm_days}日`,
          },
          { label: '優先する区分', value: tiersText(run.tiers) },
          ...(run.override_reason === null
            ? []
            : [{ label: '申込期間中に抽選した理由', value: run.override_reason }]),
        ]}
      />
      <RunPromotions run={run} titleId={`${titleId}-promotions`} />
      <div className="flex flex-wrap gap-4">
        <Button
          variant="secondary"
          onPress={() => void saveJson()}
          isPending={isSaving}
          pendingLabel="作成中..."
        >
          記録をJSONでダウンロード
        </Button>
        <CsvDownload
          prefix={`抽選記録_${courseCode || courseId}_${run.id}`}
          header={RECORD_CSV_HEADER}
          getRows={async () => recordCsvRows(await fetchLotteryRecord(run.id))}
          label="CSVでダウンロード"
        />
        <Button
          variant="secondary"
          onPress={() => verify.mutate(run.id)}
          isPending={verify.isPending}
          pendingLabel="再検証中..."
        >
          再検証
        </Button>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {verify.data && <VerifyResult result={verify.data} />}
      </div>
    </article>
  );
}

/**
 * The promotions of this draw's 補欠 (decision 086): a 繰り上げ is not a draw and has no record of its own; the
 * draw's record (its result above, the JSON and the CSV) stays as drawn.
 */
function RunPromotions({ run, titleId }: { run: LotteryRunSummary; titleId: string }) {
  if (run.promotions.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h4 id={titleId} className="text-std-17B-170 text-ink">
        この抽選の補欠からの繰り上げ（{run.promotions.length}人）
      </h4>
      <ul className="list-disc space-y-1 pl-6">
        {run.promotions.map((p) => (
          <li key={`${p.application_id}-${p.promoted_at}`} className="wrap-anywhere">
            {promotionText(p)}
          </li>
        ))}
      </ul>
      <p className="text-std-16N-170">
        繰り上げは抽選ではないため、上の「結果」と記録のファイルは抽選したときのままです。
      </p>
    </section>
  );
}

function VerifyResult({ result }: { result: LotteryVerify }) {
  return (
    <Alert
      variant={result.match ? 'success' : 'error'}
      announce={false}
      title={result.match ? '一致しました' : '一致しませんでした'}
    >
      <ul className="space-y-1">
        {result.checks.map((check) => (
          <li key={check.name}>
            <span aria-hidden="true" className="inline-block w-6 text-std-16B-170">
              {check.ok ? '○' : '×'}
            </span>
            {check.label}
            <span className="sr-only">{check.ok ? '：一致' : '：不一致'}</span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
