import {
  auditActionText,
  auditActorText,
  auditRowLines,
  auditViaText,
  courseRefText,
} from '@manabi/shared/domain/audit-text';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { AuditRow } from '@manabi/shared/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../lib/api';
import { paths } from '../lib/paths';
import { TextLink } from '../ui/button';
import { type Column, DataTable } from '../ui/data-table';

/**
 * An audit entry as a table row (decision 067), for the audit page and for the 操作の記録 tab of a student's
 * and a course's page: when; what, who and how; whom and which course; what it wrote.
 */
export const auditColumns: Column<AuditRow>[] = [
  {
    key: 'at',
    header: '日時',
    className: 'min-w-[8rem] max-w-[9rem]',
    render: (row) => formatDateTimeJa(row.at),
  },
  {
    key: 'action',
    header: '操作',
    isRowHeader: true,
    className: 'min-w-[8rem] max-w-[11rem]',
    render: (row) => (
      <>
        {auditActionText(row)}
        <span className="block text-std-16N-170">{auditActorText(row)}</span>
        <span className="block text-std-16N-170">経路：{auditViaText(row.via)}</span>
      </>
    ),
  },
  {
    key: 'student',
    header: '学生・講座',
    className: 'min-w-[9rem] max-w-[13rem] wrap-anywhere',
    render: (row) => (
      <>
        {row.student &&
          (row.student.name ? (
            <Link to={paths.admin.studentDetail(row.student.id)}>
              {row.student.name}（{row.student.login_id || '学生番号なし'}）
            </Link>
          ) : (
            <span>学生（ID {row.student.id}）</span>
          ))}
        {row.course && (
          <span className="block">
            <Link to={paths.admin.courseDetail(row.course.id, 1)}>
              {row.course.name ? courseRefText(row.course) : `講座（ID ${row.course.id}）`}
            </Link>
          </span>
        )}
        {!row.student && !row.course && '—'}
      </>
    ),
  },
  {
    key: 'detail',
    header: '内容',
    className: 'min-w-[12rem] wrap-anywhere',
    render: (row) => {
      const lines = auditRowLines(row);
      const mergeId = row.action === 'merge' ? row.detail?.merge_id : undefined;
      return (
        <>
          {lines.length ? (
            <ul className="space-y-1">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            '—'
          )}
          {typeof mergeId === 'number' && (
            <TextLink to={paths.admin.mergeUndo(mergeId)}>この統合を確認・取り消す</TextLink>
          )}
        </>
      );
    },
  },
];

const TIMELINE_SIZE = '50';

/** The newest entries about one student or one course (GET /api/admin/audit/list/), read afresh each time. */
const timelineQuery = (about: { student: number } | { course: number }) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'timeline', about],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminAudit.list,
        'student' in about
          ? { user_id: String(about.student), size: TIMELINE_SIZE }
          : { course_id: String(about.course), size: TIMELINE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });

/**
 * The 操作の記録 tab of a student's or a course's page (authority 1): its newest 50 entries, and the way to
 * all of them in the audit page, where they can be searched and downloaded.
 */
export function AuditTimeline({ about }: { about: { student: number } | { course: number } }) {
  const list = useQuery(timelineQuery(about));
  const all = paths.admin.audit('student' in about ? { student: about.student } : { course: about.course });
  const total = list.data?.total ?? 0;
  return (
    <div className="space-y-4">
      <p>
        {'student' in about ? 'この学生' : 'この講座'}
        について行われた操作です（新しい順に{TIMELINE_SIZE}件まで）。
        <TextLink to={all}>すべての記録を検索・ダウンロードする</TextLink>
      </p>
      <DataTable
        caption="操作の記録"
        columns={auditColumns}
        rows={list.data?.data_list ?? []}
        total={Math.min(total, Number(TIMELINE_SIZE))}
        rowKey={(row) => row.id}
        isLoading={list.isFetching}
        loadingLabel="読み込み中..."
        emptyText="まだ記録はありません。"
        pageSizeOptions={[Number(TIMELINE_SIZE)]}
        defaultPageSize={Number(TIMELINE_SIZE)}
      />
    </div>
  );
}
