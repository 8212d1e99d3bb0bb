import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminLoginBody, adminLoginBodySchema } from '@manabi/shared/schemas/auth';
import { MSG } from '@manabi/shared/validation/messages';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { handleApiError, isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { fetchSession, useLogin } from '../../lib/session';
import {
  Alert,
  Button,
  FieldErrorSummary,
  FieldRegistryProvider,
  FullPageSpinner,
  PageTitle,
  TextInput,
  useErrorSummaryFocus,
} from '../../ui';

/**
 * /admin/login (SPEC §2, §4, §8): ID and password; 422 → 「IDまたはパスワードが違います」, 429 → the
 * server's message; sessionexp=1 shows the inactivity notice; an admin already logged in goes to the top.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin('admin');
  const [isChecking, setIsChecking] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: zodResolver(adminLoginBodySchema),
    defaultValues: { login_id: '', password: '' },
    shouldFocusError: false,
  });
  const focusSummary = useErrorSummaryFocus(form, summaryRef);

  // Already logged in? (a look only: touch=0)
  useEffect(() => {
    let active = true;
    fetchSession('admin', { touch: false })
      .then((info) => {
        if (!active) return;
        if (info?.user.is_admin) navigate(paths.admin.top(), { replace: true });
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

  const onSubmit = async (body: AdminLoginBody) => {
    setFailure(null);
    try {
      await login(body);
      navigate(paths.admin.top(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422) setFailure(MSG.loginFailed);
      else if (isApiError(error) && error.status === 429) setFailure(error.message);
      else handleApiError('admin', error, navigate);
    }
  };

  if (isChecking) return <FullPageSpinner />;

  return (
    <div className="mx-auto max-w-[32rem] space-y-6">
      <PageTitle>管理画面ログイン</PageTitle>
      {params.get('sessionexp') === '1' && (
        <Alert variant="warning" announce={false}>
          <p>{MSG.sessionExpired}</p>
        </Alert>
      )}
      {failure && <Alert ref={failureRef} variant="error" focusable title={failure} />}
      <FieldRegistryProvider>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, focusSummary)} className="space-y-6">
          <FieldErrorSummary ref={summaryRef} form={form} />
          <fieldset disabled={form.formState.isSubmitting} className="mx-0 min-w-0 space-y-6 border-0 p-0">
            <TextInput
              control={form.control}
              name="login_id"
              label="ログインID"
              isRequired
              autoComplete="username"
              width="md"
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
            isPending={form.formState.isSubmitting}
            pendingLabel="ログイン中..."
            className="w-full sm:w-auto"
          >
            ログイン
          </Button>
        </form>
      </FieldRegistryProvider>
    </div>
  );
}
