import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { Receipt } from '../../ui/receipt';
import { myReceiptQuery } from './api/receipts';

/**
 * /mypage/receipt/:paymentId: the student's own 領収書 (decision 078), to print or keep. Another's receipt
 * answers 404 and goes to the not-found page.
 */
export function Component() {
  const raw = useParams().paymentId ?? '';
  const paymentId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const receipt = useQuery({ ...myReceiptQuery(paymentId ?? 0), enabled: paymentId !== null });
  if (paymentId === null) return <Navigate to={paths.mypage.notFound()} replace />;
  const data = receipt.data;
  return (
    <div className="space-y-6 sm:space-y-8">
      <div data-print="hide" className="space-y-4">
        <PageTitle>領収書</PageTitle>
        <p>お支払いいただいた受講料・教材費の領収書です。「印刷する」ボタンを押すと印刷できます。</p>
        {data && (
          <p>
            <Button onPress={() => window.print()}>印刷する</Button>
          </p>
        )}
      </div>
      {data ? <Receipt receipt={data} /> : <FullPageSpinner />}
      <p data-print="hide">
        <TextLink to={paths.mypage.courseApplied()}>申込状況に戻る</TextLink>
      </p>
    </div>
  );
}
