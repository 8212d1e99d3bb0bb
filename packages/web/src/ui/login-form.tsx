import type { SessionUser } from '@manabi/shared/api';
import type { AdminLoginBody } from '@manabi/shared/schemas/auth';
import { MSG } from '@manabi/shared/validation/messages';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { type ApiError, type Area, isApiError } from '../lib/api';
import { useRouteApiError } from '../lib/area';
import { fetchSession, storedUser, useLogin } from '../lib/session';
import { Alert } from './alert';
import { Button } from './button';
import { FieldErrorSummary, useErrorSummaryFocus } from './field-error-summary';
import { FieldRegistryProvider, type FieldWidth } from './field-parts';
import { FullPageSpinner } from './full-page-spinner';
import { PageTitle } from './page-title';
import type { FormSchema } from './step-form';
import { TextInput } from './text-input';

type LoginValues = AdminLoginBody;
type LoginInput = { login_id?: string; password?: string };

export interface LoginFormProps {
  area: Area;
  title: string;
  /**
   * Loads the area's shared login body schema (admin or my-page rules, SPEC §5), e.g.
   * `() => import('@manabi/shared/schemas/auth').then((m) => m.mypageLoginBodySchema)`: zod is not needed to
   * show the page, so it is fetched when the form is first focused (at the latest on submit).
   */
  loadSchema: () => Promise<FormSchema<LoginValues, LoginInput>>;
  idField: { label: string; description?: string; inputMode?: 'numeric'; width: FieldWidth };
  /** Whether an existing session of this area counts (admin vs student). */
  isOwnUser: (user: SessionUser) => boolean;
  /** Where to go after login, or when already logged in. */
  destination: () => string;
  intro?: ReactNode;
  footer?: ReactNode;
  submitSize?: 'md' | 'lg';
  /**
   * What the area adds under a refusal given after the right password (403: a stopped account, a withdrawn
   * student), e.g. a link to call the office; the server's message is the alert's title.
   */
  refusalDetail?: (error: ApiError) => ReactNode;
}

type LoginResolver = Resolver<LoginInput, unknown, LoginValues>;

/**
 * A resolver that loads zod, the resolver and the schema on first use (or on `preload`). Should they fail
 * to load (a deploy replaced the chunks), the values go to the server unchecked: it applies the same
 * schema and refuses them as a failed login.
 */
function lazyResolver(loadSchema: LoginFormProps['loadSchema']) {
  let loaded: Promise<LoginResolver | null> | undefined;
  const load = () => {
    loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as LoginResolver,
      () => null,
    );
    return loaded;
  };
  const resolver: LoginResolver = async (values, context, options) => {
    const zodResolve = await load();
    return zodResolve ? zodResolve(values, context, options) : { values: values as LoginValues, errors: {} };
  };
  return { resolver, preload: () => void load() };
}

/**
 * Already logged in? A look only (touch=0); a user of this area goes straight on. True while it looks.
 */
function useGoOnWhenLoggedIn(
  area: LoginFormProps['area'],
  isOwnUser: LoginFormProps['isOwnUser'],
  destination: LoginFormProps['destination'],
): boolean {
  const navigate = useNavigate();
  // Someone may be logged in only when this browser holds the display copy of a user (a login stores it;
  // a logout or a session found ended clears it). Without one the look below is skipped: a logged-out
  // visit then makes no request that fails (a 401 is a console error; Lighthouse best practices).
  const [mayBeLoggedIn] = useState(() => storedUser.get() !== null);
  const [isChecking, setIsChecking] = useState(mayBeLoggedIn);
  // the latest callbacks, without re-running the session check when a parent re-renders
  const onward = useRef({ isOwnUser, destination });
  onward.current = { isOwnUser, destination };

  useEffect(() => {
    if (!mayBeLoggedIn) return;
    let active = true;
    fetchSession(area, { touch: false })
      .then((info) => {
        if (!active) return;
        if (info && onward.current.isOwnUser(info.user))
          navigate(onward.current.destination(), { replace: true });
        else setIsChecking(false);
      })
      .catch(() => active && setIsChecking(false));
    return () => {
      active = false;
    };
  }, [area, navigate, mayBeLoggedIn]);
  return isChecking;
}

/**
 * Logs in and goes on; a refused login becomes the form's message (422 → 「IDまたはパスワードが違います」, 429
 * and 403 → the server's words, 403 with what the area adds), which takes focus; anything else is routed.
 */
function useLoginSubmit(
  area: Area,
  destination: LoginFormProps['destination'],
  refusalDetail: LoginFormProps['refusalDetail'],
) {
  const navigate = useNavigate();
  const login = useLogin(area);
  const routeError = useRouteApiError();
  const [failure, setFailure] = useState<{ title: string; detail?: ReactNode } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = async (body: LoginValues) => {
    setFailure(null);
    try {
      await login(body);
      navigate(destination(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422) setFailure({ title: MSG.loginFailed });
      else if (isApiError(error) && error.status === 429) setFailure({ title: error.message });
      else if (isApiError(error) && error.status === 403) {
        setFailure({ title: error.message, detail: refusalDetail?.(error) });
      } else routeError(error, { area });
    }
  };
  return { failure, failureRef, onSubmit };
}

/**
 * The login screen of either area (SPEC §2, §4, §8): ID and password; 422 → 「IDまたはパスワードが違います」,
 * 429 → the server's message (lock or rate limit), 403 → the server's refusal (the password was right, the
 * login is not allowed: said on the form, not as an error page); sessionexp=1 shows the inactivity notice; a
 * user already logged in goes straight on.
 */
export function LoginForm({
  area,
  title,
  loadSchema,
  idField,
  isOwnUser,
  destination,
  intro,
  footer,
  submitSize = 'md',
  refusalDetail,
}: LoginFormProps) {
  // a plain read of one flag (?sessionexp=1), not a list's search: lib/search-state.ts is for lists
  const [params] = useSearchParams();
  const isChecking = useGoOnWhenLoggedIn(area, isOwnUser, destination);
  const { failure, failureRef, onSubmit } = useLoginSubmit(area, destination, refusalDetail);
  const summaryRef = useRef<HTMLDivElement>(null);
  const validation = useMemo(() => lazyResolver(loadSchema), [loadSchema]);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: validation.resolver,
    defaultValues: { login_id: '', password: '' },
    shouldFocusError: false,
  });
  const focusSummary = useErrorSummaryFocus(form, summaryRef);

  if (isChecking) return <FullPageSpinner />;

  return (
    <div className="mx-auto max-w-[36rem] space-y-6">
      <PageTitle>{title}</PageTitle>
      {params.get('sessionexp') === '1' && (
        <Alert variant="warning" announce={false}>
          <p>{MSG.sessionExpired}</p>
        </Alert>
      )}
      {intro}
      {failure && (
        <Alert ref={failureRef} variant="error" focusable title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <FieldRegistryProvider>
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusSummary)}
          onFocus={validation.preload}
          className="space-y-6"
        >
          <FieldErrorSummary ref={summaryRef} form={form} />
          <fieldset disabled={form.formState.isSubmitting} className="mx-0 min-w-0 space-y-6 border-0 p-0">
            <TextInput
              control={form.control}
              name="login_id"
              label={idField.label}
              description={idField.description}
              isRequired
              autoComplete="username"
              inputMode={idField.inputMode}
              width={idField.width}
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
            size={submitSize}
            isPending={form.formState.isSubmitting}
            pendingLabel="ログイン中..."
            className="w-full sm:w-auto"
          >
            ログイン
          </Button>
        </form>
      </FieldRegistryProvider>
      {footer}
    </div>
  );
}
