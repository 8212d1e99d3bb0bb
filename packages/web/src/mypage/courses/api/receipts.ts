import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { COURSES_KEY } from '../../query-keys';

/** One of the student's receipts; another's (or a voided one) is 404 → /mypage/notfound. */
export const myReceiptQuery = (paymentId: number) =>
  queryOptions({
    queryKey: [...COURSES_KEY, 'receipts', paymentId],
    queryFn: () => call(endpoints.mypage.receipt, { payment_id: String(paymentId) }),
    meta: { notFoundTo: paths.mypage.notFound() },
  });
