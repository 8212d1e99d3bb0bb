import { APPLICANT_CSV, APPLICANT_CSV_LIMITED } from '@manabi/shared/domain/csv-exports';
import {
  addApplicantBodySchema,
  addApplicantStudentQuerySchema,
  applicantCancelBodySchema,
  applicantDetailQuerySchema,
  applicantListQuerySchema,
  applicantListUpdateBodySchema,
  applicantUpdateBodySchema,
  lotteryBodySchema,
  lotteryPreviewQuerySchema,
} from '@manabi/shared/schemas/applicant';
import {
  addApplicantStudentsResponseSchema,
  countResponseSchema,
  courseApplicantDetailResponseSchema,
  courseApplicantListResponseSchema,
  courseApplicantRowLimitedSchema,
  courseApplicantRowSchema,
  csvResponseSchema,
  lotteryPreviewResponseSchema,
  lotteryResponseSchema,
  resultResponseSchema,
  writtenResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { sendJsonList } from '../../platform/json-list';
import {
  addApplicant,
  cancelApplicant,
  exportApplicants,
  getApplicantDetail,
  listApplicants,
  lotteryPreview,
  runLottery,
  searchStudents,
  updateApplicant,
  updateApplicantTable,
} from './applicants.service';

/**
 * Course applicants (SPEC §7 "Admin courses"): list, lottery, inline update, add, detail, update, cancel.
 * Reads: any admin, authority 2 only on its own university's courses (checked in the service once the
 * course is loaded). Writes and the student search: authority 1 only (SPEC §6), refused before the body.
 */
export async function applicantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const read = { onRequest: app.guards.admin };
  const write = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });
  // a draw and every seat change may queue personal results (decision 015): deliver them now
  const flushed = async <T>(result: Promise<T>) => {
    const answer = await result;
    void app.deps.mailer.flush();
    return answer;
  };

  r.get(
    '/admin/courseapplicantlist/',
    {
      ...read,
      schema: { querystring: applicantListQuerySchema, response: { 200: courseApplicantListResponseSchema } },
    },
    async (req, reply) => {
      const list = await listApplicants(db, adminOf(req), req.query);
      if ('page' in list) return list.page;
      // the whole list is written out batch by batch (platform/json-list.ts): thousands of rows in one piece
      // held the event loop
      const { full, batches } = list.whole;
      return sendJsonList(
        reply,
        'data_list',
        batches,
        full ? courseApplicantRowSchema : courseApplicantRowLimitedSchema,
      );
    },
  );
  // an addition to SPEC §7 (decision 021): the list's rows as the CSV file, streamed
  r.get(
    '/admin/courseapplicantlist/csv/',
    {
      ...read,
      exposeHeadRoute: false,
      schema: { querystring: applicantListQuerySchema, response: { 200: csvResponseSchema } },
    },
    async (req, reply) => {
      const csv = await exportApplicants(db, adminOf(req), req.query);
      return csv.full
        ? sendCsv(reply, APPLICANT_CSV, csv.rows)
        : sendCsv(reply, APPLICANT_CSV_LIMITED, csv.rows);
    },
  );
  r.post(
    '/admin/courseapplicantlist/lottery/',
    { ...write, schema: { body: lotteryBodySchema, response: { 200: lotteryResponseSchema } } },
    async (req) => flushed(runLottery(db, config, adminOf(req), req.body)),
  );
  // beyond SPEC §7: what the draw would do (the modal's last step), for those who may draw
  r.get(
    '/admin/courseapplicantlist/lottery/preview/',
    {
      ...write,
      schema: { querystring: lotteryPreviewQuerySchema, response: { 200: lotteryPreviewResponseSchema } },
    },
    async (req) => lotteryPreview(db, req.query.id),
  );
  r.post(
    '/admin/courseapplicantlist/update/',
    { ...write, schema: { body: applicantListUpdateBodySchema, response: { 200: countResponseSchema } } },
    async (req) => flushed(updateApplicantTable(db, config, actor(req), req.body)),
  );
  r.get(
    '/admin/addcourseapplicant/studentlist/',
    {
      ...write,
      schema: {
        querystring: addApplicantStudentQuerySchema,
        response: { 200: addApplicantStudentsResponseSchema },
      },
    },
    async (req) => searchStudents(db, req.query),
  );
  r.post(
    '/admin/addcourseapplicant/add/',
    { ...write, schema: { body: addApplicantBodySchema, response: { 200: writtenResponseSchema } } },
    async (req) => addApplicant(db, actor(req), req.body),
  );
  r.get(
    '/admin/courseapplicantdetail/',
    {
      ...read,
      schema: {
        querystring: applicantDetailQuerySchema,
        response: { 200: courseApplicantDetailResponseSchema },
      },
    },
    async (req) => getApplicantDetail(db, adminOf(req), req.query),
  );
  r.post(
    '/admin/courseapplicantdetail/update/',
    { ...write, schema: { body: applicantUpdateBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => flushed(updateApplicant(db, config, actor(req), req.body)),
  );
  r.post(
    '/admin/courseapplicantdetail/cancel/',
    { ...write, schema: { body: applicantCancelBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => flushed(cancelApplicant(db, config, actor(req), req.body)),
  );
}
