import type { CourseApplicantRow } from '@manabi/shared/api';
import { MSG } from '@manabi/shared/validation/messages';
import { isApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { Modal } from '../../ui/modal';
import { usePromote } from './api/intake';

/** What the dialog says about a refused promotion: the server's message, or the usual conflict one. */
function refusal(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.isStale) return MSG.stale;
  if (isApiError(error) && error.errList.length) return error.errList.map((e) => e.msg).join('\n');
  return isApiError(error) ? error.message : String(error);
}

/**
 * 「繰り上げ」 of one 補欠 by hand (decision 015): a confirmation with the person and the rank, then POST
 * promote with the row's updated_at. A refusal (not 補欠, no seat, changed meanwhile) stays in the dialog;
 * success closes it with the person, for the tab's message.
 */
export function PromoteDialog({
  courseId,
  row,
  onClose,
}: {
  courseId: number;
  /** the 補欠 to move up; null = closed */
  row: CourseApplicantRow | null;
  onClose: (promoted: CourseApplicantRow | null) => void;
}) {
  const promote = usePromote();
  const message = refusal(promote.error);

  const close = (promoted: CourseApplicantRow | null) => {
    if (promote.isPending) return;
    promote.reset();
    onClose(promoted);
  };

  return (
    <Modal
      isOpen={row !== null}
      onOpenChange={(open) => !open && close(null)}
      title="補欠の繰り上げ"
      size="sm"
      isCloseDisabled={promote.isPending}
      footer={
        <div className="flex flex-wrap gap-4">
          {!message && (
            <Button
              isPending={promote.isPending}
              pendingLabel="繰り上げ中..."
              onPress={() => {
                if (!row) return;
                promote.mutate(
                  { course_id: courseId, user_id: row.user_id, updated_at: row.updated_at },
                  { onSuccess: () => close(row) },
                );
              }}
            >
              繰り上げる
            </Button>
          )}
          <Button variant="secondary" onPress={() => close(null)} isDisabled={promote.isPending}>
            {message ? '閉じる' : 'やめる'}
          </Button>
        </div>
      }
    >
      {row && (
        <div className="space-y-4">
          <ConfirmList
            items={[
              { label: '学生番号', value: row.login_id },
              { label: '氏名', value: row.name },
              { label: '補欠順位', value: row.waitlist_rank === null ? '' : `補欠${row.waitlist_rank}番` },
            ]}
          />
          {message ? (
            <Alert variant="error" title="繰り上げできませんでした">
              <p className="whitespace-pre-line">{message}</p>
            </Alert>
          ) : (
            <p>
              この方を補欠から繰り上げて「当選」にします。本人にはマイページとメールでお知らせします。よろしいですか。
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
