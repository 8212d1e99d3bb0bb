import {
  bankApplyBodySchema,
  bankApplyResponseSchema,
  bankPreviewBodySchema,
  bankPreviewResponseSchema,
  paymentAddBodySchema,
  paymentBulkBodySchema,
  paymentBulkResponseSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentRefundBodySchema,
  paymentReportQuerySchema,
  paymentReportResponseSchema,
  paymentUpdateBodySchema,
  paymentVoidBodySchema,
  paymentWriteResponseSchema,
  receiptQuerySchema,
  receiptResponseSchema,
} from '../schemas/payments';
import { csvResponseSchema } from '../schemas/responses';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

const e = endpoints.adminPayments;

/**
 * Payments (decision 078): a course's seats and payments are read by any admin (authority 2 its own
 * university's courses, read-only, by 氏名カナ); a receipt, every write, the bank's file and the books are
 * authority 1's (decision 085).
 */
export const adminPayments = {
  list: defineRoute(e.list, { query: paymentListQuerySchema, response: paymentListResponseSchema }),
  receipt: defineRoute(e.receipt, { query: receiptQuerySchema, response: receiptResponseSchema }),
  add: defineRoute(e.add, { body: paymentAddBodySchema, response: paymentWriteResponseSchema }),
  bulk: defineRoute(e.bulk, { body: paymentBulkBodySchema, response: paymentBulkResponseSchema }),
  update: defineRoute(e.update, { body: paymentUpdateBodySchema, response: paymentWriteResponseSchema }),
  void: defineRoute(e.void, { body: paymentVoidBodySchema, response: paymentWriteResponseSchema }),
  refund: defineRoute(e.refund, { body: paymentRefundBodySchema, response: paymentWriteResponseSchema }),
  bankPreview: defineRoute(e.bankPreview, {
    body: bankPreviewBodySchema,
    response: bankPreviewResponseSchema,
  }),
  bankApply: defineRoute(e.bankApply, { body: bankApplyBodySchema, response: bankApplyResponseSchema }),
  report: defineRoute(e.report, { query: paymentReportQuerySchema, response: paymentReportResponseSchema }),
  reportCsv: defineRoute(e.reportCsv, { query: paymentReportQuerySchema, response: csvResponseSchema }),
};
