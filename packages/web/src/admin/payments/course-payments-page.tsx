import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  PAYMENT_KIND_LABEL,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATE_LABEL,
  yenText,
} from '@manabi/shared/domain/fees';
import type { PaymentRow, PaymentSeat, PaymentSeatLimited } from '@manabi/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { Pager } from '../../ui/pager';
import { BackLinks } from '../layout/back-links';
import { coursePaymentsQuery } from './api/payments';
import { MoneyTotals } from './money-totals';
import { type PaymentAction, PaymentDialog } from './payment-dialog';

/** A seat as the list gives it: with 氏名 and 学生番号 for authority 1, by 氏名カナ only for authority 2. */
type AnySeat = PaymentSeat | PaymentSeatLimited;
const fullSeat = (s: AnySeat): PaymentSeat | null => ('name' in s ? s : null);
/** Who the seat is, as this admin may see it (SPEC §6: authority 2 sees name_kana only). */
const whoOf = (s: AnySeat) => {
  const full = fullSeat(s);
  return full ? `${full.name}（${full.login_id ?? '－'}）` : s.name_kana;
};

/**
 * /admin/course/detail/:id/payments 「入金の管理」 (decision 078): the course's charged seats, where each stands
 * (未入金・一部入金・入金済み・払いすぎ（返金が必要）), and their payments, under the course's money in one row
 * that adds up. Authority 1 records one, records the selected seats' outstanding amounts at once, corrects
 * (with a reason), voids, records refunds and prints receipts; authority 2 reads its university's courses, by
 * 氏名カナ, without a button.
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

  const seats: readonly AnySeat[] = data.list;
  const owing = seats.filter((s) => !s.cancelled && s.outstanding > 0);
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
      <MoneyTotals totals={data.totals} />
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
      {seats.length === 0 ? (
        <p>請求した席はまだありません。</p>
      ) : (
        <ul className="space-y-4">
          {seats.map((seat) => (
            <SeatItem
              key={seat.application_id}
              seat={seat}
              isFull={isFull}
              isSelected={selected.has(seat.application_id)}
              onToggle={() => {
                const full = fullSeat(seat);
                if (full) toggle(full);
              }}
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
  seat: AnySeat;
  isFull: boolean;
  isSelected: boolean;
  onToggle: () => void;
  onAction: (a: PaymentAction) => void;
}

function SeatItem({ seat, isFull, isSelected, onToggle, onAction }: SeatItemProps) {
  // the buttons are authority 1's, whose list carries the whole seat
  const full = isFull ? fullSeat(seat) : null;
  return (
    <li className="space-y-3 rounded-8 border-2 border-line bg-canvas p-4" data-testid="payment-seat">
      <SeatHead seat={seat} isFull={isFull} isSelected={isSelected} onToggle={onToggle} />
      <SeatFigures seat={seat} />
      {seat.payments.length > 0 && <SeatPayments seat={seat} full={full} onAction={onAction} />}
      {full && (
        <div className="flex flex-wrap gap-4">
          {full.amount_due !== null && (
            <Button variant="secondary" onPress={() => onAction({ kind: 'add', seat: full })}>
              入金を記録<span className="sr-only">（{full.name}）</span>
            </Button>
          )}
          {full.net > 0 && (
            <Button variant="secondary" onPress={() => onAction({ kind: 'refund', seat: full })}>
              返金を記録<span className="sr-only">（{full.name}）</span>
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
          aria-label={`${whoOf(seat)}を選ぶ`}
        />
      )}
      <h2 className="text-std-18B-160">{whoOf(seat)}</h2>
      <span
        className="rounded-4 border-2 border-line bg-surface px-2 text-std-16B-170"
        data-testid="payment-state"
      >
        {PAYMENT_STATE_LABEL[seat.state]}
      </span>
    </div>
  );
}

/** The seat's amounts: charged, by when, paid, and what is left or owed back. */
function SeatFigures({ seat }: { seat: AnySeat }) {
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

/**
 * The seat's payments and refunds, a voided one struck through; for authority 1 (`full`, the whole seat) each
 * with its receipt, 訂正 and 取り消し.
 */
function SeatPayments({
  seat,
  full,
  onAction,
}: {
  seat: AnySeat;
  full: PaymentSeat | null;
  onAction: (a: PaymentAction) => void;
}) {
  return (
    <section
      aria-label={`${whoOf(seat)}の入金と返金（横にスクロールできます）`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full min-w-[36rem] text-left text-std-16N-170">
        <caption className="sr-only">{`${whoOf(seat)}の入金と返金`}</caption>
        <thead>
          <tr>
            <th scope="col">日付</th>
            <th scope="col">種類</th>
            <th scope="col">金額</th>
            <th scope="col">方法</th>
            <th scope="col">領収書番号</th>
            {full && <th scope="col">操作</th>}
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
              {full && (
                <td>
                  <PaymentActions seat={full} payment={p} onAction={onAction} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A payment's receipt link (every payment received has one), its 訂正 and 取り消し (none once voided):
 * authority 1's; a receipt is the office's to issue (decision 085).
 */
function PaymentActions({
  seat,
  payment: p,
  onAction,
}: {
  seat: PaymentSeat;
  payment: PaymentRow;
  onAction: (a: PaymentAction) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {!p.voided_at && p.kind === '1' && p.receipt_no && (
        <TextLink to={paths.admin.paymentReceipt(p.id)}>
          領収書<span className="sr-only">（{p.receipt_no}）</span>
        </TextLink>
      )}
      {!p.voided_at && (
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
