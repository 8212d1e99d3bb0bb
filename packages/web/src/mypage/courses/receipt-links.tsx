import type { SeatReceipt } from '@manabi/shared/api';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { yenText } from '@manabi/shared/domain/fees';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * 「領収書」 links of one seat in 申込状況 and 受講履歴 (decision 078): one per payment received — a part
 * payment too —, named by the day the money came in (the receipt's day, decision 085); nothing when none.
 */
export function ReceiptLinks({
  receipts,
  courseName,
}: {
  receipts: readonly SeatReceipt[];
  courseName: string;
}) {
  if (receipts.length === 0) return null;
  return (
    <ul className="space-y-1">
      {receipts.map((r) => (
        <li key={r.payment_id}>
          <Link
            to={paths.mypage.receipt(r.payment_id)}
            className="inline-flex min-h-12 items-center text-std-16B-170 text-link underline underline-offset-4 hover:text-link-hover"
          >
            {`領収書（${formatDateJa(r.paid_on)}の入金 ${yenText(r.amount)}）`}
            <span className="sr-only">（{courseName}）</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
