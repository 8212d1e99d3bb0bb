import { codeText } from '@manabi/shared/codes';
import {
  MERGE_FIELD_KEYS,
  MERGE_FIELDS,
  MERGE_UNDO_DAYS,
  type MergeField,
  type MergePreview,
  type MergeRecord,
  mergeFieldText,
} from '@manabi/shared/schemas/student-merge';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { mergePreviewQuery, useMergeStudents } from './api/student-merge';
import { loginIdText, matchStudentLink, registeredText } from './student-candidates';

type Choices = Record<MergeField, 'keep' | 'other'>;

const OUTCOME_TEXT = {
  stays: 'そのまま',
  moves: '残す登録へ移します',
  cancelled: '取り消します（同じ講座のもう一方の申込を残します）',
} as const;

/**
 * /admin/student/merge/{keepId}/{otherId} (decision 071), authority 1: two records of one person side by
 * side. The office chooses, field by field, which value stays (where they differ), sees what happens to
 * each application and what else moves, then merges: the other record's history, units, lottery places,
 * notices and calls go to the kept one, and its 学生番号 stops working. Undone from the audit viewer within
 * 30 days.
 */
export function Component() {
  const { keepId, otherId } = useParams();
  const keep = Number(keepId);
  const other = Number(otherId);
  const valid = [keep, other].every((n) => Number.isSafeInteger(n) && n > 0) && keep !== other;
  if (!valid) return <Navigate to={paths.admin.notFound()} replace />;
  return <MergeLoader key={`${keep}-${other}`} keepId={keep} otherId={other} />;
}

function MergeLoader({ keepId, otherId }: { keepId: number; otherId: number }) {
  const preview = useQuery(mergePreviewQuery(keepId, otherId));
  if (!preview.data) return <FullPageSpinner />;
  return <MergeForm data={preview.data} onReload={() => void preview.refetch()} />;
}

/** Where the kept record's field is blank and the other's is not, the other's value is the likely one. */
const defaultChoices = (keep: MergeRecord, other: MergeRecord): Choices =>
  Object.fromEntries(
    MERGE_FIELD_KEYS.map((f) => [f, keep.values[f] === '' && other.values[f] !== '' ? 'other' : 'keep']),
  ) as Choices;

function RecordHeading({ label, r }: { label: string; r: MergeRecord }) {
  return (
    <div className="space-y-1">
      <p className="text-std-16B-170">{label}</p>
      <p>
        <TextLink to={matchStudentLink(r)}>{`${r.name}（学生番号 ${loginIdText(r)}）`}</TextLink>
      </p>
      <p className="text-std-16N-170">
        {`${codeText('CD002', r.approval_status)}・${registeredText(r)}・累計単位 ${r.total_units}`}
      </p>
    </div>
  );
}

type Step = 'input' | 'confirm' | 'done';

/**
 * The merge's state: which value stays for each differing field, the step (input, confirm, done), the
 * server's refusal in words, and the call that merges with the fields taken from the other record.
 */
function useMergeForm({ keep, other }: MergePreview) {
  const merge = useMergeStudents();
  const [step, setStep] = useState<Step>('input');
  const [error, setError] = useState('');
  const form = useForm<Choices>({ defaultValues: defaultChoices(keep, other) });
  const differing = MERGE_FIELD_KEYS.filter((f) => keep.values[f] !== other.values[f]);
  const choices = form.watch();
  const fromOther = differing.filter((f) => choices[f] === 'other');

  const submit = async () => {
    setError('');
    try {
      await merge.mutateAsync({
        keep_id: keep.user_id,
        other_id: other.user_id,
        keep_updated_at: keep.updated_at,
        other_updated_at: other.updated_at,
        fields: Object.fromEntries(fromOther.map((f) => [f, 'other'])),
      });
      setStep('done');
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.isStale ? `${e.message}画面を開き直して、もう一度確認してください。` : e.message);
      setStep('input');
    }
  };

  return {
    step,
    setStep,
    error,
    control: form.control,
    differing,
    fromOther,
    submit,
    isPending: merge.isPending,
  };
}

