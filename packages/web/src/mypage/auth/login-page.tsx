import { zodResolver } from '@hookform/resolvers/zod';
import { type MypageLoginBody, mypageLoginBodySchema } from '@manabi/shared/schemas/auth';
import { MSG } from '@manabi/shared/validation/messages';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { handleApiError, isApiError } from '../../lib/api';
import { paths, safeNext } from '../../lib/paths';
import { fetchSession, useLogin } from '../../lib/session';
import {
  Alert,
  Button,
  FieldErrorSummary,
  FieldRegistryProvider,
  FullPageSpinner,
  PageTitle,
  TextInput,
  TextLink,
  useErrorSummaryFocus,
} from '../../ui';

/**
 * /mypage/login (SPEC §2, §4, §8): student number and password. 422 → 「IDまたはパスワードが違います」,
 * 429 → the server's message. After login: `next` when it is a safe /mypage path, else /mypage/top.
 * sessionexp=1 shows the inactivity notice; a student already logged in goes to the top.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin('mypage');
  const [isChecking, setIsChecking] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const next = safeNext(params.get('next'));
  const form = useForm({
    resolver: zodResolver(mypageLoginBodySchema),
    defaultValues: { login_id: '', password: '' },
    shouldFocusError: false,
  });
  const focusSummary = useErrorSummaryFocus(form, summaryRef);

  useEffect(() => {
    let active = true;
    fetchSession('mypage', { touch: false })
      .then((info) => {
        if (!active) return;
        if (info && !info.user.is_admin) navigate(paths.mypage.top(), { replace: true });
        else setIsChecking(false);
      })
      .catch(() => active && setIsChecking(false));
    return () => {
      active = false;
    };
  }, [navigate]);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = async (body: MypageLoginBody) => {
    setFailure(null);
    try {
      await login(body);
      navigate(next ?? paths.mypage.top(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422) setFailure(MSG.loginFailed);
      else if (isApiError(error) && error.status === 429) setFailure(error.message);
      else handleApiError('mypage', error, navigate);
    }
  };

  if (isChecking) return <FullPageSpinner />;

  return (
    <div className="mx-auto max-w-[36rem] space-y-6">
      <PageTitle>マイページ ログイン</PageTitle>
      {params.get('sessionexp') === '1' && (
        <Alert variant="warning" announce={false}>
          <p>{MSG.sessionExpired}</p>
        </Alert>
      )}
      <p>学生番号とパスワードを入力して、「ログイン」ボタンを押してください。</p>
      {failure && <Alert ref={failureRef} variant="error" focusable title={failure} />}
      <FieldRegistryProvider>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, focusSummary)} className="space-y-6">
          <FieldErrorSummary ref={summaryRef} form={form} />
          <fieldset disabled={form.formState.isSubmitting} className="mx-0 min-w-0 space-y-6 border-0 p-0">
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
              name="password"
              label="パスワード"
              type="password"
              isRequired
              autoComplete="current-password"
              width="md"
            />
          </fieldset>
          <Button
            type="submit"
            size="lg"
            isPending={form.formState.isSubmitting}
            pendingLabel="ログイン中..."
            className="w-full sm:w-auto"
          >
            ログイン
          </Button>
        </form>
      </FieldRegistryProvider>
      <ul className="space-y-3 border-t-2 border-line-subtle pt-6">
        <li>
          <TextLink to={paths.mypage.password()}>パスワードを忘れた方</TextLink>
        </li>
        <li>
          <TextLink to={paths.mypage.admission()}>入学申込み</TextLink>
        </li>
      </ul>
    </div>
  );
}
