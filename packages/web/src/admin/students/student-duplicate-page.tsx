import type { DuplicateRow, StudentDuplicates } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  DUPLICATE_GROUP_LIMIT,
  DUPLICATE_GROUPS,
  type DuplicateGroup,
} from '@manabi/shared/schemas/student-list';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { type Column, DataTable } from '../../ui/data-table';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { useStudentDuplicates } from './api/student-list';
import { CandidatesSection } from './student-candidates';

/** Shown for a blank name, town or birthday (SPEC §2: "unregistered shows a placeholder"). */
const BLANK = '未登録';

/** What each group means; groups are exclusive: a student is listed only in the strongest one it matches. */
const GROUP_TITLES: Record<DuplicateGroup, string> = {
  nm_sn_bd: '氏名・町名・生年月日が一致',
  nm_sn: '氏名・町名が一致（生年月日は不一致）',
  nm_bd: '氏名・生年月日が一致（町名は不一致）',
  sn_bd: '町名・生年月日が一致（氏名は不一致）',
  nm: '氏名のみ一致',
  sn: '町名のみ一致',
  bd: '生年月日のみ一致',
};

/** Approved students open their detail; the others (no student number yet) their approval screen. */
const studentLink = (row: DuplicateRow) =>
  row.approval_status === APPROVAL.APPROVED
    ? paths.admin.studentDetail(row.user_id)
    : paths.admin.studentApproval(row.user_id);

const columns: Column<DuplicateRow>[] = [
  {
    key: 'login_id',
    header: '学生番号',
    className: 'whitespace-nowrap',
    render: (row) => <Link to={studentLink(row)}>{row.login_id ?? `${BLANK}（承認前）`}</Link>,
  },
  { key: 'name', header: '氏名', isRowHeader: true, render: (row) => row.name || BLANK },
  { key: 'street_name1', header: '町名', render: (row) => row.street_name1 || BLANK },
  {
    key: 'birthday',
    header: '生年月日',
    className: 'whitespace-nowrap',
    render: (row) => (row.birthday ? formatDateJa(row.birthday) : BLANK),
  },
];

/**
 * /admin/student/duplicate/{userId} (SPEC §2): the pending or rejected student (name, town, birthday) and
 * the seven groups of possible duplicates, each with its count and a table. Names are compared with width
 * and spaces normalised. A missing or approved student goes to /admin/404.
 */
export function Component() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.admin.notFound()} replace />;
  return <Duplicates userId={id} />;
}

function Duplicates({ userId }: { userId: number }) {
  const { data } = useStudentDuplicates(userId);
  if (!data) return <FullPageSpinner />;
  const target = data.user_data;
  return (
    <div className="space-y-8">
      <PageTitle>重複の確認</PageTitle>
      <section
        aria-labelledby="duplicate-target-heading"
        className="space-y-4 rounded-8 border border-line p-4"
      >
        <h2 id="duplicate-target-heading" className="text-std-20B-150">
          確認する学生
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-std-16N-170 text-ink sm:grid-cols-[auto_1fr]">
          <dt className="text-std-16B-170">氏名</dt>
          <dd>{target.name || BLANK}</dd>
          <dt className="text-std-16B-170">町名</dt>
          <dd>{target.street_name1 || BLANK}</dd>
          <dt className="text-std-16B-170">生年月日</dt>
          <dd>{target.birthday ? formatDateJa(target.birthday) : BLANK}</dd>
        </dl>
        <p className="text-std-16N-170 text-ink">
          ほかの学生（承認待ち・却下を含む）と、氏名（全角・半角や空白の違いは無視）、町名、生年月日を比べています。
          学生は一致する項目がもっとも多いグループにだけ表示されます。
        </p>
      </section>

      <CandidatesSection userId={userId} />
      <DuplicateGroups data={data} />
      <p className="flex flex-wrap gap-6">
        <TextLink to={paths.admin.studentApproval(userId)}>承認画面へ</TextLink>
        <TextLink to={paths.admin.studentList()}>学生一覧へ戻る</TextLink>
      </p>
    </div>
  );
}

/**
 * The groups that found someone, each with its count and table; the empty ones are named once in one line
 * (no empty tables), and when no group found anyone the screen says so once.
 */
function DuplicateGroups({ data }: { data: StudentDuplicates }) {
  const found = DUPLICATE_GROUPS.filter((group) => data.counts[group] > 0);
  const empty = DUPLICATE_GROUPS.filter((group) => data.counts[group] === 0);
  if (found.length === 0) {
    return (
      <p role="status" className="rounded-8 border border-line p-4 text-std-18B-160 text-ink">
        似ている学生は見つかりませんでした。
      </p>
    );
  }
  return (
    <>
      {found.map((group) => {
        const rows = data[group];
        const total = data.counts[group];
        const headingId = `duplicate-${group}-heading`;
        return (
          <section key={group} aria-labelledby={headingId} className="space-y-4">
            <h2 id={headingId} className="text-std-20B-150">
              {GROUP_TITLES[group]}：{total}件
            </h2>
            {total > rows.length && (
              <p className="text-std-16N-170 text-ink">
                {`先頭の${DUPLICATE_GROUP_LIMIT}件を表示しています（学生番号順）。`}
              </p>
            )}
            <DataTable
              caption={`${GROUP_TITLES[group]}の学生`}
              hideCaption
              columns={columns}
              rows={rows}
              rowKey={(row) => row.user_id}
              emptyText="該当する学生はいません"
            />
          </section>
        );
      })}
      {empty.length > 0 && (
        <p className="text-std-16N-170 text-ink">
          {`次の組み合わせでは見つかりませんでした：${empty.map((group) => GROUP_TITLES[group]).join('、')}。`}
        </p>
      )}
    </>
  );
}
