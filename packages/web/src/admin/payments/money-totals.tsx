import { yenText } from '@manabi/shared/domain/fees';
import type { PaymentList } from '@manabi/shared/schemas/payments';

type Money = PaymentList['totals'];

/** The five figures of a course's money, in the order the sum reads them. */
export const MONEY_COLUMNS = [
  { key: 'due', label: '請求額' },
  { key: 'collected', label: '入金額' },
  { key: 'refunded', label: '返金済み' },
  { key: 'outstanding', label: '未収額' },
  { key: 'refund_owed', label: '払いすぎ（返金が必要）' },
] as const;

/** 「請求額 7,000円 − 入金額 4,500円 ＋ 返金済み 1,000円 ＝ 未収額 3,500円 − 払いすぎ（返金が必要） 0円」 */
export const moneySum = (m: Money) =>
  `請求額 ${yenText(m.due)} − 入金額 ${yenText(m.collected)} ＋ 返金済み ${yenText(m.refunded)} ＝ 未収額 ${yenText(m.outstanding)} − 払いすぎ（返金が必要） ${yenText(m.refund_owed)}`;

/**
 * A course's money at a glance (decision 085): charged, received, paid back, still owed and owed back, in one
 * row, and the sum that shows they add up — what the seats are charged less what they hold is what they still
 * owe less what is owed back.
 */
export function MoneyTotals({ totals }: { totals: Money }) {
  return (
    <section aria-labelledby="money-title" className="space-y-2">
      <h2 id="money-title" className="text-std-20B-150">
        この講座のお金
      </h2>
      <section
        aria-label="この講座のお金（横にスクロールできます）"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className="overflow-x-auto"
      >
        <table className="w-full min-w-[40rem] text-left text-std-16N-170" data-testid="money-row">
          <caption className="sr-only">この講座のお金の合計</caption>
          <thead>
            <tr>
              {MONEY_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className="border-b-2 border-line p-2">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {MONEY_COLUMNS.map((c) => (
                <td key={c.key} className="p-2 text-std-18B-160" data-testid={`money-${c.key}`}>
                  {yenText(totals[c.key])}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
      <p className="text-std-16N-170" data-testid="money-sum">
        {moneySum(totals)}
      </p>
      <p className="text-std-16N-170 text-ink-sub">
        請求額は、当選した席の受講料・教材費です。取り消した席は、返金の決まりで返さない分だけを数えます。
      </p>
    </section>
  );
}
