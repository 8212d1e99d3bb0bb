import type { LoginIdNext, Student, StudentWriteResult } from '@manabi/shared/api';
import { CODE_LISTS } from '@manabi/shared/codes';
import { defaultBirthday } from '@manabi/shared/domain/age';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import {
  GENERATION_ID_LENGTH,
  STUDENT_LOGIN_ID_LENGTH,
  STUDENT_MSG,
  type StudentUpdateForm,
  studentNewFormSchema,
  studentUpdateFormSchema,
} from '@manabi/shared/schemas/student';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { DateInput, TextInput } from '../../ui/text-input';
import { FormModeRoute } from '../layout/form-mode';
import {
  fetchLoginIdExists,
  fetchNextLoginId,
  nextLoginIdQuery,
  useSaveStudent,
  useStudentForEdit,
} from './api/student-form';
import {
  asCommonForm,
  asPasswordForm,
  ConfirmCautions,
  commonValues,
  FLAG_OPTIONS,
  officeConfirmItems,
  PasswordFields,
  personConfirmItems,
  RemarksField,
  StudentOfficeFields,
  StudentPersonFields,
} from './student-fields';

type FormInput = SchemaInput<typeof studentUpdateFormSchema>;
type FormApi = StepFormApi<FormInput, StudentUpdateForm>;

/**
 * /admin/student/detail/{mode}/{userId} (SPEC §2 Students): the student form, mode new (userId 0)
 * or update — input → confirm → completion. The first submit checks the login id (SPEC §4) and stays on
 * the input step when it is taken. Update edits approved students only: a pending or rejected one belongs
 * to the approval screen, so it goes to /admin/404 like a missing one (SPEC §2).
 */
export function Component() {
  return (
    <FormModeRoute
      idParam="userId"
      create={() => <StudentNewLoader />}
      update={(id) => <StudentUpdateLoader userId={id} />}
    />
  );
}

function StudentNewLoader() {
  const next = useQuery(nextLoginIdQuery());
  if (!next.data) return <FullPageSpinner />;
  return <StudentStepForm current={undefined} next={next.data} />;
}

function StudentUpdateLoader({ userId }: { userId: number }) {
  const detail = useStudentForEdit(userId);
  if (!detail.data) return <FullPageSpinner />;
  if (detail.data.approval_status !== '1') return <Navigate to={paths.admin.notFound()} replace />;
  // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
  return <StudentStepForm key={userId} current={detail.data} next={undefined} />;
}

const initialType = CODE_LISTS.CD009.find((e) => e.is_init)?.d_value ?? '1';

function formValues(s: Student | undefined, next: LoginIdNext | undefined): FormInput {
  const today = todayTokyo();
  if (!s) {
    // SPEC §4 student defaults: Tokyo, 1 January 55 years ago, the next login id, filed today
    return {
      login_id: next?.login_id ?? '',
      generation_id: next?.generation_id ?? '',
      name: '',
      name_kana: '',
      postcode: '',
      pref: '東京都',
      street_name1: '',
      street_name2: '',
      address: '',
      street_name3: '',
      birthday: defaultBirthday(today),
      gender: '',
      phone_1: '',
      phone_2: '',
      mail_1: '',
      mail_1_confirm: '',
      mail_2: '',
      mail_2_confirm: '',
      emergency_name: '',
      emergency_emereletion: '',
      emergency_phone: '',
      total_units: '0',
      filing_date: today,
      date_issue_num: today,
      is_graduation: '0',
      is_rejection: '0',
      is_email: '1',
      is_attendance: '1',
      student_type: initialType,
      remarks: '',
      password: '',
      password2: '',
    };
  }
  return {
    ...commonValues(s),
    login_id: s.login_id ?? '',
    generation_id: s.generation_id ?? '',
    total_units: s.total_units === null ? '' : String(s.total_units),
    date_issue_num: s.date_issue_num ?? '',
    is_graduation: s.is_graduation,
    is_rejection: s.is_rejection,
    password: '',
    password2: '',
  };
}

/**
 * New form: when the admin changes 期生ID while 学生番号 is still the suggested one, the suggestion follows
 * (the next free number of that generation). A 学生番号 typed by hand is never replaced.
 */
function useFollowGeneration(form: () => FormApi | null, suggested: string | undefined) {
  const current = useRef(suggested);
  return (value: string) => {
    const f = form();
    const generation = value.trim();
    if (
      !f ||
      current.current === undefined ||
      !new RegExp(`^\\d{${GENERATION_ID_LENGTH}}$`).test(generation)
    ) {
      return value;
    }
    if (f.getValues('login_id') !== current.current || current.current.startsWith(generation)) return value;
    void fetchNextLoginId(generation)
      .then((next) => {
        if (f.getValues('login_id') !== current.current) return;
        current.current = next.login_id;
        f.setValue('login_id', next.login_id, { shouldDirty: true });
      })
      .catch(() => {}); // a convenience: the admin can always type the number
    return value;
  };
}

