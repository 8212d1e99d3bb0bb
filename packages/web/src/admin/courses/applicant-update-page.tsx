import type { CourseApplicantDetail, SessionAttendance } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { applicantUpdateFormSchema, SESSION_NUMBERS } from '@manabi/shared/schemas/applicant';
import { Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { ButtonLink } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { isFullApplicant, useApplicantDetail, useUpdateApplicant } from './api/applicants';
import { ApplicantFormComplete, ApplicantFormHead, ApplicantRemarksField } from './applicant-form-parts';

/** The form's values: every field a string (the 15 session fields are spread in by the shared schema). */
type UpdateValues = {
  lottery_status: string;
  attendance_status: string;
  acquisition_unit: string;
  remarks: string;
} & SessionAttendance;
type UpdateFormApi = StepFormApi<
  SchemaInput<typeof applicantUpdateFormSchema>,
  z.output<typeof applicantUpdateFormSchema>
>;
const sessionKey = (n: number) => `attendance${n}` as keyof SessionAttendance;

/**
 * /admin/course/detail/applicant/update/{id}/{userId} (SPEC §2): change an application — input →
 * confirm → completion. Authority 2 is sent to /admin/404 (the server refuses with 403 as well).
 */
export function Component() {
  const user = useSessionUser();
  if (user.authority !== 1) return <Navigate to={paths.admin.notFound()} replace />;
  return <ApplicantUpdateLoader />;
}

function ApplicantUpdateLoader() {
  const { id, userId } = useParams();
  const detail = useApplicantDetail(Number(id), Number(userId));
  const current = detail.data && isFullApplicant(detail.data) ? detail.data : undefined;
  if (!current) return <FullPageSpinner />;
  // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
  return <ApplicantStepForm key={`${current.course_id}-${current.user_id}`} current={current} />;
}

function formValues(a: CourseApplicantDetail): UpdateValues {
  const sessions = Object.fromEntries(
    SESSION_NUMBERS.map((n) => [sessionKey(n), a[sessionKey(n)]]),
  ) as SessionAttendance;
  return {
    lottery_status: a.lottery_status,
    attendance_status: a.attendance_status,
    ...sessions,
    acquisition_unit: String(a.acquisition_unit ?? ''),
    remarks: a.remarks,
  };
}

function ApplicantStepForm({ current }: { current: CourseApplicantDetail }) {
  const save = useUpdateApplicant();
  const detailPath = paths.admin.courseApplicant(current.course_id, current.user_id);
  return (
    <div className="space-y-8">
      <ApplicantFormHead
        title="申込内容の変更"
        courseName={current.course_name}
        person={`${current.login_id}　${current.name}`}
      />
      <StepForm
        schema={applicantUpdateFormSchema}
        defaultValues={formValues(current)}
        onSubmit={(values) =>
          save.mutateAsync({
            ...values,
            course_id: current.course_id,
            user_id: current.user_id,
            updated_at: current.updated_at,
          })
        }
        renderInput={(form) => <ApplicantUpdateFields form={form} />}
        inputActions={
          <ButtonLink to={detailPath} variant="tertiary">
            申込者詳細へ戻る
          </ButtonLink>
        }
        renderConfirm={(values) => <ApplicantUpdateConfirm values={values} />}
        renderComplete={() => (
          <ApplicantFormComplete
            title="更新完了"
            message="申込内容を更新しました。"
            links={[
              { to: detailPath, label: '申込者詳細へ戻る' },
              { to: paths.admin.courseDetail(current.course_id, 2), label: '申込者一覧へ戻る' },
            ]}
          />
        )}
      />
    </div>
  );
}

/** Lottery and attendance status, one select per session, units and 備考. */
function ApplicantUpdateFields({ form }: { form: UpdateFormApi }) {
  return (
    <>
      <Select control={form.control} name="lottery_status" label="抽選状況" isRequired options="CD003" />
      <Select control={form.control} name="attendance_status" label="受講状況" isRequired options="CD004" />
      <fieldset className="space-y-4">
        <legend className="text-std-17B-170 text-ink">各回の出欠</legend>
        <div className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {SESSION_NUMBERS.map((n) => (
            <Select
              key={n}
              control={form.control}
              name={sessionKey(n)}
              label={`第${n}回`}
              isRequired
              options="CD006"
              width="full"
            />
          ))}
        </div>
      </fieldset>
      <TextInput
        control={form.control}
        name="acquisition_unit"
        label="取得単位"
        isRequired
        inputMode="numeric"
        maxLength={5}
        width="xs"
        description="0から99999までの数字で入力します。"
      />
      <ApplicantRemarksField control={form.control} />
    </>
  );
}

/** The confirm step: the statuses, the sessions as a grid, units and 備考. */
function ApplicantUpdateConfirm({ values }: { values: z.output<typeof applicantUpdateFormSchema> }) {
  return (
    <ConfirmList
      items={[
        { label: '抽選状況', value: codeText('CD003', values.lottery_status) },
        { label: '受講状況', value: codeText('CD004', values.attendance_status) },
        {
          label: '各回の出欠',
          value: (
            <ul className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {SESSION_NUMBERS.map((n) => (
                <li key={n}>
                  第{n}回: {codeText('CD006', values[sessionKey(n)])}
                </li>
              ))}
            </ul>
          ),
        },
        { label: '取得単位', value: String(values.acquisition_unit) },
        { label: '備考', value: values.remarks },
      ]}
    />
  );
}
