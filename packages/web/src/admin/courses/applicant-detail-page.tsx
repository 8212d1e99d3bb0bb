import type { CourseApplicantDetail } from '@manabi/shared/api';
import { codeText, LOTTERY } from '@manabi/shared/codes';
import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { SESSION_NUMBERS } from '@manabi/shared/schemas/applicant';
import { PROXY_CHANNELS } from '@manabi/shared/schemas/contact';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { type ConfirmItem, ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type ApplicantDetailView, isFullApplicant, useApplicantDetail } from './api/applicants';
import { ProxyDecisionDialog } from './proxy-decision-dialog';

/**
 * /admin/course/detail/applicant/{id}/{userId} (SPEC §2): the application and the student's data.
 * Authority 2 gets the reduced field set the server returns (only those rows are shown) and no links to
 * update or cancel; another university's course (403) or a missing application (404) goes to /admin/404.
 */
export function Component() {
  const { id, userId } = useParams();
  const courseId = Number(id);
  const studentId = Number(userId);
  const user = useSessionUser();
  const detail = useApplicantDetail(courseId, studentId);
  const applicant = detail.data;
  const [deciding, setDeciding] = useState(false);
  const [decided, setDecided] = useState<'confirm' | 'decline' | null>(null);

  if (!applicant) return <FullPageSpinner />;
  const full = isFullApplicant(applicant) ? applicant : undefined;
  const canEdit = user.authority === 1 && full !== undefined;
  return (
    <div className="space-y-8">
      <PageTitle>申込者詳細</PageTitle>
      <p className="text-std-20B-150 text-ink">{applicant.course_name}</p>
      {full?.cannot_cancel && (
        <Alert variant="warning" announce={false}>
          <p>この講座はキャンセルできない設定です。</p>
        </Alert>
      )}
      {decided && (
        <Alert variant="success">
          <p>
            {decided === 'confirm' ? '代理で受講を確定しました。' : '代理で辞退の手続きをしました。'}
            ご本人にお知らせしました。
          </p>
        </Alert>
      )}
      <ConfirmList items={applicantItems(applicant)} />
      {canEdit && full.lottery_status === LOTTERY.WON && !full.is_cancel && (
        <section aria-labelledby="proxy-heading" className="space-y-3">
          <h2 id="proxy-heading" className="text-std-20B-150">
            ご本人の意思を電話・窓口などで確認したとき
          </h2>
          <p>マイページを使わない方のご意向を、事務局が代わりに手続きします。</p>
          <Button variant="secondary" onPress={() => setDeciding(true)}>
            代理で確定・辞退
          </Button>
          <ProxyDecisionDialog
            applicant={full}
            isOpen={deciding}
            onClose={(done) => {
              setDeciding(false);
              if (done) setDecided(done);
            }}
          />
        </section>
      )}
      {canEdit && (
        <ul className="flex flex-col gap-4 sm:flex-row sm:flex-wrap">
          <li>
            <ButtonLink to={paths.admin.courseApplicantUpdate(courseId, studentId)}>
              申込内容を変更
            </ButtonLink>
          </li>
          {!full.is_cancel && !full.cannot_cancel && (
            <li>
              <ButtonLink to={paths.admin.courseApplicantCancel(courseId, studentId)} variant="secondary">
                申込をキャンセル
              </ButtonLink>
            </li>
          )}
        </ul>
      )}
      <p>
        <TextLink to={paths.admin.courseDetail(courseId, 2)}>申込者一覧へ戻る</TextLink>
      </p>
    </div>
  );
}

const GENDER: Record<string, string> = { '1': '男性', '2': '女性' };

/** 「事務局が代理で確定（11月28日 電話・田中）」 and the note of what was said. */
function decidedText(a: CourseApplicantDetail): ReactNode {
  const d = a.decided;
  if (!d) return '';
  const channel = PROXY_CHANNELS[d.channel as keyof typeof PROXY_CHANNELS] ?? '';
  return (
    <>
      <span className="block">
        事務局が代理で{d.decision === 'confirm' ? '確定' : '辞退'}（{formatDateJa(d.at)} {channel}・
        {d.admin_name}）
      </span>
      <span className="block whitespace-pre-line">{d.note}</span>
    </>
  );
}

