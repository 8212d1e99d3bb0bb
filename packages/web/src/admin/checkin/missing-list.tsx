import { CHECKIN_MISSING_MAX, type CheckinMissingRow } from '@manabi/shared/schemas/checkin';
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session';
import { type Column, DataTable } from '../../ui/data-table';
import { missingQuery } from './api/checkin';

const NAME: Column<CheckinMissingRow>[] = [
  { key: 'name', header: '氏名', sortable: true, isRowHeader: true, className: 'min-w-[8rem]' },
  { key: 'name_kana', header: 'ふりがな', sortable: true, className: 'min-w-[9rem]' },
];
const PHONE: Column<CheckinMissingRow> = {
  key: 'phone',
  header: '電話番号',
  className: 'whitespace-nowrap',
  render: (row) => row.phone || '登録なし',
};
const LOGIN_ID: Column<CheckinMissingRow> = {
  key: 'login_id',
  header: '学生番号',
  sortable: true,
  className: 'whitespace-nowrap',
};

/**
 * まだ受付をしていない方: the session's expected students (seat holders) not yet recorded 出席, with a phone
 * number to call (authority 1). Read again after every check-in (a code read or a number typed), so it shrinks as
 * students arrive.
 */
export function MissingList({ courseId, sessionNo }: { courseId: number; sessionNo: number }) {
  const missing = useQuery(missingQuery(courseId, sessionNo));
  // the server sends phones to authority 1 only
  const columns = useSessionUser().authority === 1 ? [...NAME, PHONE, LOGIN_ID] : [...NAME, LOGIN_ID];
  const total = missing.data?.total;
  return (
    <section aria-labelledby="missing-title" className="space-y-3">
      <h2 id="missing-title" className="text-std-22B-150">
        まだ受付をしていない方{total === undefined ? '' : `（${total}人）`}
      </h2>
      {!missing.data ? (
        <p>{missing.isError ? '一覧を読み込めませんでした。' : '一覧を読み込んでいます...'}</p>
      ) : missing.data.total === 0 ? (
        <p className="text-std-18B-160">受講が決まっている方は、全員の受付が済みました。</p>
      ) : (
        <>
          <p>受講が決まっている方のうち、この回の出席がまだ記録されていない方です。ふりがな順です。</p>
          {missing.data.total > missing.data.data_list.length && (
            <p className="text-std-16B-170">
              人数が多いため、ふりがな順の最初の{CHECKIN_MISSING_MAX}人だけを表示しています。
            </p>
          )}
          <DataTable
            caption="まだ受付をしていない方"
            hideCaption
            columns={columns}
            rows={missing.data.data_list}
            rowKey={(row) => row.login_id}
            defaultPageSize={50}
          />
        </>
      )}
    </section>
  );
}
