import {
  CURRENT_PASSWORD_MAX,
  NEW_PASSWORD_MAX,
  passwordUpdateFormSchema,
} from '@manabi/shared/schemas/mypage-user';
import { useQuery } from '@tanstack/react-query';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { updatePassword, userQuery } from './api/user';
import { CancelToUser, UserDone } from './user-form-parts';

/**
 * /mypage/user/password (SPEC §2 user/password, §4 password change, §5 "My-page password change"): the
 * current password, the new one and its confirmation → completion. Server errors (a wrong current
 * password) go on their fields and the page scrolls to the top. Other sessions of the student end.
 */
export function Component() {
  const { data: user } = useQuery(userQuery());
  if (!user) return <FullPageSpinner />;
  return (
    <div className="space-y-6">
      <PageTitle>パスワードの変更</PageTitle>
      <StepForm
        guardLeave
        schema={passwordUpdateFormSchema}
        defaultValues={{ current_password: '', password: '', password2: '' }}
        skipConfirm
        showSteps={false}
        headings={{ input: 'パスワードの入力', complete: 'パスワードを変更しました' }}
        submitLabel="変更する"
        pendingLabel="変更中..."
        inputActions={<CancelToUser />}
        onSubmit={(values) =>
          updatePassword({ ...values, login_id: user.login_id, updated_at: user.app_user_updated_at })
        }
        renderInput={({ control }) => (
          <>
            <TextInput
              control={control}
              name="current_password"
              label="現在のパスワード"
              type="password"
              autoComplete="current-password"
              isRequired
              maxLength={CURRENT_PASSWORD_MAX}
              width="md"
            />
            <TextInput
              control={control}
              name="password"
              label="新しいパスワード"
              type="password"
              autoComplete="new-password"
              isRequired
              maxLength={NEW_PASSWORD_MAX}
              width="md"
              description="半角英数字・記号で8文字以上12文字以内"
            />
            <TextInput
              control={control}
              name="password2"
              label="新しいパスワード（確認）"
              type="password"
              autoComplete="new-password"
              isRequired
              maxLength={NEW_PASSWORD_MAX}
              width="md"
            />
          </>
        )}
        renderConfirm={() => null}
        renderComplete={() => (
          <UserDone title="パスワードの変更が完了しました">
            <p>ほかの端末でログインしている場合は、新しいパスワードでログインし直してください。</p>
          </UserDone>
        )}
      />
    </div>
  );
}
