/**
 * Certificates of completion (修了証) and the transcript of units (issue 17 "Certificate and transcript").
 * A certificate exists only for a live application the office has marked 受講済み (CD004 '3'); its number is
 * `{course id}-{application id}`, so the office can find the application it certifies from the paper alone.
 */
import { z } from 'zod';
import { recordId } from '../validation/rules';

/**
 * The bulk print answers at most this many certificates of one course in one read, not streamed (a course
 * has at most a few thousand students). Beyond it `total` says how many finished; the page says so.
 */
export const CERTIFICATES_MAX = 5000;

/** GET /api/mypage/certificate/?id= and GET /api/admin/course/certificates/?id= (the course id). */
export const certificateQuerySchema = z.object({ id: recordId() });

const id = z.number().int();
const ymd = z.string().describe('YYYY-MM-DD');

/**
 * When the course was held: its dated sessions' first and last day (or, without them, the course's 開講日)
 * for the 受講期間, and apart from it the free-text 開催日 (often a weekly time, 「毎週火曜 10:00〜12:00」).
 */
const courseDates = {
  /** the first dated session's day (Asia/Tokyo); null when the course has no dated sessions */
  first_day: ymd.nullable(),
  /** the last dated session's day; null when the course has no dated sessions */
  last_day: ymd.nullable(),
  /** the course's 開講日 ('YYYY-MM-DD'); null when the office gave none */
  start_date: ymd.nullable(),
  /** the free-text 開催日 */
  period: z.string(),
};

/** One certificate: what the paper says (GET /api/mypage/certificate/ answers one). */
export const certificateSchema = z.object({
  /** `{course id}-{application id}`: the same on every print of it */
  certificate_no: z.string(),
  /** Asia/Tokyo today */
  issued_on: ymd,
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  course_id: id,
  course_name: z.string(),
  organ: z.string(),
  ...courseDates,
  /** sessions marked 出席 (CD006 '1') */
  attended_times: z.number().int(),
  /** the course's 全回数 */
  all_times: z.number().int(),
  /** the units the office recorded for this student on this course */
  acquisition_unit: z.number().int(),
});
export type Certificate = z.output<typeof certificateSchema>;

/** GET /api/admin/course/certificates/: every 受講済み student of the course, in 学生番号 order. */
export const courseCertificatesResponseSchema = z.object({
  course_id: id,
  course_name: z.string(),
  /** how many students finished the course (data_list stops at CERTIFICATES_MAX) */
  total: z.number().int(),
  data_list: z.array(certificateSchema),
});
export type CourseCertificates = z.output<typeof courseCertificatesResponseSchema>;

/** One course of the transcript. */
export const transcriptItemSchema = z.object({
  course_id: id,
  course_name: z.string(),
  organ: z.string(),
  ...courseDates,
  acquisition_unit: z.number().int(),
});
export type TranscriptItem = z.output<typeof transcriptItemSchema>;

/** GET /api/mypage/transcript/: every course the student finished, first class day first, and the total. */
export const transcriptResponseSchema = z.object({
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  issued_on: ymd,
  /** the units of the courses listed (受講済み only) */
  acquisition_unit_sum: z.number().int(),
  /** units carried from before, as the office entered them (total_units; decision 089) */
  carried_units: z.number().int(),
  data_list: z.array(transcriptItemSchema),
});
export type Transcript = z.output<typeof transcriptResponseSchema>;
