import { passwordSettingFormSchema } from '@manabi/shared/schemas/password-reset';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { LoadingOverlay } from '../../ui/loading-overlay';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { isExpireQuery, setNewPassword } from './api/password-reset';

/**
 * /mypage/passwordsetting/:token (SPEC §2, §4, §8): GET /api/mypage/login/isexpire/ first; an unknown,
 * used, superseded or expired link shows 「無効なURL」 with a link to ask for a new mail; a live one shows
 * the new password twice → POST /api/mypage/login/passwordsetting/ → completion with the login link.
 */
export function Component() {
  const { token = '' } = useParams();
  const [isDead, setIsDead] = useState(false);
  const check = useQuery(isExpireQuery(token));

  if (check.isPending) {
    return (
      <div className="relative min-h-40">
        <LoadingOverlay isVisible label="確認中..." />
      </div>
    );
  }
  if (isDead || check.data?.is_expire !== false) {
    return (
      <div className="mx-auto max-w-[36rem] space-y-6">
        <PageTitle>無効なURL</PageTitle>
        <Alert variant="error" title="このURLは無効です">
          <p>
            URLの有効期限（メール送信から24時間）が切れたか、すでに使われたか、新しいご案内メールをお送りしたため、このURLは使えません。
          </p>
        </Alert>
        <p>お手数ですが、パスワード再設定のご案内メールをもう一度お申込みください。</p>
        <div className="flex flex-wrap gap-4">
          <ButtonLink to={paths.mypage.password()}>再設定のメールを申し込む</ButtonLink>
        </div>
        <p>
          <TextLink to={paths.mypage.login()}>ログイン画面へ戻る</TextLink>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-[36rem] space-y-6">
      <PageTitle>新しいパスワードの設定</PageTitle>
      <StepForm
        schema={passwordSettingFormSchema}
        defaultValues={{ password: '', password2: '' }}
        skipConfirm
        showSteps={false}
        submitLabel="設定する"
        pendingLabel="設定中..."
        headings={{ input: '新しいパスワードの入力', complete: 'パスワードを設定しました' }}
        onSubmit={async (values) => {
          const result = await setNewPassword({ ...values, token });
          if (result.is_valid) return result;
          if (result.name === 'token') {
            setIsDead(true);
            return result;
          }
          // a field the server refused: shown on that field (SPEC §4)
          throw new ApiError(422, { err_list: [{ name: result.name, msg: result.msg }] });
        }}
        renderInput={(form) => (
          <>
            <p>新しいパスワードを2回入力して、「設定する」ボタンを押してください。</p>
            <TextInput
              control={form.control}
              name="password"
              label="新しいパスワード"
              description="半角英数字・記号で8文字以上12文字以内"
              type="password"
              isRequired
              autoComplete="new-password"
              width="md"
            />
            <TextInput
              control={form.control}
              name="password2"
              label="新しいパスワード（確認）"
              description="確認のため、もう一度入力してください"
              type="password"
              isRequired
              autoComplete="new-password"
              width="md"
            />
          </>
        )}
        renderConfirm={() => null}
        renderComplete={() => (
          <div className="space-y-6">
            <Alert variant="success" title="新しいパスワードを設定しました">
              <p>新しいパスワードでログインしてください。</p>
            </Alert>
            <ButtonLink to={paths.mypage.login()}>ログイン画面へ</ButtonLink>
          </div>
        )}
      />
    </div>
  );
}
