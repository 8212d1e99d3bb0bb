import { zodResolver } from '@hookform/resolvers/zod';
import { AUDIT_ACTION_WORDS, AUDIT_COUNT_CAP, auditSearchSchema } from '@manabi/shared/schemas/audit';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import { PageTitle } from '../../ui/page-title';
import { DateInput, TextInput } from '../../ui/text-input';
import { auditColumns } from '../audit-timeline';
import { CoursePickerField } from '../course-picker';
import { ListSearchForm, ServerListTable, useServerList } from '../server-list';
import { auditCsvUrl, auditListQuery, emptyAuditSearch, staffQuery } from './api/audit';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_WORDS).map(([value, label]) => ({ value, label }));

/**
 * /admin/audit 「操作の記録」 (decision 067), authority 1: every act the system recorded — who, when, what, to
 * which student or course, through a page or the API, and what it wrote — newest first, paged on the server,
 * searched by staff member, student (学生番号 or name), course, act and days, and downloaded as CSV. A student's and a course's
 * pages link here with their own entries (?user_id=, ?course_id=).
 */
export function Component() {
  const { search, table, page, searchWith } = useServerList({ schema: auditSearchSchema });
  const list = useQuery(auditListQuery(search, page));
  const staff = useQuery(staffQuery());
  const form = useForm({ resolver: zodResolver(auditSearchSchema), defaultValues: search });
  const submit = form.handleSubmit((values) => searchWith(values, () => void list.refetch()));
  const data = list.data;
  const student = data?.student;
  const staffOptions = (staff.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));

  return (
    <div className="space-y-8">
      <PageTitle>操作の記録</PageTitle>
      <p className="text-std-17N-170">
        学生の登録・申込み・抽選・受付・電話の記録など、このシステムで行われた操作を新しい順に表示します。記録は変更も削除もできません。
      </p>
      {student && (
        <p className="text-std-20B-150 text-ink" data-testid="audit-student">
          {student.name ? `${student.name}（${student.login_id}）さんの記録` : `学生ID ${student.id} の記録`}
        </p>
      )}
      <ListSearchForm form={form} values={search} empty={emptyAuditSearch} onSubmit={submit}>
        <Select
          control={form.control}
          name="admin_id"
          label="操作した職員"
          options={staffOptions}
          placeholder="すべて"
        />
        <TextInput
          control={form.control}
          name="login_id"
          label="学生番号"
          inputMode="numeric"
          maxLength={8}
          width="sm"
          description="8桁の数字です。"
        />
        <TextInput
          control={form.control}
          name="name"
          label="学生の氏名"
          maxLength={100}
          description="氏名の一部でも探せます。髙橋と高橋のような字の違いは区別しません。"
        />
        <CoursePickerField control={form.control} name="course_id" label="講座" className="md:col-span-2" />
        <Select
          control={form.control}
          name="action"
          label="操作"
          options={ACTION_OPTIONS}
          placeholder="すべて"
        />
        <div className="flex flex-wrap items-end gap-4">
          <DateInput control={form.control} name="date_from" label="期間（から）" />
          <DateInput control={form.control} name="date_to" label="期間（まで）" />
        </div>
      </ListSearchForm>
      {data?.capped && (
        <p className="text-std-16N-170">
          {`${AUDIT_COUNT_CAP.toLocaleString('ja-JP')}件より多く見つかりました。条件を絞り込むと数えられます。`}
        </p>
      )}
      <ServerListTable
        caption="操作の記録"
        columns={auditColumns}
        rowKey={(row) => row.id}
        emptyText="この条件の記録はありません。"
        list={list}
        table={table}
        csv={{ href: () => auditCsvUrl(search) }}
      />
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
