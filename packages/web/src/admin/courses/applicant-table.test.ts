import type { CourseApplicantRow, SessionAttendance } from '@manabi/shared/api';
import { applicantListUpdateBodySchema } from '@manabi/shared/schemas/applicant';
import { describe, expect, it } from 'vitest';
import { cellErrors, NO_EDITS } from '../attendance/table-editing';
import {
  applicantEditing,
  buildTableUpdate,
  carriedRows,
  currentSessionNo,
  NO_ROWS,
  paymentText,
  scrollLeftFor,
  withCarried,
} from './applicant-table';

const { cellValue, editCell, isCellChanged, isRowTicked, rebaseEdits, tickedCount, tickRow } =
  applicantEditing;

const row = (studentId: number, patch: Partial<CourseApplicantRow> = {}): CourseApplicantRow => ({
  course_applicant_id: studentId * 10,
  course_id: 7,
  user_id: studentId,
  student_id: studentId,
  login_id: `2404000${studentId}`,
  name: `学生${studentId}`,
  name_kana: `ガクセイ${studentId}`,
  lottery_status: '1',
  how_apply: '1',
  attendance_status: '1',
  attendance_updated_date: null,
  acquisition_unit: 0,
  ...(Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, '0']),
  ) as SessionAttendance),
  updated_at: `2026-11-2${studentId}T01:02:03.456Z`,
  is_cancel: false,
  waitlist_rank: null,
  confirm_by: null,
  confirmed_at: null,
  promoted_at: null,
  decline_reason: null,
  payment_state: 'none',
  outstanding: 0,
  refund_owed: 0,
  ...patch,
});

describe('applicant table editing (SPEC §4)', () => {
  const a = row(1);
  const b = row(2);

  it('ticks the row and highlights the cell on an edit; typing the original back undoes both', () => {
    let edits = editCell(NO_EDITS, a, 'acquisition_unit', '2');
    expect(isRowTicked(a, edits)).toBe(true);
    expect(isCellChanged(a, edits, 'acquisition_unit')).toBe(true);
    expect(cellValue(a, edits, 'acquisition_unit')).toBe('2');
    expect(isRowTicked(b, edits)).toBe(false);
    edits = editCell(edits, a, 'acquisition_unit', '0');
    expect(isRowTicked(a, edits)).toBe(false);
    expect(isCellChanged(a, edits, 'acquisition_unit')).toBe(false);
    expect(edits.size).toBe(0);
  });

  it('a lottery-status change also flags the attendance update; other cells do not', () => {
    const sessions = editCell(NO_EDITS, a, 'attendance3', '1');
    expect(sessions.get(1)?.isUpdateAttendance).toBe(false);
    const lottery = editCell(sessions, a, 'lottery_status', '2');
    expect(lottery.get(1)?.isUpdateAttendance).toBe(true);
  });

  it('a hand-ticked unchanged row is sent as it is; an unticked edited row is not sent', () => {
    let edits = tickRow(NO_EDITS, b, true);
    edits = editCell(edits, a, 'lottery_status', '2');
    edits = tickRow(edits, a, false);
    expect(tickedCount([a, b], edits)).toBe(1);
    const { body, rowKey } = buildTableUpdate(7, [a, b], edits);
    expect(body.student_id_0).toBe(2);
    expect(body.lottery_status_0).toBe('1');
    expect(body.student_id_1).toBeUndefined();
    expect(rowKey.get(0)).toBe(2);
    // the unticked row keeps its change on screen
    expect(cellValue(a, edits, 'lottery_status')).toBe('2');
  });

  it('builds the SPEC §7 flattened body that the shared schema (and so the server) accepts', () => {
    let edits = editCell(NO_EDITS, a, 'lottery_status', '2');
    edits = editCell(edits, b, 'attendance15', '2');
    edits = editCell(edits, b, 'acquisition_unit', ' 12 ');
    const { body } = buildTableUpdate(7, [a, b], edits);
    expect(body).toMatchObject({
      course_id: 7,
      is_update_0: '1',
      is_update_attendance_0: '1',
      student_id_0: 1,
      lottery_status_0: '2',
      updated_at_0: a.updated_at,
      is_update_1: '1',
      is_update_attendance_1: '0',
      attendance_1_15: '2',
      attendance_1_1: '0',
      acquisition_unit_1: '12',
    });
    const parsed = applicantListUpdateBodySchema.parse(body);
    expect(parsed.rows.map((r) => [r.student_id, r.lottery_status, r.acquisition_unit])).toEqual([
      [1, '2', 0],
      [2, '1', 12],
    ]);
    expect(parsed.rows[1]?.attendance[14]).toBe('2');
  });

  it('puts flattened error names on the cells of the right students', () => {
    let edits = editCell(NO_EDITS, a, 'lottery_status', '2');
    edits = editCell(edits, b, 'acquisition_unit', '100000');
    const { body, rowKey } = buildTableUpdate(7, [a, b], edits);
    const parsed = applicantListUpdateBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const errList = (parsed.error?.issues ?? []).map((i) => ({ name: String(i.path[0]), msg: i.message }));
    const errors = cellErrors([...errList, { name: 'attendance_0_4', msg: 'x' }], rowKey);
    expect(errors.get(2)?.get('acquisition_unit')).toBeTruthy();
    expect(errors.get(1)?.get('attendance4')).toBe('x');
    expect(errors.get(1)?.has('acquisition_unit')).toBe(false);
  });

  it('after a reload keeps only the admin’s own changes over the fresh rows', () => {
    let edits = editCell(NO_EDITS, a, 'lottery_status', '2');
    edits = editCell(edits, a, 'attendance1', '1');
    edits = editCell(edits, b, 'acquisition_unit', '3');
    // someone else set a's session 1 to 出席 as well, and b left the list
    const fresh = row(1, { attendance1: '1', updated_at: '2026-11-22T00:00:00.000Z' });
    const rebased = rebaseEdits(edits, [fresh]);
    expect(cellValue(fresh, rebased, 'lottery_status')).toBe('2');
    expect(isCellChanged(fresh, rebased, 'attendance1')).toBe(false);
    expect(rebased.has(2)).toBe(false);
    expect(buildTableUpdate(7, [fresh], rebased).body.updated_at_0).toBe(fresh.updated_at);
  });
});

