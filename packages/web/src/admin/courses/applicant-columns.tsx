import type { CourseApplicantRow, CourseApplicantRowLimited } from '@manabi/shared/api';
import { codeText, LOTTERY } from '@manabi/shared/codes';
import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { dayJa } from '@manabi/shared/domain/sessions';
import { SESSION_FIELDS } from '@manabi/shared/schemas/applicant';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../ui/button';
import type { Column } from '../../ui/data-table';
import { ChoiceCell, LOTTERY_OPTIONS } from '../attendance/attendance-cells';
import { attendanceColumns } from '../attendance/attendance-columns';
import type { AttendanceEditor } from '../attendance/attendance-editor';
import { paymentText, SESSION_HEADER_ATTR, type SessionDay } from './applicant-table';

/**
 * The columns of a course's applicant tab (SPEC §2): authority 1 gets every column with the editable cells;
 * authority 2 the name_kana column only. The tab's CSV is the server's (shared domain/csv-exports.ts).
 */

type AnyRow = CourseApplicantRow | CourseApplicantRowLimited;

/** Authority 2: only 氏名カナ (SPEC §6). */
export const LIMITED_COLUMNS: Column<AnyRow>[] = [
  { key: 'name_kana', header: '氏名カナ', sortable: true, isRowHeader: true },
];

/** Why a winner became 辞退, as the office reads it (decision 077 adds 未入金). */
const DECLINE_REASON_TEXT: Record<string, string> = {
  lapsed: '辞退（期限切れ）',
  unpaid: '辞退（未入金）',
  declined: '辞退（本人の申出）',
};

/**
 * Where a row stands in the intake cycle (decision 015), in the office's words: 「補欠3番」, the confirm
 * deadline or 確定済み, the date of a 繰り上げ, and why a winner became 辞退. '' when there is nothing to say.
 */
export function intakeStateText(
  row: Pick<
    CourseApplicantRow,
    'lottery_status' | 'waitlist_rank' | 'confirm_by' | 'confirmed_at' | 'promoted_at' | 'decline_reason'
  >,
): string[] {
  const lines: string[] = [];
  if (row.lottery_status === LOTTERY.WAITLISTED && row.waitlist_rank !== null) {
    lines.push(`補欠${row.waitlist_rank}番`);
  }
  if (row.lottery_status === LOTTERY.WON) {
    if (row.confirmed_at) lines.push('確定済み');
    else if (row.confirm_by) lines.push(`確定期限 ${formatDateTimeJa(row.confirm_by)}`);
  }
  if (row.promoted_at) lines.push(`繰り上げ ${formatDateJa(row.promoted_at)}`);
  if (row.lottery_status === LOTTERY.DECLINED && row.decline_reason) {
    lines.push(DECLINE_REASON_TEXT[row.decline_reason] ?? '辞退（本人の申出）');
  }
  return lines;
}

/** 「第3回」, its class day, and 「今日」 on today's. */
function SessionHeader({ no, day, today }: { no: number; day: string | undefined; today: string }) {
  return (
    <span {...{ [SESSION_HEADER_ATTR]: no }} className="flex flex-col whitespace-nowrap">
      <span>第{no}回</span>
      {day && <span className="text-std-16N-170">{dayJa(day, today.slice(0, 4))}</span>}
      {day === today && (
        <span className="w-fit rounded-4 bg-selected px-1 text-std-16B-170 text-on-selected">今日</span>
      )}
    </span>
  );
}

/** 入金状況: the seat's payment and what is still owed or to pay back (decision 086). */
function PaymentCell({ row }: { row: CourseApplicantRow }) {
  const text = paymentText(row);
  if (!text) return null;
  return (
    <div className="flex flex-col whitespace-nowrap">
      <span>{text.state}</span>
      {text.amount && <span className="text-std-16N-170">{text.amount}</span>}
    </div>
  );
}

/** The class days the session headers show, and today (Tokyo), whose column is marked. */
export interface SessionHeaders {
  sessions: readonly SessionDay[];
  today: string;
}

/**
 * The authority-1 columns: 更新, the person, 入金状況, then the editable cells — one session column per session
 * the course has (回数, 1..15), each headed with its class day.
 */
export function fullColumns(
  courseId: number,
  editor: Pick<AttendanceEditor<CourseApplicantRow>, 'cell' | 'isRowTicked' | 'tick'>,
  onPromote?: (row: CourseApplicantRow) => void,
  sessionCount: number = SESSION_FIELDS.length,
  days: SessionHeaders = { sessions: [], today: '' },
): Column<AnyRow>[] {
  const { tick, attendance, cell } = attendanceColumns<CourseApplicantRow>({
    editor,
    rowName: (row) => row.name,
    sessionCount,
  });

  const base: Column<CourseApplicantRow>[] = [
    // 更新, 学生番号 and 氏名 stay in view while the 15 sessions scroll sideways
    tick,
    {
      key: 'login_id',
      header: '学生番号',
      sortable: true,
      isRowHeader: true,
      sticky: true,
      className: 'whitespace-nowrap',
      render: (row) => <Link to={paths.admin.courseApplicant(courseId, row.user_id)}>{row.login_id}</Link>,
    },
    { key: 'name', header: '氏名', sortable: true, sticky: true, className: 'whitespace-nowrap' },
    { key: 'name_kana', header: '氏名カナ', sortable: true, className: 'whitespace-nowrap' },
    {
      key: 'how_apply',
      header: '申込方法',
      sortable: true,
      className: 'whitespace-nowrap',
      render: (row) => codeText('CD005', row.how_apply),
    },
    {
      key: 'lottery_status',
      header: '抽選状況',
      sortable: true,
      render: (row) =>
        row.lottery_status === LOTTERY.CANCELLED ? (
          <span>キャンセル</span>
        ) : (
          <ChoiceCell {...cell(row, 'lottery_status')} options={LOTTERY_OPTIONS} />
        ),
    },
    {
      key: 'waitlist_rank',
      header: '補欠・確定',
      sortable: true,
      sortValue: (row) => row.waitlist_rank ?? Number.POSITIVE_INFINITY,
      className: 'whitespace-nowrap',
      render: (row) => (
        <div className="flex flex-col items-start gap-1">
          {intakeStateText(row).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {onPromote && row.lottery_status === LOTTERY.WAITLISTED && (
            <Button
              variant="secondary"
              className="px-3"
              onPress={() => onPromote(row)}
              aria-label={`${row.name}さんを繰り上げ`}
            >
              繰り上げ
            </Button>
          )}
        </div>
      ),
    },
    {
      key: 'payment_state',
      header: '入金状況',
      render: (row) => <PaymentCell row={row} />,
    },
    ...attendance.map((column) => {
      const no = SESSION_FIELDS.indexOf(column.key as (typeof SESSION_FIELDS)[number]) + 1;
      if (no === 0) return column;
      const day = days.sessions.find((s) => s.no === no)?.day;
      return { ...column, header: <SessionHeader no={no} day={day} today={days.today} /> };
    }),
  ];
  return base as Column<AnyRow>[];
}
