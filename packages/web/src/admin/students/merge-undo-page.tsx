import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { MERGE_UNDO_DAYS } from '@manabi/shared/schemas/student-merge';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { mergeDetailQuery, useUndoMerge } from './api/student-merge';

/**
 * /admin/student/merge/undo/{id} (decision 071), authority 1, opened from the audit viewer: one merge — who
 * was kept, who was merged, when and by whom — and its undo while it can be done (within 30 days, nothing
 * it moved changed since); otherwise what blocks it, in words.
 */
export function Component() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return <Navigate to={paths.admin.notFound()} replace />;
  return <UndoMerge id={n} />;
}

function UndoMerge({ id }: { id: number }) {
  const detail = useQuery(mergeDetailQuery(id));
  const undo = useUndoMerge();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const d = detail.data;
  if (!d) return <FullPageSpinner />;
  const who = (p: typeof d.kept) => `${p.name}（学生番号 ${p.login_id ?? '承認前'}）`;

  const submit = async () => {
    setError('');
    try {
      await undo.mutateAsync(id);
      setDone(true);
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.message);
      void detail.refetch();
    }
  };

  return (
    <div className="space-y-8">
      <PageTitle>学生の統合の取り消し</PageTitle>
      <dl className="grid gap-x-6 gap-y-2 rounded-8 border border-line p-4 sm:grid-cols-[auto_1fr]">
        <dt className="text-std-16B-170">残した学生</dt>
        <dd>
          <TextLink to={paths.admin.studentDetail(d.kept.user_id)}>{who(d.kept)}</TextLink>
        </dd>
        <dt className="text-std-16B-170">統合した学生</dt>
        <dd>
          <TextLink to={paths.admin.studentDetail(d.merged.user_id)}>{who(d.merged)}</TextLink>
        </dd>
        <dt className="text-std-16B-170">統合した日時</dt>
        <dd>{`${formatDateTimeJa(d.merged_at)}（${d.admin_name || '職員'}）`}</dd>
        <dt className="text-std-16B-170">統合した側の値にした項目</dt>
        <dd>{d.fields.length ? d.fields.join('、') : 'なし'}</dd>
        <dt className="text-std-16B-170">移した申込</dt>
        <dd>{`${d.applications_moved}件`}</dd>
      </dl>
      {done || d.undone_at ? (
        <Alert variant="success" title="取り消しました">
          <p>{`2つの登録を統合の前の状態に戻しました${d.undone_at ? `（${formatDateTimeJa(d.undone_at)}）` : ''}。統合した学生は、もとの学生番号でまたログインできます。`}</p>
        </Alert>
      ) : d.blockers.length > 0 ? (
        <Alert variant="warning" title="この統合は取り消せません">
          <ul className="list-disc pl-6">
            {d.blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <section aria-labelledby="undo-heading" className="space-y-4">
          <h2 id="undo-heading" className="text-std-20B-150">
            統合を取り消しますか
          </h2>
          <p>{`統合した学生の申込・お知らせ・電話の記録などを元の登録に戻し、残した学生の内容も統合の前に戻します。取り消せるのは ${formatDateTimeJa(d.undo_until)} まで（統合から${MERGE_UNDO_DAYS}日）です。`}</p>
          {error && (
            <Alert variant="error" title="取り消せませんでした">
              {error}
            </Alert>
          )}
          <Button
            variant="danger"
            isPending={undo.isPending}
            pendingLabel="取り消しています..."
            onPress={() => void submit()}
          >
            統合を取り消す
          </Button>
        </section>
      )}
      <p>
        <TextLink to={paths.admin.audit({ student: d.kept.user_id })}>操作の記録へ戻る</TextLink>
      </p>
    </div>
  );
}
