/**
 * A course's dated sessions (decision 028). Session n (its place in the list, from 1) is
 * attendance n of the 15 the spec has; day and times are Asia/Tokyo wall-clock values. The spec's free-text
 * 開催日 (`period`) stays the display text: a course without sessions works as before.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { dateYmd, text } from '../validation/rules';

export const COURSE_SESSIONS_MAX = 15;
export const COURSE_SESSION_ROOM_MAX = 100;
export const COURSE_BRING_MAX = 200;

export const SESSION_MSG = {
  time: '時刻は「13:00」のように入力してください',
  endAfterStart: '終了時刻は開始時刻より後にしてください',
  tooMany: (n: number) => `授業日は${n}回までです`,
  moreThanAllTimes: '授業日の数が全回数を超えています',
  sameDayTwice: '同じ日時の授業日が重なっています',
} as const;

const HM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM', 24-hour (a full-width or one-digit hour is read: ９:００ → 09:00). */
function timeHm({ required = false }: { required?: boolean } = {}) {
  return text({ required })
    .transform((v) => {
      const half = v.replace(/[０-９：]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
      const m = /^(\d{1,2}):(\d{2})$/.exec(half);
      return m ? `${m[1]?.padStart(2, '0')}:${m[2]}` : half;
    })
    .refine((v) => v === '' || HM.test(v), { error: SESSION_MSG.time });
}

export const courseSessionSchema = z
  .object({
    day: dateYmd({ required: true }),
    start: timeHm({ required: true }),
    end: timeHm({ required: true }),
    room: text({ max: COURSE_SESSION_ROOM_MAX }),
  })
  .superRefine((s, ctx) => {
    if (HM.test(s.start) && HM.test(s.end) && s.end <= s.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: SESSION_MSG.endAfterStart, input: s.end });
  });
export type CourseSession = z.output<typeof courseSessionSchema>;

/** The course form's sessions: at most 15, none twice at the same day and time. */
export const courseSessionsSchema = z
  .array(courseSessionSchema, { error: MSG.invalidValue })
  .max(COURSE_SESSIONS_MAX, { error: SESSION_MSG.tooMany(COURSE_SESSIONS_MAX) })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      const key = `${s.day} ${s.start}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'day'], message: SESSION_MSG.sameDayTwice, input: s.day });
      seen.add(key);
    });
  });

/** The course form's class-day fields (beside the spec's). */
export const courseClassDayFields = {
  /** omitted = keep the sessions the course has; [] = none */
  sessions: courseSessionsSchema.optional(),
  /** '1' = the day-before reminder goes out; '' (not sent) keeps what the course has, '1' for a new one */
  remind: text().refine((v) => v === '' || v === '0' || v === '1', { error: MSG.invalidChoice }),
  bring: text({ max: COURSE_BRING_MAX }),
};

/** How many sessions a course of `allTimes` may have dated. */
export const sessionsFit = (sessions: readonly unknown[] | undefined, allTimes: string | number) =>
  !sessions || Number(allTimes) === 0 || sessions.length <= Number(allTimes);
