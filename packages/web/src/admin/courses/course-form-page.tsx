import type { AdminCourse, CourseCategoryItem, CourseWriteResult } from '@manabi/shared/api';
import { formatDateTimeJa, tokyoParts } from '@manabi/shared/domain/dates';
import { type CourseForm, courseFormSchema } from '@manabi/shared/schemas/course';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { type Option, optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { courseCategoriesQuery, isFullCourse, useCourseDetail, useSaveCourse } from './api/courses';
import { CANCEL_OPTIONS, CourseFields, LOTTERY_OPTIONS, REMIND_OPTIONS } from './course-form-fields';
import { classDayWarningText, sessionsSummary } from './sessions-field';

type CourseValues = z.output<typeof courseFormSchema>;

/**
 * /admin/course/new and /admin/course/edit/{id} (course authoring, authority 1 only):
 * input → confirm → completion. Authority 2 is sent to /admin/404 (the server refuses with 403 as well).
 */
export function Component() {
  const user = useSessionUser();
  if (user.authority !== 1) return <Navigate to={paths.admin.notFound()} replace />;
  return <CourseFormLoader />;
}

function CourseFormLoader() {
  const { id } = useParams();
  const isUpdate = id !== undefined;
  const courseId = Number(id);
  const detail = useCourseDetail(courseId, isUpdate);
  const categories = useQuery(courseCategoriesQuery());
  const current = detail.data && isFullCourse(detail.data) ? detail.data : undefined;
  if ((isUpdate && !current) || !categories.data) return <FullPageSpinner />;
  return (
    // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
    <CourseStepForm key={isUpdate ? courseId : 'new'} current={current} categories={categories.data} />
  );
}

/** ISO timestamp → 'YYYY-MM-DDTHH:MM' in Tokyo (the datetime-local value); '' when empty. */
function toLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = tokyoParts(date);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const str = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function formValues(course: AdminCourse | undefined): CourseForm {
  if (!course) {
    return {
      course_id: '',
      course_name: '',
      content: '',
      organ: '',
      univ_id: '',
      period_f: '',
      period_t: '',
      period: '',
      capacity: '',
      minimum: '',
      all_times: '15',
      tuition_fee: '',
      tuition_fee1: '',
      material_cost: '',
      venue: '',
      street_address: '',
      cancel: '1',
      unit: '1',
      category: [],
      image: '',
      status: '1',
      attendee: '',
      keyword: '',
      permalink: '',
      how_to_apply: '',
      apply_url: '',
      apply_url_text: '',
      is_lottery: '1',
      sessions: [],
      remind: '1',
      bring: '',
    };
  }
  return {
    course_id: course.course_id,
    course_name: course.course_name,
    content: course.content,
    organ: course.organ,
    univ_id: course.univ_id ?? '',
    period_f: toLocalInput(course.period_f),
    period_t: toLocalInput(course.period_t),
    period: course.period,
    capacity: str(course.capacity),
    minimum: str(course.minimum),
    all_times: str(course.all_times),
    tuition_fee: str(course.tuition_fee),
    tuition_fee1: str(course.tuition_fee1),
    material_cost: str(course.material_cost),
    venue: course.venue,
    street_address: course.street_address,
    cancel: course.cancel ? '1' : '0',
    unit: str(course.unit),
    category: course.category.map((item) => String(item.id)),
    image: course.image,
    status: course.status,
    attendee: course.attendee,
    keyword: course.keyword,
    permalink: course.permalink,
    how_to_apply: course.how_to_apply,
    apply_url: course.apply_url,
    apply_url_text: course.apply_url_text,
    is_lottery: course.is_lottery ? '1' : '0',
    sessions: course.sessions.map(({ day, start, end, room }) => ({ day, start, end, room })),
    remind: course.remind ? '1' : '0',
    bring: course.bring,
  };
}

const yen = (value: string) => (value === '' ? '' : `${Number(value).toLocaleString('ja-JP')}円`);

function CourseStepForm({
  current,
  categories,
}: {
  current: AdminCourse | undefined;
  categories: CourseCategoryItem[];
}) {
  const save = useSaveCourse();
  const title = current ? '講座の変更' : '講座の新規登録';
  const categoryOptions: Option[] = categories.map((item) => ({ value: String(item.id), label: item.name }));
  const categoryNames = (ids: readonly (string | number)[]) =>
    categories
      .filter((item) => ids.map(String).includes(String(item.id)))
      .map((item) => item.name)
      .join(', ');

  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      <StepForm<CourseValues, CourseWriteResult, CourseForm>
        schema={courseFormSchema}
        defaultValues={formValues(current)}
        onSubmit={(values) => {
          const body = { ...values, category: values.category.map(Number) };
          return save.mutateAsync(
            current ? { ...body, id: current.id, updated_at: current.updated_at } : body,
          );
        }}
        renderInput={(form) => <CourseFields form={form} categoryOptions={categoryOptions} />}
        inputActions={
          <ButtonLink
            to={current ? paths.admin.courseDetail(current.id, 1) : paths.admin.courseList()}
            variant="tertiary"
          >
            {current ? '講座詳細へ戻る' : '講座一覧へ戻る'}
          </ButtonLink>
        }
        renderConfirm={(values) => <CourseConfirm values={values} categoryNames={categoryNames} />}
        renderComplete={(result) => <CourseComplete id={result.id} isUpdate={current !== undefined} />}
      />
    </div>
  );
}

