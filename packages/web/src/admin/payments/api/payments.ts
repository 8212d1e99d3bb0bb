import { endpoints } from '@manabi/shared/routes/endpoints';
import type {
  BankApplyBody,
  PaymentAddBody,
  PaymentBulkBody,
  PaymentRefundBody,
  PaymentUpdateBody,
  PaymentVoidBody,
} from '@manabi/shared/schemas/payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Payments (decision 078): a course's seats and payments, the office's writes, the bank file, the books. */
const KEY = ['admin', 'payments'] as const;

/** GET /api/admin/payment/list/: another university's course (403) or none (404) → /admin/404. */
export const coursePaymentsQuery = (courseId: number, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'course', courseId, page],
    queryFn: ({ signal }) =>
      call(endpoints.adminPayments.list, { course_id: String(courseId), page: String(page) }, { signal }),
    meta: { notFoundTo: paths.admin.notFound(), forbiddenIsNotFound: true },
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

export const receiptQuery = (paymentId: number) =>
  queryOptions({
    queryKey: [...KEY, 'receipt', paymentId],
    queryFn: () => call(endpoints.adminPayments.receipt, { payment_id: String(paymentId) }),
    meta: { notFoundTo: paths.admin.notFound(), forbiddenIsNotFound: true },
  });

export const reportQuery = (fiscalYear: string) =>
  queryOptions({
    queryKey: [...KEY, 'report', fiscalYear],
    queryFn: () => call(endpoints.adminPayments.report, { fiscal_year: fiscalYear }),
    staleTime: 0,
  });

export type PaymentWrite =
  | { kind: 'add'; body: PaymentAddBody }
  | { kind: 'bulk'; body: PaymentBulkBody }
  | { kind: 'update'; body: PaymentUpdateBody }
  | { kind: 'void'; body: PaymentVoidBody }
  | { kind: 'refund'; body: PaymentRefundBody };

const write = (w: PaymentWrite) => {
  switch (w.kind) {
    case 'add':
      return call(endpoints.adminPayments.add, w.body);
    case 'bulk':
      return call(endpoints.adminPayments.bulk, w.body);
    case 'update':
      return call(endpoints.adminPayments.update, w.body);
    case 'void':
      return call(endpoints.adminPayments.void, w.body);
    case 'refund':
      return call(endpoints.adminPayments.refund, w.body);
  }
};

/** Every payment write; afterwards every payments query (lists, the books) is read again. */
export function usePaymentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (w: PaymentWrite) => write(w) as Promise<unknown>,
    meta: { shows: [409, 422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const previewBankFile = (file: string) => call(endpoints.adminPayments.bankPreview, { file });

export function useApplyBankFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankApplyBody) => call(endpoints.adminPayments.bankApply, body),
    meta: { shows: [409, 422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