function MergeForm({ data, onReload }: { data: MergePreview; onReload: () => void }) {
  const { keep, other } = data;
  const merge = useMergeForm(data);
  const blocked = data.blockers.length > 0;

  if (merge.step === 'done') return <MergeDone keep={keep} other={other} />;

  return (
    <div className="space-y-8">
      <PageTitle>2つの登録を比べて統合する</PageTitle>
      <p className="text-std-17N-170">
        同じ人の登録が2つあるとき、1つにまとめます。右側（統合する登録）の申込・出欠・単位・お知らせ・電話の記録は、すべて左側（残す登録）に移ります。
      </p>
      {data.reason_text && (
        <p className="text-std-16N-170">{`似ている点：${data.reason_text}（${data.score}点）`}</p>
      )}
      <MergeProblems blockers={data.blockers} error={merge.error} onReload={onReload} />
      <RecordsSection keep={keep} other={other} />
      <FieldsSection
        keep={keep}
        other={other}
        differing={merge.differing}
        control={merge.control}
        isDisabled={merge.step === 'confirm'}
      />
      <ApplicationsSection data={data} />
      {merge.step === 'input' ? (
        <p className="flex flex-wrap gap-4">
          <Button isDisabled={blocked} onPress={() => merge.setStep('confirm')}>
            内容を確認する
          </Button>
          <ButtonLink to={paths.admin.duplicatePairs()} variant="tertiary">
            統合せずに戻る
          </ButtonLink>
        </p>
      ) : (
        <MergeConfirm
          other={other}
          fromOther={merge.fromOther}
          isPending={merge.isPending}
          onMerge={() => void merge.submit()}
          onBack={() => merge.setStep('input')}
        />
      )}
    </div>
  );
}

/** The completion: what was merged into what, that the other 学生番号 no longer logs in, and the ways on. */
function MergeDone({ keep, other }: { keep: MergeRecord; other: MergeRecord }) {
  return (
    <div className="space-y-8">
      <PageTitle>2つの登録を統合しました</PageTitle>
      <Alert variant="success" title="統合完了">
        <p>{`${other.name}（学生番号 ${loginIdText(other)}）の記録を、${keep.name}（学生番号 ${loginIdText(keep)}）にまとめました。`}</p>
        <p>
          {`${other.login_id ? `学生番号 ${other.login_id} ではログインできなくなりました。` : ''}${MERGE_UNDO_DAYS}日以内なら「操作の記録」から取り消せます。`}
        </p>
      </Alert>
      <p className="flex flex-wrap gap-6">
        <ButtonLink to={paths.admin.studentDetail(keep.user_id)}>残した学生の詳細へ</ButtonLink>
        <TextLink to={paths.admin.audit({ student: keep.user_id })}>操作の記録（取り消しはこちら）</TextLink>
        <TextLink to={paths.admin.duplicatePairs()}>重複の疑いがある学生へ</TextLink>
      </p>
    </div>
  );
}

/** Why the merge cannot go ahead as it is, and the server's refusal with the way to read the records again. */
function MergeProblems({
  blockers,
  error,
  onReload,
}: {
  blockers: readonly string[];
  error: string;
  onReload: () => void;
}) {
  return (
    <>
      {blockers.length > 0 && (
        <Alert variant="error" title="このままでは統合できません">
          <ul className="list-disc pl-6">
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Alert>
      )}
      {error && (
        <Alert variant="error" title="統合できませんでした">
          <p>{error}</p>
          <p>
            <Button variant="tertiary" onPress={onReload}>
              最新の内容を読み込む
            </Button>
          </p>
        </Alert>
      )}
    </>
  );
}

/** The two records side by side, and the link that swaps which one is kept. */
function RecordsSection({ keep, other }: { keep: MergeRecord; other: MergeRecord }) {
  return (
    <section aria-labelledby="merge-records-heading" className="space-y-4">
      <h2 id="merge-records-heading" className="text-std-20B-150">
        2つの登録
      </h2>
      <div className="grid gap-4 rounded-8 border border-line p-4 md:grid-cols-2">
        <RecordHeading label="残す登録（学生番号とマイページが残ります）" r={keep} />
        <RecordHeading label="統合する登録（統合済みになります）" r={other} />
      </div>
      <p>
        <TextLink to={paths.admin.studentMerge(other.user_id, keep.user_id)}>
          残す登録と統合する登録を入れ替える
        </TextLink>
      </p>
    </section>
  );
}

