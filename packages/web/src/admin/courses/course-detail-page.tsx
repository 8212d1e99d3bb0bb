import type { AdminCourse } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { TextLink } from '../../ui/button';
import { optionLabel } from '../../ui/code-options';
import { type ConfirmItem, ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { AuditTimeline } from '../audit-timeline';
import { BackLinks } from '../layout/back-links';
import { DetailTabs } from '../layout/detail-tabs';
import { attendedCountQuery } from './api/applicant-list';
import { type AdminCourseView, useCourseDetail } from './api/courses';
import { ApplicantListTab } from './applicant-list-tab';
import { FeePanel } from './fee-panel';
import { IntakePanel } from './intake-panel';
import { sessionsSummary } from './sessions-field';

/**
 * /admin/course/detail/{id}/{type} (SPEC §2): tab 1 the course (read-only), tab 2 the applicant list.
 * The type is checked by the router. Authority 2 gets the reduced field set the server returns, and
 * /admin/404 for another university's course (the server answers 403) or a missing one (404).
 */
export function Component() {
  const { id, type } = useParams();
  const courseId = Number(id);
  const tab = type === '2' ? '2' : type === '3' ? '3' : '1';
  const user = useSessionUser();
  const isFull = user.authority === 1;
  const detail = useCourseDetail(courseId);
  const course = detail.data;
  const title = tab === '2' ? '申込者一覧' : tab === '3' && isFull ? '操作の記録' : '講座詳細';

  if (!course) return <FullPageSpinner />;
  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      <p className="text-std-20B-150 text-ink">{course.course_name}</p>
      {isFull && <CertificatesLink courseId={course.id} />}
      <DetailTabs
        label="講座詳細の表示切替"
        tab={tab}
        tabs={[
          { label: '講座詳細', href: paths.admin.courseDetail(course.id, 1) },
          { label: '申込者一覧', href: paths.admin.courseDetail(course.id, 2) },
        ]}
        detail={
          <>
            {/* where the intake stands comes before the attributes (the office looks here first) */}
            {isFull && 'is_lottery' in course && course.is_lottery && <IntakePanel courseId={course.id} />}
            <FeePanel courseId={course.id} canEdit={isFull} />
            <ConfirmList items={courseItems(course)} />
          </>
        }
        // the course's 操作の記録 is authority 1's, as the audit log is
        third={
          isFull
            ? {
                tab: { label: '操作の記録', href: paths.admin.courseDetail(course.id, 3) },
                content: <AuditTimeline about={{ course: course.id }} />,
              }
            : undefined
        }
        edit={isFull ? { to: paths.admin.courseEdit(course.id), label: '講座情報を変更' } : undefined}
        list={
          <ApplicantListTab
            courseId={course.id}
            isFull={isFull}
            sessionCount={course.all_times}
            sessions={'sessions' in course ? course.sessions : []}
          />
        }
      />
      <BackLinks listTo={paths.admin.courseList()} listLabel="講座一覧へ戻る" />
    </div>
  );
}

/** 修了証を一括印刷, offered once someone in the course has completed it (受講済み): before, it prints nothing. */
function CertificatesLink({ courseId }: { courseId: number }) {
  const attended = useQuery(attendedCountQuery(courseId));
  if (!attended.data) return null;
  return (
    <p>
      <TextLink to={paths.admin.courseCertificates(courseId)}>修了証を一括印刷</TextLink>
    </p>
  );
}

const yen = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : `${value.toLocaleString('ja-JP')}円`;
const count = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '' : `${value.toLocaleString('ja-JP')}${unit}`;

/** A stored URL as a link in a new window; anything that is not http(s) stays text. */
function externalLink(url: string | undefined): ReactNode {
  if (!url) return '';
  if (!/^https?:\/\//i.test(url)) return url;
  return (
    <TextLink href={url} newWindow className="break-all">
      {url}
    </TextLink>
  );
}

type Row = { key: keyof AdminCourse; label: string; value: (c: AdminCourse) => ReactNode };

/** Every field of SPEC §3 Course (admin), in the order the office reads them. */
const ROWS: Row[] = [
  { key: 'course_id', label: '講座ID', value: (c) => c.course_id },
  { key: 'course_name', label: '講座名', value: (c) => c.course_name },
  // plain text: rendered as text (line breaks kept by ConfirmList), never as HTML
  { key: 'content', label: '内容', value: (c) => c.content },
  { key: 'organ', label: '実施団体', value: (c) => c.organ },
  { key: 'univ_id', label: '大学ID', value: (c) => c.univ_id ?? '' },
  {
    key: 'period_f',
    label: '申込期間',
    value: (c) =>
      c.period_f || c.period_t ? `${formatDateTimeJa(c.period_f)}〜${formatDateTimeJa(c.period_t)}` : '',
  },
  { key: 'capacity', label: '定員', value: (c) => count(c.capacity, '人') },
  { key: 'minimum', label: '最少人数', value: (c) => count(c.minimum, '人') },
  { key: 'application', label: '申込者数', value: (c) => count(c.application, '人') },
  { key: 'period', label: '開催日時', value: (c) => c.period },
  { key: 'all_times', label: '回数', value: (c) => count(c.all_times, '回') },
  // class days: session n is the n-th attendance column
  { key: 'sessions', label: '授業日', value: (c) => sessionsSummary(c.sessions) },
  { key: 'remind', label: '前日のお知らせ', value: (c) => (c.remind ? '送る' : '送らない') },
  { key: 'bring', label: '持ち物', value: (c) => c.bring },
  { key: 'tuition_fee', label: '受講料', value: (c) => yen(c.tuition_fee) },
  { key: 'tuition_fee1', label: '受講料（補助）', value: (c) => yen(c.tuition_fee1) },
  { key: 'material_cost', label: '教材費', value: (c) => yen(c.material_cost) },
  { key: 'venue', label: '会場', value: (c) => c.venue },
  { key: 'street_address', label: '所在地', value: (c) => c.street_address },
  { key: 'cancel', label: 'キャンセル', value: (c) => (c.cancel ? '可' : '不可') },
  { key: 'unit', label: '単位', value: (c) => String(c.unit) },
  { key: 'category', label: 'カテゴリ', value: (c) => c.category.map((item) => item.name).join(', ') },
  { key: 'image', label: '画像URL', value: (c) => externalLink(c.image) },
  { key: 'status', label: '公開状態', value: (c) => optionLabel('CD007', c.status) },
  { key: 'attendee', label: '対象', value: (c) => c.attendee },
  { key: 'keyword', label: 'キーワード', value: (c) => c.keyword },
  { key: 'permalink', label: '公開ページ', value: (c) => externalLink(c.permalink) },
  { key: 'how_to_apply', label: '申込方法', value: (c) => c.how_to_apply },
  { key: 'apply_url', label: '申込URL', value: (c) => externalLink(c.apply_url) },
  { key: 'is_lottery', label: '抽選', value: (c) => (c.is_lottery ? 'あり' : 'なし') },
];

/** The rows of the fields the server sent (authority 2 gets fewer). */
function courseItems(course: AdminCourseView): ConfirmItem[] {
  return ROWS.filter((row) => row.key in course).map((row) => ({
    label: row.label,
    value: row.value(course as AdminCourse),
  }));
}
