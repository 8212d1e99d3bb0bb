import { CONTACT_CSV, CONTACT_CSV_LIMITED, LABEL_CSV } from '@manabi/shared/domain/csv-exports';
import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { route } from '../../platform/route';
import {
  addCall,
  contactCsvRows,
  contactCsvRowsLimited,
  listContacts,
  studentContact,
} from './contact.service';
import { labels, letters, lettersPrinted } from './contact-letters.service';

/**
 * Reaching every student (decision 065), beyond SPEC §7: the contact list (both authorities, each in its own
 * scope), and for authority 1 a student's contact record, the calls, the letters and the address labels.
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const c = api.adminContact;
  route(app, c.list, async (req, reply) => {
    // who still waits is the rows as they stand: no cache may keep an old list
    reply.header('cache-control', 'no-store');
    return listContacts(db, config, adminOf(req), req.query);
  });
  route(app, c.csv, async (req, reply) => {
    const admin = adminOf(req);
    return admin.authority === 1
      ? sendCsv(reply, CONTACT_CSV, contactCsvRows(db, config, admin, req.query))
      : sendCsv(reply, CONTACT_CSV_LIMITED, contactCsvRowsLimited(db, config, admin, req.query));
  });
  route(app, c.student, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return studentContact(db, req.query.user_id);
  });
  route(app, c.callAdd, async (req) => addCall(db, adminOf(req), req.body));
  route(app, c.letters, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return letters(db, config, adminOf(req), req.query);
  });
  route(app, c.lettersPrinted, async (req) => lettersPrinted(db, adminOf(req), req.body));
  route(app, c.labels, async (req, reply) =>
    sendCsv(reply, LABEL_CSV, await labels(db, config, adminOf(req), req.query)),
  );
}