function StudentStepForm({ current, next }: { current: Student | undefined; next: LoginIdNext | undefined }) {
  const save = useSaveStudent();
  const isUpdate = current !== undefined;
  const title = isUpdate ? '学生情報の変更' : '学生の新規登録';
  const formRef = useRef<FormApi | null>(null);
  const followGeneration = useFollowGeneration(() => formRef.current, next?.login_id);

  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      {current && (
        <p className="text-std-17N-170 text-ink">
          {current.login_id}　{current.name}
        </p>
      )}
      <StepForm<StudentUpdateForm, StudentWriteResult, FormInput>
        schema={isUpdate ? studentUpdateFormSchema : studentNewFormSchema}
        defaultValues={formValues(current, next)}
        onBeforeConfirm={async (values, form) => {
          // SPEC §4: the login id check before the confirm step (the server checks again on register)
          const { is_exist } = await fetchLoginIdExists(values.login_id, current?.user_id);
          if (!is_exist) return true;
          form.setError('login_id', { type: 'server', message: STUDENT_MSG.loginIdInUse });
          return false;
        }}
        onSubmit={(values) =>
          save.mutateAsync(
            current ? { ...values, user_id: current.user_id, updated_at: current.updated_at } : values,
          )
        }
        renderInput={(form) => {
          formRef.current = form;
          return <StudentInput form={form} isUpdate={isUpdate} followGeneration={followGeneration} />;
        }}
        inputActions={
          <ButtonLink
            to={current ? paths.admin.studentDetail(current.user_id) : paths.admin.studentList()}
            variant="tertiary"
          >
            {current ? '学生詳細へ戻る' : '学生一覧へ戻る'}
          </ButtonLink>
        }
        renderConfirm={(values) => <StudentConfirm values={values} isUpdate={isUpdate} />}
        renderComplete={(result) => <StudentComplete result={result} isUpdate={isUpdate} />}
      />
    </div>
  );
}

/** The input step: 学籍, the person, the office's fields, the password. */
function StudentInput({
  form,
  isUpdate,
  followGeneration,
}: {
  form: FormApi;
  isUpdate: boolean;
  followGeneration: (value: string) => string;
}) {
  const common = asCommonForm(form);
  return (
    <>
      <FieldGroup legend="学籍">
        <TextInput
          control={form.control}
          name="login_id"
          label="学生番号"
          isRequired
          inputMode="numeric"
          width="sm"
          description={`数字${STUDENT_LOGIN_ID_LENGTH}桁。上4桁は期生IDと同じにします。${
            isUpdate ? '' : '次の空き番号が入っています。'
          }`}
        />
        <TextInput
          control={form.control}
          name="generation_id"
          label="期生ID"
          isRequired
          inputMode="numeric"
          width="xs"
          description="入学した年月の数字4桁です（例：2026年4月入学 → 2604）。"
          onBlurFormat={isUpdate ? undefined : followGeneration}
        />
      </FieldGroup>
      <StudentPersonFields form={common} />
      <StudentOfficeFields form={common}>
        <TextInput
          control={form.control}
          name="total_units"
          label="入学前からの繰越単位"
          inputMode="numeric"
          width="xs"
          description="入学の前に取得して引き継ぐ単位です（講座で取得した単位は、受講済みにすると自動で数えます）。0または正の整数（5桁まで）で入力します。"
        />
        <DateInput
          control={form.control}
          name="date_issue_num"
          label="学生証発行日"
          description={isUpdate ? '空欄のときは今の発行日のままです。' : '空欄のときは今日になります。'}
        />
        <RadioGroup
          control={form.control}
          name="is_graduation"
          label="卒業"
          isRequired
          options={FLAG_OPTIONS.is_graduation}
        />
        <RadioGroup
          control={form.control}
          name="is_rejection"
          label="ログイン停止"
          isRequired
          options={FLAG_OPTIONS.is_rejection}
          description="停止すると、この学生はマイページにログインできません。"
        />
        <RemarksField form={common} />
      </StudentOfficeFields>
      <FieldGroup legend="パスワード">
        <PasswordFields
          form={asPasswordForm(form)}
          isRequired={!isUpdate}
          description={
            isUpdate
              ? '変更する場合のみ入力します。半角英数字・記号で8文字以上12文字以内。'
              : '半角英数字・記号で8文字以上12文字以内。'
          }
        />
      </FieldGroup>
    </>
  );
}

/** The confirm step: the cautions of §5, then every field (the password never shown). */
function StudentConfirm({ values, isUpdate }: { values: StudentUpdateForm; isUpdate: boolean }) {
  return (
    <div className="space-y-6">
      <ConfirmCautions values={values} />
      <ConfirmList
        items={[
          { label: '学生番号', value: values.login_id },
          { label: '期生ID', value: values.generation_id },
          ...personConfirmItems(values),
          ...officeConfirmItems(values),
          { label: '入学前からの繰越単位', value: values.total_units },
          {
            label: '学生証発行日',
            value: values.date_issue_num
              ? formatDateJa(values.date_issue_num)
              : isUpdate
                ? '（変更しない）'
                : formatDateJa(todayTokyo()),
          },
          { label: '卒業', value: optionLabel(FLAG_OPTIONS.is_graduation, values.is_graduation) },
          { label: 'ログイン停止', value: optionLabel(FLAG_OPTIONS.is_rejection, values.is_rejection) },
          { label: '備考', value: values.remarks },
          {
            label: 'パスワード',
            value: values.password ? '設定する（画面には表示しません）' : '（変更しない）',
          },
        ]}
      />
    </div>
  );
}

/** The completion step, with the student number. */
function StudentComplete({ result, isUpdate }: { result: StudentWriteResult; isUpdate: boolean }) {
  return (
    <div className="space-y-6">
      <Alert variant="success" title={isUpdate ? '更新完了' : '登録完了'}>
        <p>{isUpdate ? '学生情報を更新しました。' : '学生を登録しました。'}</p>
        <p>学生番号：{result.login_id}</p>
      </Alert>
      <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <li>
          <TextLink to={paths.admin.studentDetail(result.user_id)}>学生詳細へ</TextLink>
        </li>
        <li>
          <TextLink to={paths.admin.studentList()}>学生一覧へ戻る</TextLink>
        </li>
      </ul>
    </div>
  );
}
