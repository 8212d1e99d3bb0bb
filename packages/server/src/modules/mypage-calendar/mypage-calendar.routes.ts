import { mypageCourseQuerySchema } from '@manabi/shared/schemas/mypage-course';
import {
  calendarFeedIssuedResponseSchema,
  icsResponseSchema,
  mypageScheduleResponseSchema,
  resultResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studentOf } from '../../platform/context';
import { contentDisposition } from '../../platform/csv-download';
import { courseCalendar, feedCalendar, issueFeed, mySchedule, revokeFeed } from './mypage-calendar.service';

/** The feed and the schedule's writes read nothing from the body (the student is the session's). */
const noFieldsBodySchema = z.object({});
const feedParamsSchema = z.object({
  token: z.string().describe('the secret of the address (never logged: platform/logging.ts redactUrl)'),
});

const calendarText = (reply: FastifyReply, text: string) =>
  reply.type('text/calendar; charset=utf-8').send(Buffer.from(text, 'utf8'));

/**
 * My calendar (issue 17, decision 028): the student's upcoming classes, their calendar feed (issue, revoke)
 * and one course's classes as a file — student sessions only — and the feed itself, which a phone's
 * calendar reads without any cookie: its secret address is the only credential.
 */
export async function mypageCalendarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const guard = { onRequest: app.guards.student };

  r.get(
    '/mypage/schedule/',
    { ...guard, schema: { response: { 200: mypageScheduleResponseSchema } } },
    (req) => mySchedule(db, studentOf(req)),
  );
  r.post(
    '/mypage/schedule/feed/',
    {
      ...guard,
      schema: { body: noFieldsBodySchema, response: { 200: calendarFeedIssuedResponseSchema } },
    },
    async (req, reply) => {
      // the address is a secret shown once: no cache keeps it
      reply.header('cache-control', 'no-store');
      return issueFeed(db, config.publicUrl, studentOf(req));
    },
  );
  r.post(
    '/mypage/schedule/feed/delete/',
    { ...guard, schema: { body: noFieldsBodySchema, response: { 200: resultResponseSchema } } },
    (req) => revokeFeed(db, studentOf(req)),
  );
  r.get(
    '/mypage/course/ics/',
    { ...guard, schema: { querystring: mypageCourseQuerySchema, response: { 200: icsResponseSchema } } },
    async (req, reply) => {
      const file = await courseCalendar(db, config.publicUrl, Number(req.query.id));
      reply
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store');
      return calendarText(reply, file.text);
    },
  );

  // Public: no session. Not rate-limited per address: one calendar service (Google's, Apple's) reads the
  // feeds of many students from the same few addresses; the 256-bit secret is what keeps it safe.
  r.get(
    '/calendar/:token.ics',
    { schema: { params: feedParamsSchema, response: { 200: icsResponseSchema } } },
    async (req, reply) => {
      // on the 404 too: nothing about the address is kept or passed on
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      return calendarText(reply, await feedCalendar(db, config.publicUrl, req.params.token));
    },
  );
}
