import { api } from '@manabi/shared/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { route } from '../../platform/route';
import { getGroups, getSessions, getStudents, getSummary, getTrends, periodOf } from './statistics.service';
import { statisticsCsv } from './statistics-csv.service';

// the figures are the rows as they stand: no cache may keep an old count
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

async function* once<R>(rows: readonly R[]) {
  yield rows;
}

/**
 * The programme in numbers (decision 059): both authorities read, each in its own scope (authority 2: its
 * university's courses), for a fiscal year or a chosen span.
 */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  // a report of figures a few seconds old is as good as one of now: the replica's, when there is one
  // (decision 073)
  const db = app.deps.readDb;
  const s = api.adminStatistics;
  route(app, s.summary, async (req, reply) => {
    noStore(reply);
    return getSummary(db, adminOf(req), periodOf(req.query));
  });
  route(app, s.groups, async (req, reply) => {
    noStore(reply);
    return getGroups(db, adminOf(req), req.query, periodOf(req.query));
  });
  route(app, s.sessions, async (req, reply) => {
    noStore(reply);
    return getSessions(db, adminOf(req), periodOf(req.query));
  });
  route(app, s.students, async (req, reply) => {
    noStore(reply);
    return getStudents(db, adminOf(req), periodOf(req.query));
  });
  route(app, s.trends, async (req, reply) => {
    noStore(reply);
    return getTrends(db, adminOf(req), periodOf(req.query));
  });
  route(app, s.csv, async (req, reply) => {
    const csv = await statisticsCsv(db, adminOf(req), req.query, periodOf(req.query));
    return csv((spec, rows) => sendCsv(reply, spec, once(rows)));
  });
}
