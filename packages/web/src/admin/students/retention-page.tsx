import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  RETENTION_KINDS,
  RETENTION_YEARS_MAX,
  RETENTION_YEARS_MIN,
  type RetentionCandidates,
  type RetentionPolicy,
  retentionUpdateBodySchema,
} from '@manabi/shared/schemas/lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import {
  retentionCandidatesQuery,
  retentionPolicyQuery,
  updateRetention,
  useRunRetention,
} from './api/student-lifecycle';

type Candidate = RetentionCandidates['list'][number];

const columns: Column<Candidate>[] = [
  {
    key: 'student',
    header: '学生',
    isRowHeader: true,
    render: (c) => (
      <TextLink
        to={paths.admin.studentDetail(c.user_id)}
      >{`${c.name || '（氏名なし）'}（${c.login_id ?? '承認前'}）`}</TextLink>
    ),
  },
  { key: 'kind', header: '種類', render: (c) => RETENTION_KINDS[c.kind].label },
  { key: 'since', header: '起算日', render: (c) => formatDateJa(c.since) },
  { key: 'due', header: '保存期間の終わり', render: (c) => formatDateJa(c.due_on) },
];

const YEAR_FIELDS = {
  withdrawn: 'withdrawn_years',
  graduated: 'graduated_years',
  rejected: 'rejected_years',
  merged: 'merged_years',
} as const;

/**
 * /admin/retention 「個人情報の保存期間」 (decision 072), authority 1: how many years the personal data of
 * each kind of ended record is kept and whether the monthly job removes it by itself; who is past the rule
 * today (the dry run, oldest first); and 「今すぐ消去する」 for exactly that list.
 */
export function Component() {
  const policy = useQuery(retentionPolicyQuery());
  const p = policy.data;
  if (!p) return <FullPageSpinner />;
  return (
    <div className="space-y-10">
      <PageTitle>個人情報の保存期間</PageTitle>
      <p className="text-std-17N-170">
        退会・修了・却下・統合で活動を終えた学生の個人情報（氏名、フリガナ、連絡先、町名より後の住所、生年月日の月日、備考など）は、決めた年数を過ぎると消去します。受講の記録と、統計に使う町名・性別・年齢（年度末）・期生は残ります。
      </p>
      <PolicyForm key={p.updated_at} policy={p} />
      <Candidates policy={p} />
      <p>
        <TextLink to={paths.admin.audit()}>操作の記録を見る</TextLink>
      </p>
    </div>
  );
}

function PolicyForm({ policy }: { policy: RetentionPolicy }) {
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="retention-rule" className="space-y-4">
      <h2 id="retention-rule" className="text-std-20B-150">
        保存する年数
      </h2>
      <p>
        {policy.last_run_at
          ? `最後に消去した日時：${formatDateTimeJa(policy.last_run_at)}`
          : 'まだ消去したことはありません。'}
      </p>
      <StepForm
        schema={retentionUpdateBodySchema}
        defaultValues={{
          withdrawn_years: String(policy.withdrawn_years),
          graduated_years: String(policy.graduated_years),
          rejected_years: String(policy.rejected_years),
          merged_years: String(policy.merged_years),
          auto: policy.auto,
          updated_at: policy.updated_at,
        }}
        skipConfirm
        showSteps={false}
        headings={{ input: '年数の設定', complete: '保存期間を変更しました' }}
        submitLabel="変更する"
        pendingLabel="変更中..."
        onSubmit={async (values) => {
          const next = await updateRetention(values);
          await queryClient.invalidateQueries({ queryKey: ['admin', 'students', 'lifecycle', 'retention'] });
          return next;
        }}
        renderInput={({ control }) => (
          <>
            {(Object.keys(YEAR_FIELDS) as (keyof typeof YEAR_FIELDS)[]).map((k) => (
              <TextInput
                key={k}
                control={control}
                name={YEAR_FIELDS[k]}
                label={`${RETENTION_KINDS[k].label}（年）`}
                description={`${RETENTION_KINDS[k].from}から数えます（${RETENTION_YEARS_MIN}〜${RETENTION_YEARS_MAX}年）`}
                inputMode="numeric"
                isRequired
                maxLength={2}
                width="sm"
              />
            ))}
            <RadioGroup
              control={control}
              name="auto"
              label="毎月の自動消去"
              options={[
                { value: '1', label: '毎月1回、自動で消去する' },
                { value: '0', label: '自動では消去しない（この画面から消去する）' },
              ]}
              isRequired
            />
          </>
        )}
        renderConfirm={() => null}
        renderComplete={() => (
          <Alert variant="success" title="保存期間を変更しました" announce={false}>
            <p>下の一覧は新しい年数で数え直しています。</p>
          </Alert>
        )}
      />
    </section>
  );
}

function Candidates({ policy }: { policy: RetentionPolicy }) {
  const table = useTableUrlState({ defaultPageSize: 50, pageSizeOptions: [50] });
  const list = useQuery(retentionCandidatesQuery(table.state.page));
  const run = useRunRetention();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const total = list.data?.total ?? policy.due;

  const submit = async () => {
    setMessage(null);
    setConfirming(false);
    try {
      const r = await run.mutateAsync(total);
      setMessage({ ok: true, text: `${r.anonymized}人の個人情報を消去しました。` });
    } catch (e) {
      if (!isApiError(e)) throw e;
      setMessage({ ok: false, text: e.message });
    }
  };

  return (
    <section aria-labelledby="retention-due" className="space-y-4">
      <h2 id="retention-due" className="text-std-20B-150">
        保存期間を過ぎた学生（消去の対象）
      </h2>
      <p>
        {policy.auto === '1'
          ? '毎月1回、自動で消去します。今すぐ消去することもできます。'
          : '自動では消去しません。内容を確かめて、今すぐ消去してください。'}
      </p>
      <DataTable
        caption="保存期間を過ぎた学生"
        columns={columns}
        rows={list.data?.list ?? []}
        total={total}
        rowKey={(c) => c.user_id}
        isLoading={list.isFetching}
        loadingLabel="読み込み中..."
        emptyText="保存期間を過ぎた学生はいません。"
        pageSizeOptions={[50]}
        {...table}
      />
      {message && (
        <Alert
          variant={message.ok ? 'success' : 'error'}
          title={message.ok ? '消去しました' : '消去できませんでした'}
        >
          <p>{message.text}</p>
        </Alert>
      )}
      {total > 0 && !confirming && (
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {`${total}人の個人情報を今すぐ消去する`}
        </Button>
      )}
      {total > 0 && confirming && (
        <div className="space-y-3 rounded-8 border border-line p-4">
          <p className="text-std-17B-170">{`一覧の${total}人の個人情報を消去します。消去した個人情報は元に戻せません。よろしいですか。`}</p>
          <div className="flex flex-wrap gap-4">
            <Button
              variant="danger"
              isPending={run.isPending}
              pendingLabel="消去しています..."
              onPress={() => void submit()}
            >
              消去する
            </Button>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              やめる
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
