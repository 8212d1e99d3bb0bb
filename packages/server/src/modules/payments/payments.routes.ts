import { PAYMENT_REPORT_CSV } from '@manabi/shared/domain/csv-exports';
import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf, studentOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { route } from '../../platform/route';
import { applyBankFile, previewBankFile } from './bank.service';
import {
  adminReceipt,
  listPayments,
  myReceipt,
  myReceipts,
  paymentReport,
  paymentReportRows,
} from './payments.service';
import {
  addPayment,
  addPayments,
  refundPayment,
  updatePayment,
  voidPayment,
} from './payments-writes.service';

/** A bank file of 2 MB as a data URL, and the JSON around it. */
const BANK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * Payments (decision 078), beyond SPEC §7. Reads of a course's payments and a receipt: any admin
 * (authority 2 its own university's courses, checked once the course is loaded); every write, the bank's
 * file and the books: authority 1, refused by the guard before the body. The student reads their own
 * receipts only.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { db, readDb } = app.deps;
  const { adminPayments: p, mypage } = api;

  route(app, p.list, async (req) => listPayments(db, adminOf(req), req.query));
  route(app, p.receipt, async (req) => adminReceipt(db, adminOf(req), req.query.payment_id));
  route(app, p.add, async (req) => addPayment(db, req.actor, req.body));
  route(app, p.bulk, async (req) => addPayments(db, req.actor, req.body));
  route(app, p.update, async (req) => updatePayment(db, req.actor, req.body));
  route(app, p.void, async (req) => voidPayment(db, req.actor, req.body));
  route(app, p.refund, async (req) => refundPayment(db, req.actor, req.body));
  route(app, p.bankPreview, async (req) => previewBankFile(db, req.body.file), {
    bodyLimit: BANK_BODY_LIMIT,
  });
  route(app, p.bankApply, async (req) => applyBankFile(db, req.actor, req.body), {
    bodyLimit: BANK_BODY_LIMIT,
  });
  route(app, p.report, async (req) => paymentReport(readDb, req.query.fiscal_year));
  route(
    app,
    p.reportCsv,
    async (req, reply) =>
      sendCsv(reply, PAYMENT_REPORT_CSV, paymentReportRows(readDb, req.query.fiscal_year)),
    { exposeHeadRoute: false },
  );

  route(app, mypage.receipts, async (req) => myReceipts(db, studentOf(req).id));
  route(app, mypage.receipt, async (req) => myReceipt(db, studentOf(req).id, req.query.payment_id));
}
