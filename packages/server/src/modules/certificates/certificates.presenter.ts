/**
 * Certificates and the transcript: a finished application's row to what the paper says.
 */
import { SESSION_ATTENDANCE } from '@manabi/shared/codes';
import type { Certificate, TranscriptItem } from '@manabi/shared/schemas/certificate';

/** A live 受講済み application with its course, its student and its dated sessions' first and last day. */
export interface FinishedRow {
  applicationId: number;
  attendance: string[];
  acquisitionUnit: number;
  courseId: number;
  courseName: string;
  organ: string;
  period: string;
  startDate: string | null;
  allTimes: number;
  firstDay: string | null;
  lastDay: string | null;
  loginId: string | null;
  name: string;
  nameKana: string;
}

/**
 * The certificate number: the course and the application it certifies, so it is the same on every print
 * and the office can look it up (the applicant list of course `c`, application `a`).
 */
export const certificateNo = (courseId: number, applicationId: number) => `${courseId}-${applicationId}`;

/** Sessions marked 出席 (CD006 '1'); 欠席 and 遅刻・早退 are not 出席. */
export const attendedTimes = (attendance: readonly string[]) =>
  attendance.filter((v) => v === SESSION_ATTENDANCE.PRESENT).length;

const datesOf = (r: FinishedRow) => ({
  first_day: r.firstDay,
  last_day: r.lastDay,
  start_date: r.startDate || null,
  period: r.period,
});

export function presentCertificate(r: FinishedRow, issuedOn: string): Certificate {
  return {
    certificate_no: certificateNo(r.courseId, r.applicationId),
    issued_on: issuedOn,
    login_id: r.loginId ?? '',
    name: r.name,
    name_kana: r.nameKana,
    course_id: r.courseId,
    course_name: r.courseName,
    organ: r.organ,
    ...datesOf(r),
    attended_times: attendedTimes(r.attendance),
    all_times: r.allTimes,
    acquisition_unit: r.acquisitionUnit,
  };
}

export const presentTranscriptItem = (r: FinishedRow): TranscriptItem => ({
  course_id: r.courseId,
  course_name: r.courseName,
  organ: r.organ,
  ...datesOf(r),
  acquisition_unit: r.acquisitionUnit,
});
