import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Button } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { Receipt } from '../../ui/receipt';
import { receiptQuery } from './api/payments';

/**
 * /admin/payments/receipt/:paymentId: one payment's 領収書 to print (decision 078). A voided payment or a
 * refund has none (404); a receipt is the office's to issue, so authority 2 is answered 403 and sent to
 * /admin/404 (decision 085).
 */
export function Component() {
  const paymentId = Number(useParams().paymentId);
  const receipt = useQuery(receiptQuery(paymentId));
  const data = receipt.data;
  return (
    <div className="space-y-6">
      <div data-print="hide" className="space-y-4">
        <PageTitle>領収書</PageTitle>
        <p>内容を確かめて「印刷する」を押してください。事務局の印を押してお渡しします。</p>
        {data && (
          <p>
            <Button onPress={() => window.print()}>印刷する</Button>
          </p>
        )}
      </div>
      {data ? <Receipt receipt={data} /> : <FullPageSpinner />}
    </div>
  );
}
