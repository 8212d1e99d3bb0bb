import { zodResolver } from '@hookform/resolvers/zod';
import type { IntakeSettings, LotteryBody, LotteryPreview, LotteryResult } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { CONFIRM_DAYS_MAX, LOTTERY_TIERS } from '@manabi/shared/domain/intake';
import {
  APPLICANT_MSG,
  intakeOptionFields,
  LOTTERY_OVERRIDE_REASON_MAX,
  lotteryBodySchema,
  lotteryFormSchema,
  WIN_NUM_MAX_DIGITS,
} from '@manabi/shared/schemas/applicant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useRouteApiError } from '../../lib/area';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Checkbox } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { placeFieldErrors } from '../../ui/field-errors';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { Modal } from '../../ui/modal';
import { TextArea, TextInput } from '../../ui/text-input';
import { useLottery } from './api/applicant-list';
import { intakeQuery, lotteryPreviewQuery } from './api/intake';
import { ConfirmDaysField } from './confirm-days-field';
import { tiersText } from './lottery-record';
import { TierPicker } from './tier-picker';

export interface LotteryModalProps {
  courseId: number;
  isOpen: boolean;
  /** `drawn` is true when a lottery ran (SPEC §2: the page then reloads to the applicant tab). */
  onClose: (drawn: boolean) => void;
  /** Applicants still waiting for the draw (抽選待ち), shown until the server's preview is read. */
  undrawnCount: number;
}

/** The modal's form: SPEC's 当選者数, the intake cycle's options (decision 015) and the reason to draw early. */
const lotteryModalSchema = z.object({
  win_num: lotteryFormSchema.shape.win_num,
  waitlist: z.boolean(),
  confirm_days: intakeOptionFields().confirm_days,
  tiers: z.array(z.enum(LOTTERY_TIERS)),
  override_reason: lotteryBodySchema.shape.override_reason,
});
type LotteryModalForm = z.input<typeof lotteryModalSchema>;