/** A choice of value for each field the two records hold differently; the fields alike, named in one line. */
function FieldsSection({
  keep,
  other,
  differing,
  control,
  isDisabled,
}: {
  keep: MergeRecord;
  other: MergeRecord;
  differing: readonly MergeField[];
  control: Control<Choices>;
  isDisabled: boolean;
}) {
  return (
    <section aria-labelledby="merge-fields-heading" className="space-y-4">
      <h2 id="merge-fields-heading" className="text-std-20B-150">
        違いがある項目：どちらの内容を残すか選んでください
      </h2>
      {differing.length === 0 ? (
        <p>すべての項目が同じです。</p>
      ) : (
        <div className="space-y-6">
          {differing.map((f) => (
            <RadioGroup
              key={f}
              control={control}
              name={f}
              label={MERGE_FIELDS[f]}
              isDisabled={isDisabled}
              options={[
                { value: 'keep', label: `残す登録：${mergeFieldText(f, keep.values[f]) || '（空欄）'}` },
                {
                  value: 'other',
                  label: `統合する登録：${mergeFieldText(f, other.values[f]) || '（空欄）'}`,
                },
              ]}
            />
          ))}
        </div>
      )}
      {differing.length < MERGE_FIELD_KEYS.length && (
        <p className="text-std-16N-170">{`同じ内容の項目：${MERGE_FIELD_KEYS.filter(
          (f) => !differing.includes(f),
        )
          .map((f) => MERGE_FIELDS[f])
          .join('、')}`}</p>
      )}
    </section>
  );
}

/** What the merge does to the applications (those that move or are cancelled), the other records and the units. */
function ApplicationsSection({ data }: { data: MergePreview }) {
  const { keep, other } = data;
  // what the merge changes: the other record's applications, and any of either cancelled as a duplicate
  const changing = data.applications.filter((a) => a.outcome !== 'stays');
  const staying = data.applications.length - changing.length;
  return (
    <section aria-labelledby="merge-applications-heading" className="space-y-4">
      <h2 id="merge-applications-heading" className="text-std-20B-150">
        講座の申込
      </h2>
      {changing.length === 0 ? (
        <p>統合する登録には講座の申込がありません。</p>
      ) : (
        <ul className="space-y-3">
          {changing.map((a) => (
            <li key={a.application_id} className="rounded-8 border border-line p-3">
              <p className="text-std-16B-170">{a.course_name}</p>
              <p>
                {`${a.from === 'keep' ? '残す登録' : '統合する登録'}の申込（${codeText('CD003', a.lottery_status)}）：${OUTCOME_TEXT[a.outcome]}`}
              </p>
              {a.frees_seat && (
                <p className="text-std-16B-170">
                  この申込は当選の席を持っています。取り消すと、空いた席はふだんのキャンセルと同じく補欠の方に繰り上がります。
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {staying > 0 && <p>{`残す登録の申込${staying}件は、そのままです。`}</p>}
      {data.moves.length > 0 && (
        <p>{`ほかに移る記録：${data.moves.map((m) => `${m.label} ${m.count}件`).join('、')}`}</p>
      )}
      <p>{`累計単位は合計します（${keep.total_units} ＋ ${other.total_units} ＝ ${keep.total_units + other.total_units}）。`}</p>
    </section>
  );
}

/** The confirm step: the fields taken from the other record, what cannot be undone, 統合する and 選び直す. */
function MergeConfirm({
  other,
  fromOther,
  isPending,
  onMerge,
  onBack,
}: {
  other: MergeRecord;
  fromOther: readonly MergeField[];
  isPending: boolean;
  onMerge: () => void;
  onBack: () => void;
}) {
  return (
    <section aria-labelledby="merge-confirm-heading" className="space-y-4 rounded-8 border-2 border-line p-4">
      <h2 id="merge-confirm-heading" className="text-std-20B-150">
        この内容で統合しますか
      </h2>
      <p>
        {fromOther.length
          ? `統合する登録の内容にする項目：${fromOther.map((f) => MERGE_FIELDS[f]).join('、')}`
          : 'すべての項目で、残す登録の内容を使います。'}
      </p>
      <p>
        {`${other.login_id ? `統合すると、学生番号 ${other.login_id} ではログインできなくなります。` : ''}${MERGE_UNDO_DAYS}日以内なら取り消せます（取り消すまでに申込などが変わった場合を除きます）。`}
      </p>
      <p className="flex flex-wrap gap-4">
        <Button isPending={isPending} pendingLabel="統合しています..." onPress={onMerge}>
          統合する
        </Button>
        <Button variant="tertiary" onPress={onBack}>
          選び直す
        </Button>
      </p>
    </section>
  );
}
