import type { CourseApplicantRow } from '@manabi/shared/api';
import { LOTTERY } from '@manabi/shared/codes';
import { PAYMENT_STATE_LABEL, yenText } from '@manabi/shared/domain/fees';
import { SESSION_FIELDS, SESSION_NUMBERS, type SessionField } from '@manabi/shared/schemas/applicant';
import type { TableUpdate } from '../attendance/attendance-editor';
import { type EditableField, type Edits, tableEditing } from '../attendance/table-editing';

/** The applicant table of a course (SPEC §4): rows are students. */
export const applicantEditing = tableEditing<CourseApplicantRow>((row) => row.student_id);

/**
 * SPEC §7 courseapplicantlist/update: course_id plus the ticked rows' flattened fields, numbered 0.. in the
 * table's order, with `rowKey` mapping each n back to the student_id (errors go on its cells).
 */
export function buildTableUpdate(
  courseId: number,
  rows: readonly CourseApplicantRow[],
  edits: Edits,
): TableUpdate {
  const body: Record<string, string | number> = { course_id: courseId };
  const { cellValue } = applicantEditing;
  const rowKey = new Map<number, number>();
  let n = 0;
  for (const row of rows) {
    const edit = edits.get(row.student_id);
    if (!edit?.isUpdate) continue;
    const value = (field: EditableField) => cellValue(row, edits, field);
    body[`is_update_${n}`] = '1';
    body[`is_update_attendance_${n}`] = edit.isUpdateAttendance ? '1' : '0';
    body[`student_id_${n}`] = row.student_id;
    body[`lottery_status_${n}`] = value('lottery_status');
    body[`attendance_status_${n}`] = value('attendance_status');
    body[`acquisition_unit_${n}`] = value('acquisition_unit');
    SESSION_NUMBERS.forEach((i, index) => {
      body[`attendance_${n}_${i}`] = value(SESSION_FIELDS[index] as SessionField);
    });
    body[`updated_at_${n}`] = row.updated_at;
    rowKey.set(n, row.student_id);
    n += 1;
  }
  return { body, rowKey };
}

export const NO_ROWS: ReadonlyMap<number, CourseApplicantRow> = new Map();

/**
 * The applicant tab reads one page at a time (decision 020): rows edited or ticked on another page are
 * carried, so 更新する sends and counts them all. The page's rows, then the carried ones not on it.
 */
export function withCarried(
  rows: readonly CourseApplicantRow[],
  carried: ReadonlyMap<number, CourseApplicantRow>,
) {
  const shown = new Set(rows.map((r) => r.student_id));
  return [...rows, ...[...carried.values()].filter((r) => !shown.has(r.student_id))];
}

/**
 * The rows with an edit or a tick, as last seen: those carried before that still have one, and the page's
 * (the same map when nothing changed, so the effect settles).
 */
export function carriedRows(
  current: ReadonlyMap<number, CourseApplicantRow>,
  page: readonly CourseApplicantRow[],
  edits: ReadonlyMap<number, unknown>,
): ReadonlyMap<number, CourseApplicantRow> {
  const next = new Map<number, CourseApplicantRow>();
  for (const [key, row] of current) if (edits.has(key)) next.set(key, row);
  for (const row of page) if (edits.has(row.student_id)) next.set(row.student_id, row);
  const same = next.size === current.size && [...next].every(([key, row]) => current.get(key) === row);
  return same ? current : next;
}

// ---- the session columns: which one the table opens at (decision 086) ----

/** The `data-session` a session column's header carries: the table opens scrolled to it. */
export const SESSION_HEADER_ATTR = 'data-session';

/** A dated class of the course: session `no` is the table's attendance column `no`. */
export interface SessionDay {
  no: number;
  /** 'YYYY-MM-DD', Tokyo */
  day: string;
}

/**
 * The session column the applicant table opens scrolled to: the class dated `today` (Tokyo), else the next one
 * to come, among the `count` columns the table shows. None before the course has dated classes, nor once every
 * class has passed: the office then works on 受講状況 and 取得単位, which come first.
 */
export function currentSessionNo(
  sessions: readonly SessionDay[],
  today: string,
  count: number,
): number | null {
  const next = sessions
    .filter((s) => s.no >= 1 && s.no <= count && s.day >= today)
    .sort((a, b) => (a.day === b.day ? a.no - b.no : a.day < b.day ? -1 : 1))[0];
  return next?.no ?? null;
}

/**
 * How far to scroll a table's region so that a column starts right after its sticky columns: the column's
 * left edge within the scrolled content (`contentLeft`: where it starts on screen, inside the region's
 * border), less the sticky columns' width (never below 0).
 */
export function scrollLeftFor(
  columnLeft: number,
  contentLeft: number,
  scrolled: number,
  stickyWidth: number,
) {
  return Math.max(0, Math.round(columnLeft - contentLeft + scrolled - stickyWidth));
}

// ---- the payment column (decision 086) ----

/** The applicant tab's words for a seat's payment: the payment screens', a winner's nothing to pay 不要. */
const PAYMENT_WORDS: Record<CourseApplicantRow['payment_state'], string> = {
  ...PAYMENT_STATE_LABEL,
  none: '不要',
};

/**
 * What the 入金状況 cell says: the state, and the yen still owed or to pay back. A seat not won and never
 * charged says nothing (it may yet be, once drawn): only a winner with nothing to pay reads 不要.
 */
export function paymentText(
  row: Pick<CourseApplicantRow, 'payment_state' | 'outstanding' | 'refund_owed' | 'lottery_status'>,
): { state: string; amount: string } | null {
  if (row.payment_state === 'none' && row.lottery_status !== LOTTERY.WON) return null;
  const state = PAYMENT_WORDS[row.payment_state];
  if (row.outstanding > 0) return { state, amount: `残り ${yenText(row.outstanding)}` };
  if (row.refund_owed > 0) return { state, amount: `返金 ${yenText(row.refund_owed)}` };
  return { state, amount: '' };
}