describe('rows edited on another page (the tab reads one page at a time, decision 020)', () => {
  const a = row(1);
  const b = row(2);
  const c = row(3);

  it('carries an edited row off its page: 更新する still counts and sends it, the page first', () => {
    const edits = editCell(NO_EDITS, a, 'attendance_status', '2');
    // page 1 (a, b) was shown when a was edited; then page 2 (c) is shown
    const carried = carriedRows(carriedRows(NO_ROWS, [a, b], edits), [c], edits);
    expect([...carried.keys()]).toEqual([1]);
    const rows = withCarried([c], carried);
    expect(rows.map((r) => r.student_id)).toEqual([3, 1]);
    expect(tickedCount(rows, edits)).toBe(1);
    const { body, rowKey } = buildTableUpdate(7, rows, edits);
    expect(body).toMatchObject({ student_id_0: 1, attendance_status_0: '2', updated_at_0: a.updated_at });
    expect([...rowKey]).toEqual([[0, 1]]);
  });

  it('shows the page row, not the carried copy, when the row is on the page again', () => {
    const edits = tickRow(NO_EDITS, a, true);
    const carried = carriedRows(NO_ROWS, [a], edits);
    const fresher = row(1, { updated_at: '2026-12-01T00:00:00.000Z' });
    expect(withCarried([fresher, b], carried)).toEqual([fresher, b]);
  });

  it('lets a row go once its edit is undone, saved or dropped; the same map when nothing changed', () => {
    const edits = editCell(NO_EDITS, a, 'acquisition_unit', '3');
    const carried = carriedRows(NO_ROWS, [a, b], edits);
    expect(carriedRows(carried, [c], edits)).toBe(carried);
    expect(carriedRows(carried, [c], NO_EDITS).size).toBe(0);
    expect(carriedRows(NO_ROWS, [a, b], NO_EDITS)).toBe(NO_ROWS);
  });
});

describe('the session the table opens at', () => {
  const days = [
    { no: 1, day: '2026-05-07' },
    { no: 2, day: '2026-05-14' },
    { no: 3, day: '2026-05-21' },
    { no: 4, day: '2026-05-28' },
  ];
  it("is today's class, else the next one to come", () => {
    expect(currentSessionNo(days, '2026-05-14', 4)).toBe(2);
    expect(currentSessionNo(days, '2026-05-15', 4)).toBe(3);
    expect(currentSessionNo(days, '2026-04-01', 4)).toBe(1);
    // out of order as given, and two classes on one day: the first of the day
    const twice = [days[2]!, { no: 5, day: '2026-05-14' }, days[1]!];
    expect(currentSessionNo(twice, '2026-05-10', 5)).toBe(2);
  });

  it('is none once every class has passed, without class days, or past the columns shown', () => {
    expect(currentSessionNo(days, '2026-05-29', 4)).toBeNull();
    expect(currentSessionNo([], '2026-05-14', 4)).toBeNull();
    // the course has 3 columns: the 4th class day has no column
    expect(currentSessionNo(days, '2026-05-22', 3)).toBeNull();
  });

  it('scrolls so that the column starts right after the sticky columns', () => {
    // the column 900px into a region at 200px, already 100px scrolled, under 300px of sticky columns
    expect(scrollLeftFor(900, 200, 100, 300)).toBe(500);
    // a column already beside the sticky ones needs no scroll; never a negative one
    expect(scrollLeftFor(400, 200, 0, 300)).toBe(0);
  });
});

describe('the payment column', () => {
  it('says the state in the counter’s words, and what is still owed or owed back', () => {
    const won = { lottery_status: '2' };
    expect(paymentText(row(1, { ...won, payment_state: 'unpaid', outstanding: 3500 }))).toEqual({
      state: '未入金',
      amount: '残り 3,500円',
    });
    expect(paymentText(row(1, { ...won, payment_state: 'partial', outstanding: 2500 }))).toEqual({
      state: '一部入金',
      amount: '残り 2,500円',
    });
    expect(paymentText(row(1, { ...won, payment_state: 'paid' }))).toEqual({ state: '入金済み', amount: '' });
    expect(paymentText(row(1, { ...won, payment_state: 'over', refund_owed: 500 }))).toEqual({
      state: '払いすぎ（返金が必要）',
      amount: '返金 500円',
    });
    expect(paymentText(row(1, { ...won, payment_state: 'none' }))).toEqual({ state: '不要', amount: '' });
  });

  it('says nothing of a seat not won and never charged', () => {
    expect(paymentText(row(1, { lottery_status: '1', payment_state: 'none' }))).toBeNull();
    expect(paymentText(row(1, { lottery_status: '5', payment_state: 'none' }))).toBeNull();
    // a cancelled seat that paid still shows what is owed back
    expect(paymentText(row(1, { lottery_status: '4', payment_state: 'over', refund_owed: 3500 }))).toEqual({
      state: '払いすぎ（返金が必要）',
      amount: '返金 3,500円',
    });
  });
});
