import { sendMailBodySchema } from '@manabi/shared/schemas/password-reset';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { sendResetMail } from './api/password-reset';

/**
 * /mypage/password (SPEC §2, §4): student number and a registered mail address →
 * POST /api/mypage/login/sendmail/. The mail-sent screen follows any answer, even a failure, and its
 * wording never tells whether the account exists (no enumeration).
 */
export function Component() {
  return (
    <div className="mx-auto max-w-[36rem] space-y-6">
      <PageTitle>パスワードの再設定</PageTitle>
      <StepForm
        schema={sendMailBodySchema}
        defaultValues={{ login_id: '', mail_address: '' }}
        skipConfirm
        showSteps={false}
        submitLabel="送信する"
        pendingLabel="送信中..."
        headings={{ input: '再設定のご案内メールの送信', complete: 'メールを送信しました' }}
        onSubmit={async (body) => {
          // the same screen whatever the answer: it must not reveal whether the account exists
          await sendResetMail(body).catch(() => undefined);
          return true;
        }}
        renderInput={(form) => (
          <>
            <p>
              学生番号と、ご登録のメールアドレスを入力して、「送信する」ボタンを押してください。パスワードを再設定するためのURLをメールでお送りします。
            </p>
            <TextInput
              control={form.control}
              name="login_id"
              label="学生番号"
              description="半角数字8桁（例：24040001）"
              isRequired
              autoComplete="username"
              inputMode="numeric"
              width="sm"
            />
            <TextInput
              control={form.control}
              name="mail_address"
              label="メールアドレス"
              description="ご登録のメールアドレス（メールアドレス1または2）"
              type="email"
              isRequired
              autoComplete="email"
              width="lg"
            />
          </>
        )}
        renderConfirm={() => null}
        renderComplete={() => (
          <div className="space-y-6">
            <Alert variant="success" title="送信を受け付けました">
              <p>
                入力された学生番号とメールアドレスが登録内容と一致した場合、ご登録のメールアドレスにパスワード再設定のご案内をお送りしました。メールに書かれたURLから、24時間以内に新しいパスワードを設定してください。
              </p>
            </Alert>
            <p>
              届かない場合は、迷惑メールのフォルダもご確認ください。それでも届かないときは、学生番号とメールアドレスをお確かめのうえ、もう一度お申込みいただくか、事務局にお問い合わせください。
            </p>
          </div>
        )}
      />
      <p>
        <TextLink to={paths.mypage.login()}>ログイン画面へ戻る</TextLink>
      </p>
    </div>
  );
}
