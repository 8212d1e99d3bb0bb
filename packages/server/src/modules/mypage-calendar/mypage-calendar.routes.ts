import { api } from '@manabi/shared/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { studentOf } from '../../platform/context';
import { contentDisposition } from '../../platform/csv-download';
import { route } from '../../platform/route';
import { courseCalendar, feedCalendar, issueFeed, mySchedule, revokeFeed } from './mypage-calendar.service';

const calendarText = (reply: FastifyReply, text: string) =>
  reply.type('text/calendar; charset=utf-8').send(Buffer.from(text, 'utf8'));

/**
 * My calendar (decision 028): the student's upcoming classes, their calendar feed (issue, revoke)
 * and one course's classes as a file — student sessions only — and the feed itself, which a phone's
 * calendar reads without any cookie: its secret address is the only credential.
 */
export async function mypageCalendarRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { mypage } = api;

  route(app, mypage.schedule, (req) => mySchedule(db, studentOf(req)));
  route(app, mypage.scheduleFeed, async (req, reply) => {
    // the address is a secret shown once: no cache keeps it
    reply.header('cache-control', 'no-store');
    return issueFeed(db, config.publicUrl, studentOf(req));
  });
  route(app, mypage.scheduleFeedDelete, (req) => revokeFeed(db, studentOf(req)));
  route(app, mypage.courseIcs, async (req, reply) => {
    const file = await courseCalendar(db, config.publicUrl, Number(req.query.id));
    reply
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store');
    return calendarText(reply, file.text);
  });

  // Public: no session. Not rate-limited per address: one calendar service (Google's, Apple's) reads the
  // feeds of many students from the same few addresses; the 256-bit secret is what keeps it safe.
  route(app, api.common.calendarFeed, async (req, reply) => {
    // on the 404 too: nothing about the address is kept or passed on
    reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    return calendarText(reply, await feedCalendar(db, config.publicUrl, req.params.token));
  });
}