/** The confirm step: a warning when a class day falls inside the application period, then every field. */
function CourseConfirm({
  values,
  categoryNames,
}: {
  values: CourseValues;
  categoryNames: (ids: readonly (string | number)[]) => string;
}) {
  return (
    <div className="space-y-6">
      {classDayWarningText(values.sessions, values.period_t) && (
        <Alert variant="warning" title="授業の開始が申込期間中です" announce={false}>
          <p>{classDayWarningText(values.sessions, values.period_t)}</p>
        </Alert>
      )}
      <ConfirmList
        items={[
          { label: '講座ID', value: values.course_id },
          { label: '講座名', value: values.course_name },
          { label: '内容', value: values.content },
          { label: '実施団体', value: values.organ },
          { label: '大学ID', value: values.univ_id },
          { label: '申込期間（開始）', value: formatDateTimeJa(values.period_f) },
          { label: '申込期間（終了）', value: formatDateTimeJa(values.period_t) },
          { label: '開催日時', value: values.period },
          { label: '授業日', value: sessionsSummary(values.sessions) },
          { label: '前日のお知らせ', value: optionLabel(REMIND_OPTIONS, values.remind) },
          { label: '持ち物', value: values.bring },
          { label: '定員', value: values.capacity },
          { label: '最少人数', value: values.minimum },
          { label: '回数', value: values.all_times },
          { label: '受講料', value: yen(values.tuition_fee) },
          { label: '受講料（補助）', value: yen(values.tuition_fee1) },
          { label: '教材費', value: yen(values.material_cost) },
          { label: '会場', value: values.venue },
          { label: '所在地', value: values.street_address },
          { label: 'キャンセル', value: optionLabel(CANCEL_OPTIONS, values.cancel) },
          { label: '単位', value: values.unit },
          { label: 'カテゴリ', value: categoryNames(values.category) },
          { label: '画像URL', value: values.image },
          { label: '公開状態', value: optionLabel('CD007', values.status) },
          { label: '対象', value: values.attendee },
          { label: 'キーワード', value: values.keyword },
          { label: '公開ページURL', value: values.permalink },
          { label: '申込方法', value: values.how_to_apply },
          { label: '申込URL', value: values.apply_url },
          { label: '申込URLの表示文字', value: values.apply_url_text },
          { label: '抽選', value: optionLabel(LOTTERY_OPTIONS, values.is_lottery) },
        ]}
      />
    </div>
  );
}

/** The completion step, with the way to the saved course and back to the list. */
function CourseComplete({ id, isUpdate }: { id: number; isUpdate: boolean }) {
  return (
    <div className="space-y-6">
      <Alert variant="success" title={isUpdate ? '更新完了' : '登録完了'}>
        <p>{isUpdate ? '講座を更新しました。' : '講座を登録しました。'}</p>
      </Alert>
      <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <li>
          <TextLink to={paths.admin.courseDetail(id, 1)}>講座詳細へ</TextLink>
        </li>
        <li>
          <TextLink to={paths.admin.courseList()}>講座一覧へ戻る</TextLink>
        </li>
      </ul>
    </div>
  );
}
