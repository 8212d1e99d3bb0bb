import { zodResolver } from '@hookform/resolvers/zod';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS, yenText } from '@manabi/shared/domain/fees';
import {
  type PaymentRow,
  type PaymentSeat,
  paymentAddBodySchema,
  paymentBulkBodySchema,
  paymentRefundBodySchema,
  paymentUpdateBodySchema,
  paymentVoidBodySchema,
} from '@manabi/shared/schemas/payments';
import { type Control, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { placeFieldErrors } from '../../ui/field-errors';
import { Modal } from '../../ui/modal';
import { DateInput, TextArea, TextInput } from '../../ui/text-input';
import { type PaymentWrite, usePaymentWrite } from './api/payments';

/**
 * What the dialog does: record a payment or a refund for a seat, correct or void a payment, or record the
 * remaining amounts of several seats at once (one day, one way: the first class's collection, a counter day).
 */
export type PaymentAction =
  | { kind: 'add'; seat: PaymentSeat }
  | { kind: 'bulk'; courseId: number; seats: readonly PaymentSeat[] }
  | { kind: 'refund'; seat: PaymentSeat }
  | { kind: 'update'; seat: PaymentSeat; payment: PaymentRow }
  | { kind: 'void'; seat: PaymentSeat; payment: PaymentRow };

const TITLES = {
  add: '入金の記録',
  bulk: '入金をまとめて記録',
  refund: '返金の記録',
  update: '入金の訂正',
  void: '入金の取り消し',
} as const;
const SUBMIT = {
  add: '記録する',
  bulk: 'まとめて記録する',
  refund: '返金を記録する',
  update: '訂正する',
  void: '取り消す',
} as const;
/** The names a bulk dialog lists before 「ほか○人」. */
const NAMES_SHOWN = 10;
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABEL[m] }));

/** The dialog of one payment action; closes with what was written in words, or null when nothing was. */
export function PaymentDialog({
  action,
  onClose,
}: {
  action: PaymentAction;
  onClose: (done: string | null) => void;
}) {
  switch (action.kind) {
    case 'bulk':
      return (
        <ActionForm
          action={action}
          onClose={onClose}
          schema={paymentBulkBodySchema}
          defaults={{
            course_id: action.courseId,
            application_ids: action.seats.map((s) => s.application_id),
            paid_on: todayTokyo(),
            method: 'class',
          }}
          toWrite={(body) => ({ kind: 'bulk', body })}
          doneText={(result) => {
            const r = result as { recorded: number; skipped: number };
            return `${r.recorded}件の入金を記録しました。${r.skipped ? `支払いが残っていない${r.skipped}件はそのままです。` : ''}`;
          }}
          fields={['paid_on', 'method']}
        />
      );
    case 'add':
      return (
        <ActionForm
          action={action}
          onClose={onClose}
          schema={paymentAddBodySchema}
          defaults={{
            application_id: String(action.seat.application_id),
            amount: action.seat.outstanding ? String(action.seat.outstanding) : '',
            paid_on: todayTokyo(),
            method: 'counter',
            receipt_no: '',
            note: '',
          }}
          toWrite={(body) => ({ kind: 'add', body })}
          fields={['amount', 'paid_on', 'method', 'receipt_no', 'note']}
        />
      );
    case 'refund':
      return (
        <ActionForm
          action={action}
          onClose={onClose}
          schema={paymentRefundBodySchema}
          defaults={{
            application_id: String(action.seat.application_id),
            amount: action.seat.refund_owed ? String(action.seat.refund_owed) : '',
            paid_on: todayTokyo(),
            method: 'bank',
            note: '',
          }}
          toWrite={(body) => ({ kind: 'refund', body })}
          fields={['amount', 'paid_on', 'method', 'note']}
        />
      );
    case 'update':
      return (
        <ActionForm
          action={action}
          onClose={onClose}
          schema={paymentUpdateBodySchema}
          defaults={{
            payment_id: String(action.payment.id),
            amount: String(action.payment.amount),
            paid_on: action.payment.paid_on,
            method: action.payment.method,
            receipt_no: action.payment.receipt_no ?? '',
            note: action.payment.note,
            reason: '',
            updated_at: action.payment.updated_at,
          }}
          toWrite={(body) => ({ kind: 'update', body })}
          fields={['amount', 'paid_on', 'method', 'receipt_no', 'note', 'reason']}
        />
      );
    case 'void':
      return (
        <ActionForm
          action={action}
          onClose={onClose}
          schema={paymentVoidBodySchema}
          defaults={{
            payment_id: String(action.payment.id),
            reason: '',
            updated_at: action.payment.updated_at,
          }}
          toWrite={(body) => ({ kind: 'void', body })}
          fields={['reason']}
        />
      );
  }
}

type FieldName = 'amount' | 'paid_on' | 'method' | 'receipt_no' | 'note' | 'reason';

