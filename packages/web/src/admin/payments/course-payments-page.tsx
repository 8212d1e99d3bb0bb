import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  PAYMENT_KIND_LABEL,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATE_LABEL,
  yenText,
} from '@manabi/shared/domain/fees';
import type { PaymentRow, PaymentSeat } from '@manabi/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { Pager } from '../../ui/pager';
import { BackLinks } from '../layout/back-links';
import { coursePaymentsQuery } from './api/payments';
import { type PaymentAction, PaymentDialog } from './payment-dialog';

/**
 * /admin/course/detail/:id/payments 「入金の管理」 (decision 078): the course's charged seats, where each stands
 * (未入金・一部入金・入金済み・過入金, a refund owed), and their payments. Authority 1 records one, records the
 * selected seats' outstanding amounts at once, corrects (with a reason), voids and records refunds; authority
 * 2 reads its university's courses, without a button.
 */
export function Component() {
  const courseId = Number(useParams().id);
  const isFull = useSessionUser().authority === 1;
  const [page, setPage] = useState(1);
  const list = useQuery(coursePaymentsQuery(courseId, page));
  const [action, setAction] = useState<PaymentAction | null>(null);
  // the seats ticked, kept across the list's pages
  const [selected, setSelected] = useState<ReadonlyMap<number, PaymentSeat>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const data = list.data;
  if (!data) return <FullPageSpinner />;

  const owing = data.list.filter((s) => !s.cancelled && s.outstanding > 0);
  const toggle = (seat: PaymentSeat) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(seat.application_id)) next.delete(seat.application_id);
      else next.set(seat.application_id, seat);
      return next;
    });

  return (
    <div className="space-y-8">
      <PageTitle>入金の管理</PageTitle>
      <p className="text-std-20B-150 text-ink">{data.course_name}</p>
      {!data.required && (
        <p>この講座は、初回の授業の前に支払いを求めていません。請求した席と入金の記録だけを表示します。</p>
      )}
      <ConfirmList
        items={[
          { label: '請求額の合計', value: yenText(data.totals.due) },
          { label: '入金額', value: yenText(data.totals.collected) },
          { label: '未収額', value: yenText(data.totals.outstanding) },
          { label: '返金済み', value: yenText(data.totals.refunded) },
          { label: '返金が必要', value: yenText(data.totals.refund_owed) },
        ]}
      />
      {message && (
        <Alert variant="success" title="記録しました">
          <p>{message}</p>
        </Alert>
      )}
      {isFull && (owing.length > 0 || selected.size > 0) && (
        <div className="flex flex-wrap items-center gap-4">
          <Button
            variant="secondary"
            isDisabled={selected.size === 0}
            onPress={() => {
              setMessage(null);
              setAction({ kind: 'bulk', courseId, seats: [...selected.values()] });
            }}
          >
            {`選んだ${selected.size}人の残額を入金として記録する`}
          </Button>
          {selected.size > 0 && (
            <Button variant="tertiary" onPress={() => setSelected(new Map())}>
              選ぶのをやめる
            </Button>
          )}
        </div>
      )}
      <p className="text-std-16N-170">{`${data.total}件`}</p>
      {data.list.length === 0 ? (
        <p>請求した席はまだありません。</p>
      ) : (
        <ul className="space-y-4">
          {data.list.map((seat) => (
            <SeatItem
              key={seat.application_id}
              seat={seat}
              isFull={isFull}
              isSelected={selected.has(seat.application_id)}
              onToggle={() => toggle(seat)}
              onAction={(a) => {
                setMessage(null);
                setAction(a);
              }}
            />
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={Math.ceil(data.total / data.per_page)} onChange={setPage} />
      {action && (
        <PaymentDialog
          action={action}
          onClose={(done) => {
            if (done && action.kind === 'bulk') setSelected(new Map());
            setAction(null);
            if (done) setMessage(done);
          }}
        />
      )}
      <BackLinks listTo={paths.admin.courseDetail(courseId, 2)} listLabel="申込者一覧へ戻る" />
    </div>
  );
}

interface SeatItemProps {
  seat: PaymentSeat;
  isFull: boolean;
  isSelected: boolean;
  onToggle: () => void;
  onAction: (a: PaymentAction) => void;
}

function SeatItem({ seat, isFull, isSelected, onToggle, onAction }: SeatItemProps) {
  return (
    <li className="space-y-3 rounded-8 border-2 border-line bg-canvas p-4" data-testid="payment-seat">
      <SeatHead seat={seat} isFull={isFull} isSelected={isSelected} onToggle={onToggle} />
      <SeatFigures seat={seat} />
      {seat.payments.length > 0 && <SeatPayments seat={seat} isFull={isFull} onAction={onAction} />}
      {isFull && (
        <div className="flex flex-wrap gap-4">
          {seat.amount_due !== null && (
            <Button variant="secondary" onPress={() => onAction({ kind: 'add', seat })}>
              入金を記録<span className="sr-only">（{seat.name}）</span>
            </Button>
          )}
          {seat.net > 0 && (
            <Button variant="secondary" onPress={() => onAction({ kind: 'refund', seat })}>
              返金を記録<span className="sr-only">（{seat.name}）</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The seat's student, its tick (a seat with something left to pay) and where its payment stands. */
function SeatHead({ seat, isFull, isSelected, onToggle }: Omit<SeatItemProps, 'onAction'>) {
  const checkId = `seat-${seat.application_id}`;
  const canSelect = isFull && !seat.cancelled && seat.outstanding > 0;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {canSelect && (
        <input
          id={checkId}
          type="checkbox"
          className="size-6"
          checked={isSelected}
          onChange={onToggle}
          aria-label={`${seat.name}（${seat.login_id ?? '学生番号なし'}）を選ぶ`}
        />
      )}
      <h2 className="text-std-18B-160">
        {seat.name}（{seat.login_id ?? '－'}）
      </h2>
      <span
        className="rounded-4 border-2 border-line bg-surface px-2 text-std-16B-170"
        data-testid="payment-state"
      >
        {PAYMENT_STATE_LABEL[seat.state]}
        {seat.refund_owed > 0 && '・返金が必要'}
      </span>
    </div>
  );
}

/** The seat's amounts: charged, by when, paid, and what is left or owed back. */
function SeatFigures({ seat }: { seat: PaymentSeat }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-std-16B-170">申込の状態</dt>
      <dd>{seat.lottery_status_text}</dd>
      <dt className="text-std-16B-170">請求額</dt>
      <dd>{seat.amount_due === null ? '－' : yenText(seat.amount_due)}</dd>
      <dt className="text-std-16B-170">支払期限</dt>
      <dd>{seat.pay_by ? formatDateTimeJa(seat.pay_by) : '－'}</dd>
      <dt className="text-std-16B-170">入金額（差し引き）</dt>
      <dd>{yenText(seat.net)}</dd>
      {seat.outstanding > 0 && (
        <>
          <dt className="text-std-16B-170">残額</dt>
          <dd>{yenText(seat.outstanding)}</dd>
        </>
      )}
      {seat.refund_owed > 0 && (
        <>
          <dt className="text-std-16B-170">返金が必要な額</dt>
          <dd>{yenText(seat.refund_owed)}</dd>
        </>
      )}
    </dl>
  );
}

/** The seat's payments and refunds, a voided one struck through; each with its receipt, 訂正 and 取り消し. */
function SeatPayments({ seat, isFull, onAction }: Omit<SeatItemProps, 'isSelected' | 'onToggle'>) {
  return (
    <section
      aria-label={`${seat.name}の入金と返金（横にスクロールできます）`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full min-w-[36rem] text-left text-std-16N-170">
        <caption className="sr-only">{`${seat.name}の入金と返金`}</caption>
        <thead>
          <tr>
            <th scope="col">日付</th>
            <th scope="col">種類</th>
            <th scope="col">金額</th>
            <th scope="col">方法</th>
            <th scope="col">領収書番号</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {seat.payments.map((p) => (
            <tr key={p.id} className={p.voided_at ? 'text-ink-sub line-through' : ''}>
              <td>{formatDateJa(p.paid_on)}</td>
              <td>
                {PAYMENT_KIND_LABEL[p.kind]}
                {p.source === 'bank' && '（銀行の明細）'}
                {p.voided_at && <span className="no-underline">（取り消し：{p.void_reason}）</span>}
              </td>
              <td>{yenText(p.amount)}</td>
              <td>{PAYMENT_METHOD_LABEL[p.method]}</td>
              <td>{p.receipt_no ?? '－'}</td>
              <td>
                <PaymentActions seat={seat} payment={p} isFull={isFull} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A payment's receipt link, and for authority 1 its 訂正 and 取り消し (none once voided). */
function PaymentActions({
  seat,
  payment: p,
  isFull,
  onAction,
}: {
  seat: PaymentSeat;
  payment: PaymentRow;
  isFull: boolean;
  onAction: (a: PaymentAction) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {!p.voided_at && p.kind === '1' && p.receipt_no && (
        <TextLink to={paths.admin.paymentReceipt(p.id)}>
          領収書<span className="sr-only">（{p.receipt_no}）</span>
        </TextLink>
      )}
      {isFull && !p.voided_at && (
        <>
          <Button variant="tertiary" onPress={() => onAction({ kind: 'update', seat, payment: p })}>
            訂正<span className="sr-only">（{p.receipt_no ?? p.paid_on}）</span>
          </Button>
          <Button variant="tertiary" onPress={() => onAction({ kind: 'void', seat, payment: p })}>
            取り消し<span className="sr-only">（{p.receipt_no ?? p.paid_on}）</span>
          </Button>
        </>
      )}
    </div>
  );
}
