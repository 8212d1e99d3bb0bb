import { APPLICANT_CSV, APPLICANT_CSV_LIMITED } from '@manabi/shared/domain/csv-exports';
import { api } from '@manabi/shared/routes';
import { courseApplicantRowLimitedSchema, courseApplicantRowSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { sendJsonList } from '../../platform/json-list';
import { route } from '../../platform/route';
import { exportApplicants, getApplicantDetail, listApplicants, searchStudents } from './applicants.service';
import { addApplicant } from './applicants-add.service';
import { cancelApplicant, updateApplicant, updateApplicantTable } from './applicants-edit.service';
import { lotteryPreview, runLottery } from './applicants-lottery.service';

/**
 * Course applicants (SPEC §7 "Admin courses"): list, lottery, inline update, add, detail, update, cancel.
 * Reads: any admin, authority 2 only on its own university's courses (checked in the service once the
 * course is loaded). Writes and the student search: authority 1 only (SPEC §6), refused before the body.
 */
export async function applicantRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminApplicants: applicants } = api;
  // a draw and every seat change may queue personal results (decision 015): delivered once answered
  const mail = { mail: true };

  route(app, applicants.list, async (req, reply) => {
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
  });
  // an addition to SPEC §7 (decision 021): the list's rows as the CSV file, streamed
  route(
    app,
    applicants.csv,
    async (req, reply) => {
      const csv = await exportApplicants(db, adminOf(req), req.query);
      return csv.full
        ? sendCsv(reply, APPLICANT_CSV, csv.rows)
        : sendCsv(reply, APPLICANT_CSV_LIMITED, csv.rows);
    },
    { exposeHeadRoute: false },
  );
  route(
    app,
    applicants.lottery,
    async (req) => runLottery(db, config, adminOf(req), req.body, req.log),
    mail,
  );
  // beyond SPEC §7: what the draw would do (the modal's last step), for those who may draw
  route(app, applicants.lotteryPreview, async (req) => lotteryPreview(db, req.query.id));
  route(
    app,
    applicants.tableUpdate,
    async (req) => updateApplicantTable(db, config, req.actor, req.body),
    mail,
  );
  route(app, applicants.studentList, async (req) => searchStudents(db, req.query));
  // a first-come seat won at the desk is charged and told (decision 086)
  route(app, applicants.add, async (req) => addApplicant(db, config, req.actor, req.body), mail);
  route(app, applicants.detail, async (req) => getApplicantDetail(db, adminOf(req), req.query));
  route(app, applicants.update, async (req) => updateApplicant(db, config, req.actor, req.body), mail);
  route(app, applicants.cancel, async (req) => cancelApplicant(db, config, req.actor, req.body), mail);
}