function ActionForm<S extends z.ZodType<FieldValues, FieldValues>>({
  action,
  onClose,
  schema,
  defaults,
  toWrite,
  doneText = () => '記録しました。',
  fields,
}: {
  action: PaymentAction;
  onClose: (done: string | null) => void;
  schema: S;
  defaults: z.input<S>;
  toWrite: (body: z.output<S>) => PaymentWrite;
  /** the words of the page's message once written, from the call's answer */
  doneText?: (result: unknown) => string;
  fields: readonly FieldName[];
}) {
  const write = usePaymentWrite();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults as never,
  });
  const name = (f: FieldName) => f as Path<z.input<S>>;
  const close = (done: string | null) => {
    if (!write.isPending) onClose(done);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await write.mutateAsync(toWrite(values));
      onClose(doneText(result));
    } catch (error) {
      if (!isApiError(error) || !error.isFieldError) return;
      const first = placeFieldErrors(
        form.setError,
        error.errList,
        fields.map(name),
        name(fields[0] as FieldName),
      );
      if (first) form.setFocus(first);
    }
  });
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && close(null)}
      title={TITLES[action.kind]}
      isCloseDisabled={write.isPending}
      footer={<ActionFooter kind={action.kind} isPending={write.isPending} onCancel={() => close(null)} />}
    >
      <form id="payment-form" onSubmit={submit} noValidate className="space-y-6">
        <ConfirmList items={summaryOf(action)} />
        <ActionFields control={form.control} name={name} fields={fields} kind={action.kind} />
      </form>
    </Modal>
  );
}

/** The dialog's buttons: its action (取り消す in the danger colour) and やめる, both held while it writes. */
function ActionFooter({
  kind,
  isPending,
  onCancel,
}: {
  kind: PaymentAction['kind'];
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-4">
      <Button
        type="submit"
        form="payment-form"
        variant={kind === 'void' ? 'danger' : 'primary'}
        isPending={isPending}
        pendingLabel="記録中..."
      >
        {SUBMIT[kind]}
      </Button>
      <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
        やめる
      </Button>
    </div>
  );
}

/** The fields the action takes, in their fixed order; the date's and the reason's labels follow the action. */
function ActionFields<T extends FieldValues, TT>({
  control,
  name,
  fields,
  kind,
}: {
  control: Control<T, unknown, TT>;
  name: (f: FieldName) => Path<T>;
  fields: readonly FieldName[];
  kind: PaymentAction['kind'];
}) {
  const has = (f: FieldName) => fields.includes(f);
  return (
    <>
      {has('amount') && (
        <TextInput
          control={control}
          name={name('amount')}
          label="金額（円）"
          inputMode="numeric"
          isRequired
          maxLength={8}
          width="sm"
        />
      )}
      {has('paid_on') && (
        <DateInput
          control={control}
          name={name('paid_on')}
          label={kind === 'refund' ? '返金した日' : '入金日'}
          isRequired
        />
      )}
      {has('method') && (
        <RadioGroup
          control={control}
          name={name('method')}
          label="方法"
          isRequired
          orientation="vertical"
          options={METHOD_OPTIONS}
        />
      )}
      {has('receipt_no') && (
        <TextInput
          control={control}
          name={name('receipt_no')}
          label="領収書番号"
          description="空欄のときは自動で番号をつけます（例：R-000123）。"
          maxLength={20}
          width="md"
        />
      )}
      {has('note') && (
        <TextArea control={control} name={name('note')} label="メモ" rows={2} maxLength={200} />
      )}
      {has('reason') && (
        <TextArea
          control={control}
          name={name('reason')}
          label={kind === 'void' ? '取り消しの理由' : '訂正の理由'}
          isRequired
          rows={2}
          maxLength={200}
          description="操作の記録に残ります。"
        />
      )}
    </>
  );
}

/** What the dialog is about: the seat (and the payment), or the seats of a bulk record and their total. */
function summaryOf(action: PaymentAction): { label: string; value: string }[] {
  if (action.kind === 'bulk') {
    const names = action.seats.slice(0, NAMES_SHOWN).map((s) => s.name);
    const more = action.seats.length - names.length;
    return [
      { label: '人数', value: `${action.seats.length}人` },
      { label: '対象', value: `${names.join('、')}${more > 0 ? `ほか${more}人` : ''}` },
      {
        label: '記録する額',
        value: `${yenText(action.seats.reduce((sum, s) => sum + s.outstanding, 0))}（それぞれの残額）`,
      },
    ];
  }
  const { seat } = action;
  return [
    { label: '学生番号', value: seat.login_id ?? '－' },
    { label: '氏名', value: seat.name },
    { label: '請求額', value: seat.amount_due === null ? '－' : yenText(seat.amount_due) },
    { label: '入金額（差し引き）', value: yenText(seat.net) },
    ...('payment' in action
      ? [{ label: '対象の入金', value: `${action.payment.paid_on} ${yenText(action.payment.amount)}` }]
      : []),
  ];
}
