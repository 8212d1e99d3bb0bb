import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseApplicantDetail } from '@manabi/shared/api';
import {
  PROXY_CHANNELS,
  PROXY_NOTE_MAX,
  type ProxyDecisionForm,
  proxyDecisionBodySchema,
} from '@manabi/shared/schemas/contact';
import { MSG } from '@manabi/shared/validation/messages';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { placeFieldErrors } from '../../ui/field-errors';
import { Modal } from '../../ui/modal';
import { TextArea } from '../../ui/text-input';
import { useProxyDecision } from './api/applicants';

type Field = 'decision' | 'channel' | 'note';
const FIELDS: readonly Field[] = ['decision', 'channel', 'note'];

const CHANNEL_OPTIONS = Object.entries(PROXY_CHANNELS).map(([value, label]) => ({ value, label }));

/** Whether the seat still has a confirmation to take (a deadline, not yet confirmed). */
export const canConfirm = (a: Pick<CourseApplicantDetail, 'confirm_by' | 'confirmed_at'>) =>
  a.confirm_by !== null && a.confirmed_at === null;

type Done = 'confirm' | 'decline' | null;

/**
 * The dialog's form and call: confirm is the default while the seat can still be confirmed; the server's
 * field refusals go to their fields, a stale seat and any other refusal are said in words.
 */
function useProxyDecisionForm(applicant: CourseApplicantDetail, onClose: (done: Done) => void) {
  const decide = useProxyDecision();
  const form = useForm<ProxyDecisionForm>({
    resolver: zodResolver(proxyDecisionBodySchema),
    defaultValues: {
      course_id: applicant.course_id,
      user_id: applicant.user_id,
      updated_at: applicant.updated_at,
      decision: canConfirm(applicant) ? 'confirm' : 'decline',
      channel: '2',
      note: '',
    },
  });
  const stale = isApiError(decide.error) && decide.error.isStale;
  const refused =
    isApiError(decide.error) && !decide.error.isFieldError && !stale ? decide.error.message : null;

  const close = (done: Done) => {
    if (decide.isPending) return;
    decide.reset();
    form.reset();
    onClose(done);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await decide.mutateAsync({ ...values, updated_at: applicant.updated_at });
      close(values.decision as 'confirm' | 'decline');
    } catch (error) {
      if (!isApiError(error) || !error.isFieldError) return;
      // the seat's own refusals (not a winner, nothing to confirm) are about the choice made
      const first = placeFieldErrors(form.setError, error.errList, FIELDS, 'decision');
      if (first) form.setFocus(first);
    }
  });

  return { control: form.control, stale, refused, close, submit, isPending: decide.isPending };
}

/**
 * 「本人の意思を確認して代理で手続き」 (decision 065): the office confirms or declines a winner's seat for the
 * student — by telephone, at the counter, by post or FAX — with a note of what was said. The server takes the
 * student's own path (a decline moves the top 補欠 up) and records who did it; the student is told.
 */
export function ProxyDecisionDialog({
  applicant,
  isOpen,
  onClose,
}: {
  applicant: CourseApplicantDetail;
  isOpen: boolean;
  onClose: (done: Done) => void;
}) {
  const { control, stale, refused, close, submit, isPending } = useProxyDecisionForm(applicant, onClose);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close(null)}
      title="代理で確定・辞退"
      isCloseDisabled={isPending}
      footer={<ProxyDecisionFooter stale={stale} isPending={isPending} onCancel={() => close(null)} />}
    >
      <form id="proxy-decision-form" onSubmit={submit} noValidate className="space-y-6">
        <ConfirmList
          items={[
            { label: '学生番号', value: applicant.login_id },
            { label: '氏名', value: applicant.name },
            { label: '講座', value: applicant.course_name },
          ]}
        />
        {stale && (
          <Alert variant="error" title="手続きできませんでした">
            <p>{MSG.stale}</p>
          </Alert>
        )}
        {refused && (
          <Alert variant="error" title="手続きできませんでした">
            <p>{refused}</p>
          </Alert>
        )}
        <RadioGroup
          control={control}
          name="decision"
          label="ご本人のご意向"
          isRequired
          orientation="vertical"
          options={[
            { value: 'confirm', label: '受講する（受講を確定する）', isDisabled: !canConfirm(applicant) },
            { value: 'decline', label: '受講しない（辞退する。補欠の方が繰り上がります）' },
          ]}
        />
        <RadioGroup
          control={control}
          name="channel"
          label="確認した方法"
          isRequired
          options={CHANNEL_OPTIONS}
        />
        <TextArea
          control={control}
          name="note"
          label="確認した内容"
          isRequired
          rows={3}
          maxLength={PROXY_NOTE_MAX}
          description="どなたと話し、何を確認したかを書いてください（返信票なら、届いた日と✓のついた方）。申込の記録と操作履歴に残ります。"
        />
        <p>
          ご本人にはマイページ（メールを受け取る方にはメールでも）で、事務局が手続きしたことをお知らせします。
        </p>
      </form>
    </Modal>
  );
}

/** この内容で手続きする (not once the seat is stale) and やめる, or 閉じる when it is. */
function ProxyDecisionFooter({
  stale,
  isPending,
  onCancel,
}: {
  stale: boolean;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-4">
      {!stale && (
        <Button type="submit" form="proxy-decision-form" isPending={isPending} pendingLabel="記録中...">
          この内容で手続きする
        </Button>
      )}
      <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
        {stale ? '閉じる' : 'やめる'}
      </Button>
    </div>
  );
}
