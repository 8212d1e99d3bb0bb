import { zodResolver } from '@hookform/resolvers/zod';
import type { LotteryResult } from '@manabi/shared/api';
import { lotteryFormSchema, WIN_NUM_MAX_DIGITS } from '@manabi/shared/schemas/applicant';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { useRouteApiError } from '../../lib/area';
import { Alert, Button, FieldRegistryProvider, Modal, TextInput } from '../../ui';
import { useLottery } from './api/applicant-list';

export interface LotteryModalProps {
  courseId: number;
  isOpen: boolean;
  /** `drawn` is true when a lottery ran (SPEC §2: the page then reloads to the applicant tab). */
  onClose: (drawn: boolean) => void;
  /** Applicants still waiting for the draw (抽選待ち), shown as a guide. */
  undrawnCount: number;
}

/**
 * The lottery modal (SPEC §2 / §5): the number of winners (required, at most 10 digits, a positive integer
 * without a leading zero: 「1以上の数値のみを入力してください」) → 抽選する → the completion message.
 * Only applicants still 抽選待ち are drawn (docs/decisions/004-lottery.md).
 */
export function LotteryModal({ courseId, isOpen, onClose, undrawnCount }: LotteryModalProps) {
  const lottery = useLottery();
  const routeError = useRouteApiError();
  const [done, setDone] = useState<LotteryResult | null>(null);
  const form = useForm({ resolver: zodResolver(lotteryFormSchema), defaultValues: { win_num: '' } });

  const close = () => {
    if (lottery.isPending) return;
    const drawn = done !== null;
    setDone(null);
    form.reset({ win_num: '' });
    lottery.reset();
    onClose(drawn);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      setDone(await lottery.mutateAsync({ id: courseId, win_num: String(values.win_num) }));
    } catch (error) {
      if (isApiError(error) && error.isFieldError) {
        for (const item of error.errList) form.setError('win_num', { type: 'server', message: item.msg });
        form.setFocus('win_num');
        return;
      }
      close();
      routeError(error);
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title="抽選"
      size="sm"
      isCloseDisabled={lottery.isPending}
      footer={
        done ? (
          <Button variant="secondary" onPress={close} autoFocus>
            閉じる
          </Button>
        ) : (
          <Button type="submit" form="lottery-form" isPending={lottery.isPending} pendingLabel="抽選中...">
            抽選する
          </Button>
        )
      }
    >
      {done ? (
        <Alert variant="success" title="抽選が完了しました">
          <p>
            当選 {done.win_count}人、落選 {done.lose_count}人です。閉じると申込者一覧を読み込み直します。
          </p>
        </Alert>
      ) : (
        <FieldRegistryProvider>
          <form id="lottery-form" noValidate onSubmit={submit} className="space-y-4">
            <p>
              抽選待ちの申込者 {undrawnCount}人
              の中から当選者を選びます。抽選待ち以外の申込者の抽選状況は変わりません。
            </p>
            <TextInput
              control={form.control}
              name="win_num"
              label="当選者数"
              isRequired
              inputMode="numeric"
              autoComplete="off"
              maxLength={WIN_NUM_MAX_DIGITS}
              width="sm"
              suffix="人"
              description="1以上の数字で入力してください。"
            />
          </form>
        </FieldRegistryProvider>
      )}
    </Modal>
  );
}
