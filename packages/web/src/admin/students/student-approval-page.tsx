import type { Student, StudentApprovalResult } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import {
  APPROVAL_CHOICES,
  defaultGenerationId,
  type StudentApprovalForm,
  studentApprovalFormSchema,
} from '@manabi/shared/schemas/student';
import { useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { type Option, optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { useDecideApproval, useStudentForEdit } from './api/student-form';
import { BestMatchNotice } from './student-candidates';
import {
  asCommonForm,
  asPasswordForm,
  ConfirmCautions,
  commonValues,
  officeConfirmItems,
  PasswordFields,
  personConfirmItems,
  RemarksField,
  StudentOfficeFields,
  StudentPersonFields,
} from './student-fields';

type FormInput = SchemaInput<typeof studentApprovalFormSchema>;
const CHOICES: readonly Option[] = APPROVAL_CHOICES;

/**
 * /admin/student/approval/{userId} (SPEC §2 Students, §4 approval): a pending or rejected admission's
 * form with the choice 承認する / 却下する, then confirm → 承認完了 (with the assigned 学生番号) or
 * 却下完了. An approved or missing student goes to /admin/404.
 */
export function Component() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.admin.notFound()} replace />;
  return <ApprovalLoader userId={id} />;
}

function ApprovalLoader({ userId }: { userId: number }) {
  const detail = useStudentForEdit(userId);
  // judged on the row as first loaded: after approving, the reloaded row is approved and the
  // completion step must stay
  const firstStatus = useRef<string | undefined>(undefined);
  if (!detail.data) return <FullPageSpinner />;
  firstStatus.current ??= detail.data.approval_status;
  if (firstStatus.current === '1') return <Navigate to={paths.admin.notFound()} replace />;
  return <ApprovalStepForm key={userId} current={detail.data} />;
}

function formValues(s: Student): FormInput {
  return {
    ...commonValues(s),
    approval_status: '',
    // students are admitted in April: this fiscal year's generation is the usual answer
    generation_id: s.generation_id ?? defaultGenerationId(todayTokyo()),
    password: '',
    password2: '',
  };
}

function ApprovalStepForm({ current }: { current: Student }) {
  const decide = useDecideApproval();
  const [choice, setChoice] = useState<string>('');
  const verb = choice === '2' ? '却下する' : '承認する';

  return (
    <div className="space-y-8">
      <PageTitle>学生の承認</PageTitle>
      <div className="space-y-2">
        <p className="text-std-17N-170 text-ink">
          {current.name}（{current.approval_status_text}
          {current.filing_date ? `・申込日 ${formatDateJa(current.filing_date)}` : ''}）
        </p>
        <p>
          <TextLink to={paths.admin.studentDuplicate(current.user_id)} newWindow>
            重複の可能性がある学生を確認（新しいタブ）
          </TextLink>
        </p>
      </div>
      <BestMatchNotice userId={current.user_id} />
      <StepForm<StudentApprovalForm, StudentApprovalResult, FormInput>
        schema={studentApprovalFormSchema}
        defaultValues={formValues(current)}
        onBeforeConfirm={(values) => {
          setChoice(values.approval_status);
          return true;
        }}
        onSubmit={(values) =>
          decide.mutateAsync({ ...values, user_id: current.user_id, updated_at: current.updated_at })
        }
        submitLabel={verb}
        pendingLabel="処理中..."
        confirmNote={`以下の内容で${verb === '承認する' ? '承認' : '却下'}します。よろしければ「${verb}」ボタンを押してください。`}
        renderInput={(form) => <ApprovalInput form={form} />}
        inputActions={
          <ButtonLink to={paths.admin.studentList()} variant="tertiary">
            学生一覧へ戻る
          </ButtonLink>
        }
        renderConfirm={(values) => (
          <div className="space-y-6">
            <ConfirmCautions values={values} />
            <ConfirmList
              items={[
                { label: '承認・却下', value: optionLabel(CHOICES, values.approval_status) },
                ...(values.approval_status === APPROVAL.APPROVED
                  ? [
                      { label: '期生ID', value: values.generation_id },
                      { label: 'パスワード', value: '設定する（画面には表示しません）' },
                    ]
                  : []),
                ...personConfirmItems(values),
                ...officeConfirmItems(values),
                { label: '備考', value: values.remarks },
              ]}
            />
          </div>
        )}
        renderComplete={(result) => (
          <div className="space-y-6">
            {result.approval_status === APPROVAL.APPROVED ? (
              <Alert variant="success" title="承認完了">
                <p>{current.name}さんの入学を承認しました。</p>
                <p>
                  学生番号：<strong>{result.login_id}</strong>
                </p>
                <p>この学生番号と設定したパスワードで、マイページにログインできます。</p>
              </Alert>
            ) : (
              <Alert variant="success" title="却下完了">
                <p>{current.name}さんの入学申込みを却下しました。</p>
              </Alert>
            )}
            <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
              {result.approval_status === APPROVAL.APPROVED && (
                <li>
                  <TextLink to={paths.admin.studentDetail(result.user_id)}>学生詳細へ</TextLink>
                </li>
              )}
              <li>
                <TextLink to={paths.admin.studentList()}>学生一覧へ戻る</TextLink>
              </li>
            </ul>
          </div>
        )}
      />
    </div>
  );
}

function ApprovalInput({ form: typed }: { form: StepFormApi<FormInput, StudentApprovalForm> }) {
  const common = asCommonForm(typed);
  const decision = typed.watch('approval_status');
  return (
    <>
      <StudentPersonFields form={common} />
      <StudentOfficeFields form={common} />
      <FieldGroup legend="審査の結果">
        <RadioGroup
          control={typed.control}
          name="approval_status"
          label="承認・却下"
          isRequired
          options={CHOICES}
        />
        {decision === '1' && (
          <>
            <TextInput
              control={typed.control}
              name="generation_id"
              label="期生ID"
              isRequired
              inputMode="numeric"
              width="xs"
              description="入学した年月の数字4桁です（例：2026年4月入学 → 2604）。学生番号はこの4桁に続く空き番号になります。"
            />
            <PasswordFields
              form={asPasswordForm(typed)}
              isRequired
              description="半角英数字・記号で8文字以上12文字以内。学生に伝えるマイページのパスワードです。"
            />
          </>
        )}
        <RemarksField
          form={common}
          isRequired={decision === '2'}
          description={
            decision === '2'
              ? '却下の理由を入力します（500文字まで）。'
              : '500文字まで入力できます。却下するときは理由を入力します。'
          }
        />
      </FieldGroup>
    </>
  );
}