/** 「第1回: 出席」… as a compact list (wraps on narrow screens). */
function sessionList(a: CourseApplicantDetail): ReactNode {
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
      {SESSION_NUMBERS.map((n) => (
        <li key={n}>
          第{n}回: {codeText('CD006', a[`attendance${n}` as keyof CourseApplicantDetail] as string)}
        </li>
      ))}
    </ul>
  );
}

type Row = {
  key: keyof CourseApplicantDetail;
  label: string;
  value: (a: CourseApplicantDetail) => ReactNode;
};

/** SPEC §3 "Course applicant (admin)" detail fields, in the order the office reads them. */
const ROWS: Row[] = [
  { key: 'login_id', label: '学籍番号', value: (a) => a.login_id },
  { key: 'name', label: '氏名', value: (a) => a.name },
  { key: 'name_kana', label: '氏名（カナ）', value: (a) => a.name_kana },
  { key: 'lottery_status', label: '抽選状況', value: (a) => codeText('CD003', a.lottery_status) },
  { key: 'how_apply', label: '申込方法', value: (a) => codeText('CD005', a.how_apply) },
  {
    key: 'entered_by',
    label: '申込を入力した職員',
    value: (a) => a.entered_by || '（本人がマイページから申込）',
  },
  {
    key: 'confirm_by',
    label: '受講確定の期限',
    value: (a) =>
      a.confirmed_at
        ? `確定済み（${formatDateTimeJa(a.confirmed_at)}）`
        : a.confirm_by
          ? formatDateTimeJa(a.confirm_by)
          : '',
  },
  { key: 'decided', label: '事務局の代理手続き', value: decidedText },
  { key: 'attendance_status', label: '受講状況', value: (a) => codeText('CD004', a.attendance_status) },
  {
    key: 'attendance_updated_date',
    label: '受講状況の更新日時',
    value: (a) => (a.attendance_updated_date ? formatDateTimeJa(a.attendance_updated_date) : ''),
  },
  {
    key: 'acquisition_unit',
    label: '取得単位',
    value: (a) =>
      a.acquisition_unit === null || a.acquisition_unit === undefined ? '' : String(a.acquisition_unit),
  },
  { key: 'attendance1', label: '出欠', value: sessionList },
  { key: 'remarks', label: '備考', value: (a) => a.remarks },
  { key: 'postcode', label: '郵便番号', value: (a) => a.postcode },
  { key: 'address', label: '住所', value: (a) => a.address },
  { key: 'birthday', label: '生年月日', value: (a) => (a.birthday ? formatDateJa(a.birthday) : '') },
  { key: 'age', label: '年齢', value: (a) => (a.age === null || a.age === undefined ? '' : `${a.age}歳`) },
  { key: 'gender', label: '性別', value: (a) => GENDER[a.gender] ?? '' },
  { key: 'phone1', label: '電話番号1', value: (a) => a.phone1 },
  { key: 'mail1', label: 'メールアドレス1', value: (a) => a.mail1 },
  { key: 'phone2', label: '電話番号2', value: (a) => a.phone2 },
  { key: 'mail2', label: 'メールアドレス2', value: (a) => a.mail2 },
  { key: 'e_name', label: '緊急連絡先（氏名）', value: (a) => a.e_name },
  { key: 'e_emereletion', label: '緊急連絡先（続柄）', value: (a) => a.e_emereletion },
  { key: 'e_phone', label: '緊急連絡先（電話番号）', value: (a) => a.e_phone },
  {
    key: 'aid_tuition_fee',
    label: '受講料の補助',
    value: (a) => (a.aid_tuition_fee === '1' ? 'あり' : 'なし'),
  },
  { key: 'is_student', label: '学生の状態', value: (a) => (a.is_student ? '承認済み' : '未承認・否認') },
  { key: 'is_email', label: 'メール配信', value: (a) => (a.is_email ? '希望する' : '希望しない') },
  { key: 'is_cancel', label: '申込の状態', value: (a) => (a.is_cancel ? 'キャンセル済み' : '申込中') },
  { key: 'cannot_cancel', label: 'キャンセルの可否', value: (a) => (a.cannot_cancel ? '不可' : '可') },
];

/** The rows of the fields the server sent (authority 2 gets fewer). */
function applicantItems(applicant: ApplicantDetailView): ConfirmItem[] {
  return ROWS.filter((row) => row.key in applicant).map((row) => ({
    label: row.label,
    value: row.value(applicant as CourseApplicantDetail),
  }));
}
