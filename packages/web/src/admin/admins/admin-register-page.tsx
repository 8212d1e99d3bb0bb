import type { AdminUserDetail, AdminUserWriteResult } from '@manabi/shared/api';
import { AUTHORITY, initialCode } from '@manabi/shared/codes';
import {
  ADMIN_FLAG_OPTIONS,
  ADMIN_MAIL_MAX,
  ADMIN_NAME_MAX,
  type AdminUserUpdateForm,
  adminUserNewFormSchema,
  adminUserUpdateFormSchema,
  UNIVERSITY_ID_MAX,
} from '@manabi/shared/schemas/admin-user';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-fields';
import { optionLabel } from '../../ui/code-options';
import { type ConfirmItem, ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { FormModeRoute } from '../layout/form-mode';
import { adminUserDetailQuery, checkAdminUser, useSaveAdminUser } from './api/admin-users';

type FormInput = SchemaInput<typeof adminUserUpdateFormSchema>;
type FormApi = StepFormApi<FormInput, AdminUserUpdateForm>;

/**
 * /admin/admin/register/{mode}/{id} (SPEC §2 Admin users, §4): mode new (id 0) or update — input → confirm
 * → register → completion linking to /admin/admin. The first submit asks the server's check
 * (adminuser/password: an unknown university, an admin removing their own authority or login) and stays on
 * the input step with the message on the named field. A missing admin goes to /admin/404.
 */
export function Component() {
  return (
    <FormModeRoute
      idParam="id"
      create={() => <AdminStepForm current={undefined} />}
      update={(id) => <AdminUpdateLoader id={id} />}
    />
  );
}

function AdminUpdateLoader({ id }: { id: number }) {
  const detail = useQuery(adminUserDetailQuery(id));
  if (!detail.data) return <FullPageSpinner />;
  // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
  return <AdminStepForm key={id} current={detail.data} />;
}

function formValues(a: AdminUserDetail | undefined): FormInput {
  return {
    name: a?.name ?? '',
    mail: a?.mail ?? '',
    mail2: a?.mail ?? '',
    password: '',
    password2: '',
    authority: a?.authority ?? initialCode('CD001'),
    university_id: a?.university_id ?? '',
    is_rejection: a?.is_rejection ?? '0',
    is_email: a?.is_email ?? '1',
  };
}

/** 大学ID is asked only of a 大学担当 (authority 2) admin, who is tied to one university (SPEC §1, §6). */
function UniversityField({ form }: { form: FormApi }) {
  const authority = useWatch({ control: form.control, name: 'authority' });
  const isAsked = authority === AUTHORITY.UNIVERSITY;
  // a value left in the hidden field must not block the form (an authority-1 admin has no university)
  useEffect(() => {
    if (isAsked || form.getValues('university_id') === '') return;
    form.setValue('university_id', '');
    form.clearErrors('university_id');
  }, [isAsked, form]);
  if (!isAsked) return null;
  return (
    <TextInput
      control={form.control}
      name="university_id"
      label="大学ID"
      isRequired
      maxLength={UNIVERSITY_ID_MAX}
      width="sm"
      autoComplete="off"
      description="この管理者が担当する大学のIDを、半角英数字で入力します（例：U01）。"
    />
  );
}

/** Strips what the chosen authority does not use, so the confirmation and the request agree. */
const sent = (values: AdminUserUpdateForm): AdminUserUpdateForm =>
  values.authority === AUTHORITY.UNIVERSITY ? values : { ...values, university_id: '' };

function AdminStepForm({ current }: { current: AdminUserDetail | undefined }) {
  const save = useSaveAdminUser();
  const user = useSessionUser();
  const isUpdate = current !== undefined;
  const isSelf = isUpdate && user.login_id === current.login_id;
  const title = isUpdate ? '管理者情報の変更' : '管理者の新規登録';

  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      {current && (
        <p className="text-std-17N-170 text-ink">
          ログインID：{current.login_id}　{current.name}
        </p>
      )}
      <StepForm<AdminUserUpdateForm, AdminUserWriteResult, FormInput>
        schema={isUpdate ? adminUserUpdateFormSchema : adminUserNewFormSchema}
        defaultValues={formValues(current)}
        onBeforeConfirm={async (values, form) => {
          // SPEC §4: the server's check before the confirm step (it checks again on register)
          const check = await checkAdminUser({ ...sent(values), id: current?.id ?? '' });
          if (check.is_valid) return true;
          form.setError(check.name as keyof FormInput, { type: 'server', message: check.msg });
          return false;
        }}
        onSubmit={(values) =>
          save.mutateAsync(
            current ? { ...sent(values), id: current.id, updated_at: current.updated_at } : sent(values),
          )
        }
        renderInput={(form) => <AdminFields form={form} isUpdate={isUpdate} isSelf={isSelf} />}
        inputActions={
          <ButtonLink to={paths.admin.adminList()} variant="tertiary">
            管理者一覧へ戻る
          </ButtonLink>
        }
        renderConfirm={(values) => <ConfirmList items={confirmItems(values, current)} />}
        renderComplete={(result, values) => (
          <AdminComplete loginId={result.login_id} isUpdate={isUpdate} mailed={values.is_email === '1'} />
        )}
      />
    </div>
  );
}

