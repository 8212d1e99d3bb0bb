import type { Student } from '@manabi/shared/api';
import { APPROVAL, codeText } from '@manabi/shared/codes';
import { addressText } from '@manabi/shared/domain/address';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { ERASED_TEXT } from '@manabi/shared/domain/student';
import { unitsText } from '@manabi/shared/domain/units';
import { GENDER_OPTIONS } from '@manabi/shared/schemas/student';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { detailTabSchema, useSearchState } from '../../lib/search-state';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { type ConfirmItem, ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { AuditTimeline } from '../audit-timeline';
import { BackLinks } from '../layout/back-links';
import { DetailTabs } from '../layout/detail-tabs';
import { AddressRequestPanel } from './address-request-panel';
import { useStudentDetail } from './api/student-detail';
import { BestMatchNotice } from './student-candidates';
import { StudentContactSection } from './student-contact-section';
import { StudentCoursesTab } from './student-courses-tab';

const yesNo = (flag: string, yes: string, no: string) => (flag === '1' ? yes : no);

/**
 * Every field of SPEC §3 Student, in the order the office reads them (tab 1); on an erased record a blank
 * value says 消去済み, not 未入力.
 */
function studentItems(s: Student): ConfirmItem[] {
  const items = allItems(s);
  return s.erased_at ? items.map((i) => (i.value === '' ? { ...i, value: ERASED_TEXT } : i)) : items;
}

function allItems(s: Student): ConfirmItem[] {
  const address = addressText(s);
  return [
    { label: '学生番号', value: s.login_id ?? '' },
    { label: '期生ID', value: s.generation_id ?? '' },
    { label: '氏名', value: s.name },
    { label: '氏名カナ', value: s.name_kana },
    { label: '郵便番号', value: s.postcode },
    { label: '住所', value: address },
    { label: '生年月日', value: s.birthday_str },
    { label: '年齢（年度末）', value: s.age === null ? '' : `${s.age}歳` },
    { label: '性別', value: GENDER_OPTIONS.find((g) => g.value === s.gender)?.label ?? '' },
    { label: '電話番号1', value: s.phone_1 },
    { label: 'メールアドレス1', value: s.mail_1 },
    { label: '電話番号2', value: s.phone_2 },
    { label: 'メールアドレス2', value: s.mail_2 },
    { label: '緊急連絡先の氏名', value: s.emergency_name },
    { label: '緊急連絡先の続柄', value: s.emergency_emereletion },
    { label: '緊急連絡先の電話番号', value: s.emergency_phone },
    // the two figures with their meaning, as the student's my-page says them (decision 089)
    { label: '単位', value: unitsText({ earned: s.earned_units, carried: s.total_units ?? 0 }) },
    { label: '申込日', value: s.filing_date_str },
    { label: '学生証発行日', value: s.date_issue_num_str },
    { label: '学生種別', value: s.student_type_text || codeText('CD009', s.student_type) },
    { label: '承認状況', value: s.approval_status_text },
    { label: '卒業', value: yesNo(s.is_graduation, '卒業', '在籍') },
    { label: 'ログイン停止', value: yesNo(s.is_rejection, '停止する', '停止しない') },
    { label: 'メール配信', value: yesNo(s.is_email, '配信する', '配信しない') },
    { label: '説明会', value: yesNo(s.is_attendance, '出席', '欠席') },
    { label: '備考', value: s.remarks },
  ];
}

/**
 * /admin/student/detail/{userId} (SPEC §2): tab 1 the student (read-only, 「学生情報を変更」; a pending
 * 住所変更の届出 above it, to approve or return), tab 2 the
 * applied courses with their attendance. The tab is in the URL (?tab=2; routed tabs) so reload keeps it.
 * A missing or unapproved student → /admin/404.
 */
export function Component() {
  const { userId } = useParams();
  const id = Number(userId);
  const { tab } = useSearchState(detailTabSchema).values;
  const detail = useStudentDetail(id, { approvedOnly: true });
  const student = detail.data;
  if (!student) return <FullPageSpinner />;

  return (
    <div className="space-y-8">
      <PageTitle>学生詳細</PageTitle>
      <p className="text-std-20B-150 text-ink">
        {student.login_id}　{student.name}
      </p>
      {student.merged_into !== null && (
        <Alert variant="warning" title="この登録は統合済みです" announce={false}>
          <p>
            同じ人のもう1つの登録にまとめました。申込・出欠・単位などはそちらにあります。この学生番号ではログインできません。
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <TextLink to={paths.admin.studentDetail(student.merged_into)}>統合先の学生を見る</TextLink>
            <TextLink to={`${paths.admin.studentDetail(student.user_id)}?tab=3`}>
              操作の記録（取り消しはこちら）
            </TextLink>
          </p>
        </Alert>
      )}
      {student.erased_at && (
        <Alert variant="info" title="この方の個人情報は消去済みです" announce={false}>
          <p>{`${formatDateJa(student.erased_at)}に、${student.erased_rule}。`}</p>
          <p>
            氏名・連絡先・町名より後の住所・生年月日・備考は残っていません。受講の記録と統計の人数は残ります。この登録は変更できません。
          </p>
        </Alert>
      )}
      {!student.erased_at && student.approval_status === APPROVAL.WITHDRAWN && (
        <Alert variant="info" title="この学生は退会しています" announce={false}>
          <p>
            この学生番号ではログインできません。受講の記録は残り、個人情報は保存期間を過ぎると消去します。
          </p>
          <p>
            <TextLink to={paths.admin.retention()}>個人情報の保存期間を見る</TextLink>
          </p>
        </Alert>
      )}
      {student.merged_into === null && student.approval_status === APPROVAL.APPROVED && (
        <BestMatchNotice userId={student.user_id} />
      )}
      <DetailTabs
        label="学生詳細の表示切替"
        tab={tab}
        tabs={[
          { label: '学生情報', href: paths.admin.studentDetail(student.user_id) },
          { label: '申込講座', href: `${paths.admin.studentDetail(student.user_id)}?tab=2` },
        ]}
        detail={
          <>
            <AddressRequestPanel key={student.user_id} student={student} />
            <ConfirmList items={studentItems(student)} />
          </>
        }
        third={{
          tab: { label: '操作の記録', href: `${paths.admin.studentDetail(student.user_id)}?tab=3` },
          content: <AuditTimeline about={{ student: student.user_id }} />,
        }}
        edit={
          student.erased_at
            ? undefined
            : { to: paths.admin.studentForm('update', student.user_id), label: '学生情報を変更' }
        }
        list={<StudentCoursesTab userId={student.user_id} studentName={student.name} />}
      />
      <StudentContactSection key={student.user_id} student={student} />
      <p>
        <TextLink to={paths.admin.studentDisclosure(student.user_id)}>保有個人情報の開示</TextLink>
        <span className="ml-2 text-ink-muted">
          （この方について保有している情報のすべてを印刷・ファイルで出力します）
        </span>
      </p>
      {student.approval_status === APPROVAL.APPROVED && (
        <section aria-labelledby="student-end-heading" className="space-y-2">
          <h2 id="student-end-heading" className="text-std-20B-150">
            退会
          </h2>
          <p>本人や家族から退会の申し出があったときに使います。申込み中の講座はキャンセルになります。</p>
          <p>
            <TextLink to={paths.admin.studentWithdraw(student.user_id)}>退会の手続きへ</TextLink>
          </p>
        </section>
      )}
      <BackLinks listTo={paths.admin.studentList()} listLabel="学生一覧へ戻る" />
    </div>
  );
}
