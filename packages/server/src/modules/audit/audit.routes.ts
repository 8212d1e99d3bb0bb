import { AUDIT_CSV } from '@manabi/shared/domain/csv-exports';
import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../platform/csv-download';
import { route } from '../../platform/route';
import { auditCsvRows, listAudit } from './audit.service';

/** The audit log, readable (decision 067), beyond SPEC §7: authority 1 only (the contract's guard). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  // searched after the fact: an entry a moment old may be missing for that moment (decision 073)
  const db = app.deps.readDb;
  route(app, api.adminAudit.list, async (req, reply) => {
    // what was done is what the log holds now: no cache may keep an older page
    reply.header('cache-control', 'no-store');
    return listAudit(db, req.query);
  });
  route(app, api.adminAudit.csv, async (req, reply) =>
    sendCsv(reply, AUDIT_CSV, await auditCsvRows(db, req.query)),
  );
}