/** The input step: the person, the password (kept when left blank on update), the role and the flags. */
function AdminFields({ form, isUpdate, isSelf }: { form: FormApi; isUpdate: boolean; isSelf: boolean }) {
  return (
    <>
      <TextInput
        control={form.control}
        name="name"
        label="氏名"
        isRequired
        maxLength={ADMIN_NAME_MAX}
        autoComplete="off"
        width="md"
      />
      <TextInput
        control={form.control}
        name="mail"
        label="メールアドレス"
        type="email"
        isRequired
        maxLength={ADMIN_MAIL_MAX}
        autoComplete="off"
        width="lg"
      />
      <TextInput
        control={form.control}
        name="mail2"
        label="メールアドレス（確認）"
        type="email"
        isRequired
        autoComplete="off"
        width="lg"
        description="確認のため、もう一度入力します。"
      />
      <TextInput
        control={form.control}
        name="password"
        label="パスワード"
        type="password"
        isRequired={!isUpdate}
        autoComplete="new-password"
        width="sm"
        description={
          isUpdate
            ? '変更する場合のみ入力してください。半角英数字・記号で8文字以上12文字以内です。'
            : '半角英数字・記号で8文字以上12文字以内で入力してください。'
        }
      />
      <TextInput
        control={form.control}
        name="password2"
        label="パスワード（確認）"
        type="password"
        isRequired={!isUpdate}
        autoComplete="new-password"
        width="sm"
        description={
          isUpdate ? '変更する場合のみ、確認のためもう一度入力します。' : '確認のため、もう一度入力します。'
        }
      />
      <RadioGroup
        control={form.control}
        name="authority"
        label="権限"
        isRequired
        options="CD001"
        description={
          isSelf
            ? 'ご自身の権限は変更できません。'
            : '「大学担当」は、担当する大学の講座の閲覧と出欠の管理だけができます。'
        }
      />
      <UniversityField form={form} />
      <RadioGroup
        control={form.control}
        name="is_rejection"
        label="ログイン停止"
        isRequired
        options={ADMIN_FLAG_OPTIONS.is_rejection}
        description={
          isSelf
            ? 'ご自身のログインは停止できません。'
            : '停止すると、この管理者は管理画面にログインできなくなります。'
        }
      />
      <RadioGroup
        control={form.control}
        name="is_email"
        label={isUpdate ? '変更のお知らせメール' : '登録のお知らせメール'}
        isRequired
        options={ADMIN_FLAG_OPTIONS.is_email}
        description="ログインIDとログイン画面のURLを、この管理者のメールアドレスに送ります。パスワードはメールに書きません。"
      />
    </>
  );
}

function confirmItems(values: AdminUserUpdateForm, current: AdminUserDetail | undefined): ConfirmItem[] {
  const isUpdate = current !== undefined;
  return [
    ...(current ? [{ label: 'ログインID', value: current.login_id }] : []),
    { label: '氏名', value: values.name },
    { label: 'メールアドレス', value: values.mail },
    {
      label: 'パスワード',
      value: values.password ? '設定する（画面には表示しません）' : '（変更しない）',
    },
    { label: '権限', value: optionLabel('CD001', values.authority) },
    ...(values.authority === AUTHORITY.UNIVERSITY ? [{ label: '大学ID', value: values.university_id }] : []),
    {
      label: 'ログイン停止',
      value: optionLabel(ADMIN_FLAG_OPTIONS.is_rejection, values.is_rejection),
    },
    {
      label: isUpdate ? '変更のお知らせメール' : '登録のお知らせメール',
      value: optionLabel(ADMIN_FLAG_OPTIONS.is_email, values.is_email),
    },
  ];
}

/** The completion: the login id, and how it reaches the new admin. */
function AdminComplete({
  loginId,
  isUpdate,
  mailed,
}: {
  loginId: string;
  isUpdate: boolean;
  mailed: boolean;
}) {
  return (
    <div className="space-y-6">
      <Alert variant="success" title={isUpdate ? '更新完了' : '管理者登録完了'}>
        <p>{isUpdate ? '管理者情報を更新しました。' : '管理者を登録しました。'}</p>
        <p className="text-std-20B-150">ログインID：{loginId}</p>
        {!isUpdate && (
          <p>
            {mailed
              ? 'ログインIDをメールでお知らせしました。パスワードは別の方法でお伝えください。'
              : 'ログインIDとパスワードを、この管理者にお伝えください。'}
          </p>
        )}
      </Alert>
      <p>
        <TextLink to={paths.admin.adminList()}>管理者一覧へ戻る</TextLink>
      </p>
    </div>
  );
}
