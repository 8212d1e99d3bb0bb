import { formatDateJa } from '@manabi/shared/domain/dates';
import { yenText } from '@manabi/shared/domain/fees';
import type { Receipt as ReceiptData } from '@manabi/shared/schemas/payments';
import { PROGRAMME_NAME } from './certificate';

/** The office that receives the money and seals the receipt. */
export const RECEIPT_ISSUER = `${PROGRAMME_NAME} 事務局`;

/**
 * One 領収書 (decision 078), the same sheet for the office's print and the student's own: number, date,
 * payer, amount, purpose and the office's seal line. On paper it is half an A4 page (styles.css's print
 * stylesheet hides the screen's chrome). Every value is rendered as text.
 */
export function Receipt({ receipt: r }: { receipt: ReceiptData }) {
  return (
    <article
      aria-labelledby="receipt-title"
      data-testid="receipt"
      className="mx-auto flex w-full max-w-[44rem] flex-col gap-6 border-2 border-line bg-canvas p-5 text-ink sm:p-10 print:max-w-none print:p-[12mm]"
    >
      <div className="flex flex-wrap justify-between gap-2 text-std-16N-170">
        <p>No. {r.receipt_no}</p>
        <p>{formatDateJa(r.paid_on)}</p>
      </div>
      <h2 id="receipt-title" className="text-center text-std-32B-150 tracking-[0.5em] pl-[0.5em]">
        領収書
      </h2>
      <p className="wrap-anywhere border-b-2 border-line pb-2 text-std-24B-150">
        {r.payer} 様{r.login_id && <span className="ml-4 text-std-16N-170">（学生番号 {r.login_id}）</span>}
      </p>
      <p className="text-center text-std-32B-150">
        金額 <span data-testid="receipt-amount">{yenText(r.amount)}</span>
      </p>
      <dl className="space-y-2">
        <div className="grid gap-x-6 sm:grid-cols-[8rem_1fr]">
          <dt className="text-std-17B-170">但し</dt>
          <dd className="wrap-anywhere text-std-20N-150">{r.purpose}</dd>
        </div>
      </dl>
      <p className="text-std-17N-170">上記の金額を正に領収いたしました。</p>
      <div className="flex items-end justify-end gap-6">
        <p className="text-std-20B-150">{RECEIPT_ISSUER}</p>
        <span
          aria-hidden="true"
          className="inline-flex size-16 items-center justify-center border-2 border-line text-std-16N-170"
        >
          印
        </span>
      </div>
    </article>
  );
}
