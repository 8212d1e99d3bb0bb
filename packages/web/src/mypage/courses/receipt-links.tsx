import { formatDateJa } from '@manabi/shared/domain/dates';
import { yenText } from '@manabi/shared/domain/fees';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { myReceiptsQuery } from './api/receipts';

/** 「領収書」 links of one seat in 申込状況 (decision 078): one per payment received; nothing when none. */
export function ReceiptLinks({ applicationId, courseName }: { applicationId: number; courseName: string }) {
  const receipts = useQuery(myReceiptsQuery());
  const mine = receipts.data?.list.filter((r) => r.application_id === applicationId) ?? [];
  if (mine.length === 0) return null;
  return (
    <ul className="space-y-1">
      {mine.map((r) => (
        <li key={r.payment_id}>
          <Link
            to={paths.mypage.receipt(r.payment_id)}
            className="inline-flex min-h-12 items-center text-std-16B-170 text-link underline underline-offset-4 hover:text-link-hover"
          >
            {`領収書（${formatDateJa(r.paid_on)} ${yenText(r.amount)}）`}
            <span className="sr-only">（{courseName}）</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
