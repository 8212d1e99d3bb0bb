import { zodResolver } from '@hookform/resolvers/zod';
import type { IntakeSettings, LotteryResult } from '@manabi/shared/api';
import { CONFIRM_DAYS_MAX, LOTTERY_TIERS } from '@manabi/shared/domain/intake';
import { intakeOptionFields, lotteryFormSchema, WIN_NUM_MAX_DIGITS } from '@manabi/shared/schemas/applicant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useRouteApiError } from '../../lib/area';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Checkbox } from '../../ui/choice-fields';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { Modal } from '../../ui/modal';
import { TextInput } from '../../ui/text-input';
import { useLottery } from './api/applicant-list';
import { intakeQuery } from './api/intake';
import { TierPicker } from './tier-picker';

export interface LotteryModalProps {
  courseId: number;
  isOpen: boolean;
  /** `drawn` is true when a lottery ran (SPEC §2: the page then reloads to the applicant tab). */
  onClose: (drawn: boolean) => void;
  /** Applicants still waiting for the draw (抽選待ち), shown as a guide. */
  undrawnCount: number;
}

/** The modal's form: SPEC's 当選者数 plus the intake cycle's options (decision 015). */
const lotteryModalSchema = z.object({
  win_num: lotteryFormSchema.shape.win_num,
  waitlist: z.boolean(),
  confirm_days: intakeOptionFields().confirm_days,
  tiers: z.array(z.enum(LOTTERY_TIERS)),
});
type LotteryModalForm = z.input<typeof lotteryModalSchema>;

const FIELDS = ['win_num', 'waitlist', 'confirm_days', 'tiers'] as const;

/** The form's starting values: the course's saved settings when there are some. */
export function lotteryDefaults(intake: IntakeSettings | undefined): LotteryModalForm {
  return {
    win_num: intake?.seats ? String(intake.seats) : '',
    waitlist: intake?.waitlist === '1',
    confirm_days: intake?.confirm_days ?? '',
    tiers: intake ? [...intake.tiers] : [],
  };
}

/**
 * The lottery modal (SPEC §2 / §5, decision 015): the number of winners (required, a positive integer
 * without a leading zero), whether the others wait as ranked 補欠, the days winners have to confirm, and
 * priority tiers, prefilled from the course's intake settings → 抽選する → the counts and a link to the
 * lottery record. Only applicants still 抽選待ち are drawn (docs/decisions/004-lottery.md).
 */
export function LotteryModal({ courseId, isOpen, onClose, undrawnCount }: LotteryModalProps) {
  const lottery = useLottery();
  const routeError = useRouteApiError();
  const intake = useQuery({ ...intakeQuery(courseId), enabled: isOpen });
  const [done, setDone] = useState<LotteryResult | null>(null);
  const form = useForm<LotteryModalForm>({
    resolver: zodResolver(lotteryModalSchema),
    defaultValues: lotteryDefaults(undefined),
  });

  const intakeKey = intake.data?.updated_at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: intakeKey stands for the settings read
  useEffect(() => {
    if (intake.data && !form.formState.isDirty) form.reset(lotteryDefaults(intake.data));
  }, [intakeKey, intake.data !== undefined, form]);

  const close = () => {
    if (lottery.isPending) return;
    const drawn = done !== null;
    setDone(null);
    form.reset(lotteryDefaults(intake.data));
    lottery.reset();
    onClose(drawn);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      setDone(
        await lottery.mutateAsync({
          id: courseId,
          win_num: String(values.win_num),
          waitlist: values.waitlist ? '1' : '0',
          confirm_days: String(values.confirm_days ?? ''),
          tiers: values.tiers ?? [],
        }),
      );
    } catch (error) {
      if (isApiError(error) && error.isFieldError) {
        let first: (typeof FIELDS)[number] | null = null;
        for (const item of error.errList) {
          const name = FIELDS.find((f) => f === item.name) ?? 'win_num';
          form.setError(name, { type: 'server', message: item.msg });
          first ??= name;
        }
        if (first) form.setFocus(first);
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
      size="md"
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
        <div className="space-y-4">
          <Alert variant="success" title="抽選が完了しました">
            <p>
              {done.wait_count > 0
                ? `当選 ${done.win_count}人、補欠 ${done.wait_count}人、落選 ${done.lose_count}人です。`
                : `当選 ${done.win_count}人、落選 ${done.lose_count}人です。`}
            </p>
            <p>閉じると申込者一覧を読み込み直します。</p>
          </Alert>
          <p>
            <TextLink to={paths.admin.courseLottery(courseId)}>抽選記録を見る</TextLink>
          </p>
        </div>
      ) : (
        <FieldRegistryProvider>
          <form id="lottery-form" noValidate onSubmit={submit} className="space-y-6">
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
            <Checkbox
              control={form.control}
              name="waitlist"
              label="落選者を補欠にする（補欠順位をつける）"
              description="当選者が辞退・キャンセルしたときに、補欠の番号の順に繰り上げます。"
            />
            <TextInput
              control={form.control}
              name="confirm_days"
              label="受講確定の期限（抽選日から○日）"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              width="sm"
              suffix="日"
              description={`1〜${CONFIRM_DAYS_MAX}の数字で入力してください。空欄のときは、当選者の受講確定は不要です。`}
            />
            <Controller
              control={form.control}
              name="tiers"
              render={({ field }) => (
                <TierPicker
                  value={field.value ?? []}
                  onChange={field.onChange}
                  isDisabled={lottery.isPending}
                />
              )}
            />
            {form.formState.errors.tiers?.message && (
              <p className="text-std-16B-170 text-error">{form.formState.errors.tiers.message}</p>
            )}
          </form>
        </FieldRegistryProvider>
      )}
    </Modal>
  );
}
