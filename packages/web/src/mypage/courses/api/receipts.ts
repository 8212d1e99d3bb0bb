import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { COURSES_KEY } from '../../query-keys';

/** The student's own receipts (decision 078), one read for the whole 申込状況 list. */
export const myReceiptsQuery = () =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'receipts'],
    queryFn: () => call(endpoints.mypage.receipts),
  });

/** One of the student's receipts; another's (or a voided one) is 404 → /mypage/notfound. */
export const myReceiptQuery = (paymentId: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'receipts', paymentId],
    queryFn: () => call(endpoints.mypage.receipt, { payment_id: String(paymentId) }),
    meta: { notFoundTo: paths.mypage.notFound() },
  });