const FIELDS = ['win_num', 'waitlist', 'confirm_days', 'tiers', 'override_reason'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The form's starting values: 当選者数 is the seats the course's 定員 leaves (all of it before the first
 * draw); a course without 定員 offers its last draw's winners. The rest are the saved settings.
 */
export function lotteryDefaults(
  intake: IntakeSettings | undefined,
  preview?: Pick<LotteryPreview, 'capacity' | 'winners'>,
): LotteryModalForm {
  const free = preview?.capacity == null ? null : preview.capacity - preview.winners;
  const winNum = free === null ? (intake?.seats ? String(intake.seats) : '') : free > 0 ? String(free) : '';
  return {
    win_num: winNum,
    waitlist: intake?.waitlist === '1',
    confirm_days: intake?.confirm_days ?? '',
    tiers: intake ? [...intake.tiers] : [],
    override_reason: '',
  };
}

/** The last step's sentence: who will be told, by mail too, and that it is final. */
export const drawOutcomeText = (p: Pick<LotteryPreview, 'notify_count' | 'mail_count'>): string =>
  `${p.notify_count}人に結果をお知らせします（うちメール ${p.mail_count}人）。取り消せません。`;

/**
 * The modal's form: the course's settings become its defaults once read (unless the office has typed
 * already), and a field the server refused takes focus when the form step shows again.
 */
function useLotteryForm(
  intake: IntakeSettings | undefined,
  preview: LotteryPreview | undefined,
  step: 'form' | 'confirm',
) {
  const [focus, setFocus] = useState<Field | null>(null);
  const form = useForm<LotteryModalForm>({
    resolver: zodResolver(lotteryModalSchema),
    defaultValues: lotteryDefaults(undefined),
  });
  const loaded = intake !== undefined && preview !== undefined;
  const intakeKey = intake?.updated_at;
  // read while rendering, so the form tracks it from the first keystroke: a reason typed while the
  // settings still load is the user's, and the defaults must not wipe it
  const { isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: intakeKey stands for the settings read
  useEffect(() => {
    if (loaded && !isDirty) form.reset(lotteryDefaults(intake, preview));
  }, [intakeKey, loaded, form]);

  useEffect(() => {
    if (step === 'form' && focus) {
      form.setFocus(focus);
      setFocus(null);
    }
  }, [step, focus, form]);
  return { form, loaded, setFocus };
}

/** The draw's request from the form (the reason only while the application period is open). */
function lotteryBody(courseId: number, values: LotteryModalForm, periodOpen: boolean): LotteryBody {
  return {
    id: courseId,
    win_num: String(values.win_num),
    waitlist: values.waitlist ? '1' : '0',
    confirm_days: String(values.confirm_days ?? ''),
    tiers: values.tiers ?? [],
    override_reason: periodOpen ? String(values.override_reason ?? '') : '',
  };
}

/**
 * The lottery modal (SPEC §2 / §5, decisions 015 and 034): the number of winners (prefilled from 定員),
 * whether the others wait as ranked 補欠, the days winners have to confirm, and priority tiers → 確認へ進む →
 * what will happen (how many are told, how many by mail, that it cannot be undone) → 抽選する → the counts
 * and a link to the lottery record. While the application period is open the modal says the draw must wait,
 * and asks for the reason of a draw now. Only applicants still 抽選待ち are drawn (decision 004).
 */
export function LotteryModal({ courseId, isOpen, onClose, undrawnCount }: LotteryModalProps) {
  const lottery = useLottery();
  const routeError = useRouteApiError();
  const intake = useQuery({ ...intakeQuery(courseId), enabled: isOpen });
  const preview = useQuery({ ...lotteryPreviewQuery(courseId), enabled: isOpen });
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [done, setDone] = useState<LotteryResult | null>(null);
  const { form, loaded, setFocus } = useLotteryForm(intake.data, preview.data, step);

  const periodOpen = preview.data?.period_open === true;
  const periodEnd = formatDateTimeJa(preview.data?.period_t);

  const close = () => {
    if (lottery.isPending) return;
    const drawn = done !== null;
    setDone(null);
    setStep('form');
    form.reset(lotteryDefaults(intake.data, preview.data));
    lottery.reset();
    onClose(drawn);
  };

  const toConfirm = form.handleSubmit(async (values) => {
    if (periodOpen && String(values.override_reason ?? '').trim() === '') {
      form.setError('override_reason', { type: 'period', message: APPLICANT_MSG.periodOpen(periodEnd) });
      form.setFocus('override_reason');
      return;
    }
    // the counts of the last step are the server's, read again now
    await preview.refetch();
    setStep('confirm');
  });

  const draw = async () => {
    const values = form.getValues();
    try {
      setDone(await lottery.mutateAsync(lotteryBody(courseId, values, periodOpen)));
    } catch (error) {
      if (isApiError(error) && error.isFieldError) {
        // a refusal the form has no field for is about 当選者数
        const first = placeFieldErrors(form.setError, error.errList, FIELDS, 'win_num');
        // the period may have been changed meanwhile: show the reason field when the server asks for it
        if (first === 'override_reason') await preview.refetch();
        setStep('form');
        setFocus(first);
        return;
      }
      close();
      routeError(error);
    }
  };

  const values = form.watch();
  const footer = (
    <LotteryFooter
      stage={done ? 'done' : step}
      isDrawing={lottery.isPending}
      isLoaded={loaded}
      isReading={preview.isFetching}
      onClose={close}
      onBack={() => setStep('form')}
      onDraw={() => void draw()}
    />
  );

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title="抽選"
      size="md"
      isCloseDisabled={lottery.isPending}
      footer={footer}
    >
      {done ? (
        <LotteryDone courseId={courseId} done={done} />
      ) : (
        <>
          {step === 'confirm' && preview.data && (
            <LotteryConfirm values={values} preview={preview.data} periodOpen={periodOpen} />
          )}
          <div hidden={step !== 'form'}>
            <FieldRegistryProvider>
              <form id="lottery-form" noValidate onSubmit={toConfirm} className="space-y-6">
                <LotteryFields
                  form={form}
                  preview={preview.data}
                  periodOpen={periodOpen}
                  periodEnd={periodEnd}
                  undrawnCount={undrawnCount}
                  isPending={lottery.isPending}
                />
              </form>
            </FieldRegistryProvider>
          </div>
        </>
      )}
    </Modal>
  );
}

/** The counts of a finished draw and the way to its record. */
function LotteryDone({ courseId, done }: { courseId: number; done: LotteryResult }) {
  return (
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
      <p>
        <TextLink to={paths.admin.courseLetters(courseId)}>結果通知を郵送用に印刷</TextLink>
      </p>
    </div>
  );
}

/** The confirm step: the settings as chosen and what the draw will tell whom (the server's counts). */
function LotteryConfirm({
  values,
  preview,
  periodOpen,
}: {
  values: LotteryModalForm;
  preview: LotteryPreview;
  periodOpen: boolean;
}) {
  return (
    <div className="space-y-6">
      <p>次の内容で抽選します。</p>
      <ConfirmList
        items={[
          { label: '当選者数', value: `${values.win_num}人` },
          { label: '補欠', value: values.waitlist ? '落選者を補欠にする' : 'なし' },
          {
            label: '受講確定の期限',
            value: values.confirm_days ? `抽選日から${values.confirm_days}日` : '確定は不要',
          },
          { label: '優先する区分', value: tiersText(values.tiers ?? []) },
          ...(periodOpen
            ? [{ label: '申込期間中に抽選する理由', value: String(values.override_reason ?? '') }]
            : []),
        ]}
      />
      <Alert variant="warning" title={drawOutcomeText(preview)} announce={false} />
    </div>
  );
}

/** The settings of the draw; while the application period is open, a warning and the reason field. */
function LotteryFields({
  form,
  preview,
  periodOpen,
  periodEnd,
  undrawnCount,
  isPending,
}: {
  form: UseFormReturn<LotteryModalForm>;
  preview: LotteryPreview | undefined;
  periodOpen: boolean;
  periodEnd: string;
  undrawnCount: number;
  isPending: boolean;
}) {
  return (
    <>
      {periodOpen && (
        <Alert variant="warning" title="申込期間中のため、まだ抽選できません" announce={false}>
          <p>
            申込期間は{periodEnd}
            までです。申込者には、抽選の結果は申込期間が終わったあとにお知らせすると案内しています。
          </p>
        </Alert>
      )}
      <p>
        抽選待ちの申込者 {preview?.notify_count ?? undrawnCount}人
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
        description={
          preview?.capacity == null
            ? '1以上の数字で入力してください。'
            : `1以上の数字で入力してください。定員は${preview.capacity}人、いまの当選者は${preview.winners}人です。`
        }
      />
      <Checkbox
        control={form.control}
        name="waitlist"
        label="落選者を補欠にする（補欠順位をつける）"
        description="当選者が辞退・キャンセルしたときに、補欠の番号の順に繰り上げます。"
      />
      <ConfirmDaysField
        control={form.control}
        name="confirm_days"
        label="受講確定の期限（抽選日から○日）"
        description={`1〜${CONFIRM_DAYS_MAX}の数字で入力してください。期限はその日の23時59分です。空欄のときは、当選者の受講確定は不要です。`}
      />
      <Controller
        control={form.control}
        name="tiers"
        render={({ field }) => (
          <TierPicker value={field.value ?? []} onChange={field.onChange} isDisabled={isPending} />
        )}
      />
      {form.formState.errors.tiers?.message && (
        <p className="text-std-16B-170 text-error">{form.formState.errors.tiers.message}</p>
      )}
      {periodOpen && (
        <TextArea
          control={form.control}
          name="override_reason"
          label="申込期間中に抽選する理由"
          rows={3}
          maxLength={LOTTERY_OVERRIDE_REASON_MAX}
          description="どうしても今抽選するときだけ入力してください。理由は抽選記録に残ります。"
        />
      )}
    </>
  );
}

/** The modal's buttons: 確認へ進む on the form, 戻る / 抽選する on the confirm step, 閉じる after the draw. */
function LotteryFooter({
  stage,
  isDrawing,
  isLoaded,
  isReading,
  onClose,
  onBack,
  onDraw,
}: {
  stage: 'form' | 'confirm' | 'done';
  isDrawing: boolean;
  isLoaded: boolean;
  isReading: boolean;
  onClose: () => void;
  onBack: () => void;
  onDraw: () => void;
}) {
  return stage === 'done' ? (
    <Button variant="secondary" onPress={onClose} autoFocus>
      閉じる
    </Button>
  ) : stage === 'confirm' ? (
    <div className="flex flex-wrap gap-4">
      <Button variant="secondary" onPress={onBack} isDisabled={isDrawing}>
        戻る
      </Button>
      <Button onPress={onDraw} isPending={isDrawing} pendingLabel="抽選中...">
        抽選する
      </Button>
    </div>
  ) : (
    <Button type="submit" form="lottery-form" isDisabled={!isLoaded} isPending={isReading && isLoaded}>
      確認へ進む
    </Button>
  );
}
