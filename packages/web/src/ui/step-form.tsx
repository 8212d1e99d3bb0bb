import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@manabi/shared/validation/messages';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type DeepPartialSkipArrayKey,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { isApiError } from '../lib/api';
import { useRouteApiError } from '../lib/area';
import { Alert } from './alert';
import { Button } from './button';
import { cx } from './cx';
import { FieldErrorSummary, useErrorSummaryFocus } from './field-error-summary';
import { type FieldRegistry, FieldRegistryProvider } from './field-parts';
import { LeaveGuard } from './leave-guard';

/** A zod 4 schema, seen structurally (web does not depend on zod itself; shared owns the schemas). */
export interface FormSchema<TValues, TInput extends FieldValues> {
  _zod: { output: TValues; input: TInput };
}

/** What a form holds for a schema (before parsing), e.g. `SchemaInput<typeof categoryFormSchema>`. */
export type SchemaInput<S> = S extends FormSchema<unknown, infer I> ? I : never;

export type FormStep = 'input' | 'confirm' | 'complete';

/** The react-hook-form instance StepForm hands to `renderInput`. */
export type StepFormApi<TInput extends FieldValues, TValues> = UseFormReturn<TInput, unknown, TValues>;

export interface StepFormProps<TValues extends FieldValues, TResult, TInput extends FieldValues = TValues> {
  /** The screen's zod schema from @manabi/shared (e.g. `categoryFormSchema`): the same rules the server uses. */
  schema: FormSchema<TValues, TInput>;
  defaultValues: DefaultValues<TInput>;
  /**
   * Runs after the schema passed and before the confirm step (e.g. "is this login id taken?").
   * Return false to stay on input (set errors with `form.setError` first). A thrown ApiError with err_list
   * is shown on the fields; other errors are routed as SPEC §8.
   */
  onBeforeConfirm?: (values: TValues, form: StepFormApi<TInput, TValues>) => Promise<boolean> | boolean;
  /** Registers. Throw (ApiError) to fail: err_list → back to input with field errors; 409 → MSG.stale. */
  onSubmit: (values: TValues) => Promise<TResult>;
  /**
   * For a screen that shows some refusals of `onSubmit` itself (e.g. the course application's reasons):
   * return true when it did — the form stays on its step and nothing is routed; false for the usual handling.
   */
  onSubmitError?: (error: unknown) => boolean;
  /**
   * The input-step button is enabled only while this holds for the values being typed (e.g. an agreement
   * ticked); `submitHint` says why while it does not.
   */
  canSubmit?: (values: DeepPartialSkipArrayKey<TInput>) => boolean;
  submitHint?: ReactNode;
  /** The input fields; use `form.control` with the ui field components. */
  renderInput: (form: StepFormApi<TInput, TValues>) => ReactNode;
  /** The read-only confirmation (usually a ConfirmList of the parsed values). */
  renderConfirm: (values: TValues) => ReactNode;
  /** The completion screen (message and links). */
  renderComplete: (result: TResult, values: TValues) => ReactNode;
  /** Input-step button; default 「確認画面へ」 (or submitLabel when there is no confirm step). */
  confirmLabel?: string;
  /** Confirm-step button; default 「登録する」. */
  submitLabel?: string;
  /** Confirm-step back button; default 「戻る」. */
  backLabel?: string;
  /** Text shown on the submit button while registering; default 「登録中...」. */
  pendingLabel?: string;
  /** Step headings (h2, focused on each step change). */
  headings?: Partial<Record<FormStep, string>>;
  /** Sentence above the confirmation; default 「以下の内容で登録します。…」. */
  confirmNote?: ReactNode;
  /** Extra actions next to the input-step button (e.g. a 「キャンセル」 ButtonLink). */
  inputActions?: ReactNode;
  /** Extra actions on the confirm step (after 戻る / 登録する). */
  confirmActions?: ReactNode;
  /** Skip the confirm step (input → complete), e.g. password change. */
  skipConfirm?: boolean;
  /** Show the 「入力 → 確認 → 完了」 progress line (default true). */
  showSteps?: boolean;
  /** Labels for err_list names that have no field component (shown in the error summary). */
  errorLabels?: Record<string, string>;
  /** Called whenever the step changes. */
  onStepChange?: (step: FormStep) => void;
  /**
   * Warn before leaving while the fields hold changes not yet saved ({@link useLeaveGuard}): a form a
   * student fills in at length (contact data, password, admission). Off after a successful submit.
   */
  guardLeave?: boolean;
  className?: string;
}

const DEFAULT_HEADINGS: Record<FormStep, string> = {
  input: '入力',
  confirm: '入力内容の確認',
  complete: '完了',
};

function hasPath(values: unknown, name: string): boolean {
  let node: unknown = values;
  for (const part of name.split('.')) {
    if (!node || typeof node !== 'object' || !(part in (node as Record<string, unknown>))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Two-step form of SPEC §4: input → confirm (parsed values, read-only, 「戻る」 / 「登録する」) → complete.
 *
 * - Validation with the shared zod schema (`zodResolver`), messages in Japanese from @manabi/shared.
 * - On each step change the page scrolls to the top and focus moves to the step heading; after a failed
 *   submit focus moves to the error summary, whose links focus each field.
 * - While a server call runs the whole form is disabled (`<fieldset disabled>`, pending buttons).
 * - `onSubmit` errors: ApiError with err_list → back to input, each message on its field (`setError`),
 *   unknown names in the summary; 409 → MSG.stale alert; anything else → SPEC §8 routing of the area.
 *
 * ```tsx
 * <StepForm schema={categoryFormSchema} defaultValues={{ category_name: '', sort_number: '' }}
 *   onSubmit={(v) => save.mutateAsync(v)} // a mutation from the screen family's api/ file
 *   renderInput={(form) => <TextInput control={form.control} name="category_name" label="カテゴリ名" isRequired maxLength={30} />}
 *   renderConfirm={(v) => <ConfirmList items={[{ label: 'カテゴリ名', value: v.category_name }]} />}
 *   renderComplete={() => <Alert variant="success" title="登録が完了しました" />} />
 * ```
 */
export function StepForm<TValues extends FieldValues, TResult, TInput extends FieldValues = TValues>({
  schema,
  defaultValues,
  onBeforeConfirm,
  onSubmit,
  onSubmitError,
  canSubmit,
  submitHint,
  renderInput,
  renderConfirm,
  renderComplete,
  confirmLabel,
  submitLabel = '登録する',
  backLabel = '戻る',
  pendingLabel = '登録中...',
  headings,
  confirmNote = `以下の内容で登録します。よろしければ「${submitLabel}」ボタンを押してください。`,
  inputActions,
  confirmActions,
  skipConfirm = false,
  showSteps = true,
  errorLabels,
  onStepChange,
  guardLeave = false,
  className,
}: StepFormProps<TValues, TResult, TInput>) {
  const form = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TValues>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const routeError = useRouteApiError();
  const registry = useMemo<FieldRegistry>(() => new Map(), []);
  const [step, setStep] = useState<FormStep>('input');
  const [values, setValues] = useState<TValues | null>(null);
  const [result, setResult] = useState<{ value: TResult } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | 'message'; n: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const headingText = { ...DEFAULT_HEADINGS, ...headings };
  const focusSummary = useErrorSummaryFocus(form, summaryRef, messages.length);

  const requestFocus = useCallback(
    (target: 'heading' | 'summary' | 'message') => {
      if (target === 'summary') focusSummary();
      else setFocusRequest((prev) => ({ target, n: (prev?.n ?? 0) + 1 }));
    },
    [focusSummary],
  );

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'heading') {
      window.scrollTo({ top: 0 });
      headingRef.current?.focus({ preventScroll: true });
    } else {
      (messageRef.current ?? summaryRef.current ?? headingRef.current)?.focus();
    }
  }, [focusRequest]);

  const goTo = useCallback(
    (next: FormStep, focus: 'heading' | 'summary' | 'message' = 'heading') => {
      setStep(next);
      onStepChange?.(next);
      requestFocus(focus);
    },
    [onStepChange, requestFocus],
  );

  /** Puts a server answer on the form; returns true when it was a form error (not to be routed). */
  const showServerError = useCallback(
    (error: unknown): boolean => {
      if (!isApiError(error)) return false;
      if (error.isStale) {
        setMessages([MSG.stale]);
        return true;
      }
      if (
        error.errList.length > 0 &&
        (error.status === 400 || error.status === 422 || error.status === 409)
      ) {
        const current = form.getValues();
        const unknownMessages: string[] = [];
        for (const item of error.errList) {
          if (registry.has(item.name) || hasPath(current, item.name)) {
            form.setError(item.name as FieldPath<TInput>, { type: 'server', message: item.msg });
          } else {
            unknownMessages.push(item.msg);
          }
        }
        setMessages(unknownMessages);
        return true;
      }
      return false;
    },
    [form, registry],
  );

  const submit = useCallback(
    async (submitted: TValues) => {
      setIsBusy(true);
      setMessages([]);
      try {
        const value = await onSubmit(submitted);
        setResult({ value });
        goTo('complete');
      } catch (error) {
        if (onSubmitError?.(error)) return;
        if (!showServerError(error)) {
          routeError(error);
          return;
        }
        if (isApiError(error) && error.isStale) {
          requestFocus('message');
        } else {
          goTo('input', 'summary');
        }
      } finally {
        setIsBusy(false);
      }
    },
    [goTo, onSubmit, onSubmitError, requestFocus, routeError, showServerError],
  );

  const onValid = async (parsed: TValues) => {
    setMessages([]);
    if (onBeforeConfirm) {
      setIsBusy(true);
      let ok = false;
      try {
        ok = await onBeforeConfirm(parsed, form);
      } catch (error) {
        if (!showServerError(error)) routeError(error);
        else requestFocus(isApiError(error) && error.isStale ? 'message' : 'summary');
        return;
      } finally {
        setIsBusy(false);
      }
      if (!ok) {
        requestFocus('summary');
        return;
      }
    }
    setValues(parsed);
    if (skipConfirm) {
      await submit(parsed);
    } else {
      goTo('confirm');
    }
  };

  // read here, in the form's own render: react-hook-form re-renders only the subscribers of isDirty
  const isDirty = form.formState.isDirty;

  const stepList: FormStep[] = skipConfirm ? ['input', 'complete'] : ['input', 'confirm', 'complete'];
  const stepNames: Record<FormStep, string> = { input: '入力', confirm: '確認', complete: '完了' };

  return (
    <FieldRegistryProvider registry={registry}>
      {guardLeave && <LeaveGuard when={step !== 'complete' && isDirty} />}
      <div className={cx('space-y-6', className)}>
        {showSteps && (
          <ol aria-label="手続きの流れ" className="flex flex-wrap items-center gap-2 text-std-16N-170">
            {stepList.map((s, index) => (
              <li key={s} className="flex items-center gap-2">
                {index > 0 && (
                  <span aria-hidden="true" className="text-ink-muted">
                    ›
                  </span>
                )}
                <span
                  aria-current={s === step ? 'step' : undefined}
                  className={cx(
                    'rounded-full border-2 px-3 py-0.5',
                    s === step
                      ? 'border-primary bg-primary text-std-16B-170 text-on-primary'
                      : 'border-line text-ink',
                  )}
                >
                  {index + 1}. {stepNames[s]}
                </span>
              </li>
            ))}
          </ol>
        )}

        <h2 ref={headingRef} tabIndex={-1} className="text-std-22B-150 text-ink">
          {headingText[step]}
        </h2>

        {step !== 'input' && messages.length > 0 && (
          <Alert ref={messageRef} variant="error" focusable title="登録できませんでした">
            {messages.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </Alert>
        )}

        {step === 'input' && (
          <form
            noValidate
            onSubmit={form.handleSubmit(onValid, () => requestFocus('summary'))}
            className="space-y-6"
          >
            <FieldErrorSummary ref={summaryRef} form={form} labels={errorLabels} messages={messages} />
            <fieldset disabled={isBusy} className="mx-0 min-w-0 space-y-6 border-0 p-0">
              {renderInput(form)}
            </fieldset>
            <div className="flex flex-wrap items-center gap-4 pt-2">
              <InputSubmit
                form={form}
                canSubmit={canSubmit}
                hint={submitHint}
                isPending={isBusy}
                pendingLabel={skipConfirm ? pendingLabel : '確認中...'}
              >
                {confirmLabel ?? (skipConfirm ? submitLabel : '確認画面へ')}
              </InputSubmit>
              {inputActions}
            </div>
          </form>
        )}

        {step === 'confirm' && values && (
          <div className="space-y-6">
            {confirmNote && <p className="text-std-16N-170 text-ink">{confirmNote}</p>}
            {renderConfirm(values)}
            <div className="flex flex-wrap items-center gap-4 pt-2">
              <Button
                variant="secondary"
                isDisabled={isBusy}
                onPress={() => {
                  setMessages([]);
                  goTo('input');
                }}
              >
                {backLabel}
              </Button>
              <Button isPending={isBusy} pendingLabel={pendingLabel} onPress={() => void submit(values)}>
                {submitLabel}
              </Button>
              {confirmActions}
            </div>
          </div>
        )}

        {step === 'complete' && result && values && renderComplete(result.value, values)}
      </div>
    </FieldRegistryProvider>
  );
}

interface InputSubmitProps<TInput extends FieldValues, TValues> {
  form: StepFormApi<TInput, TValues>;
  canSubmit: ((values: DeepPartialSkipArrayKey<TInput>) => boolean) | undefined;
  hint: ReactNode;
  isPending: boolean;
  pendingLabel: string;
  children: ReactNode;
}

/** The input step's submit button; with `canSubmit` it follows the values as they are typed. */
function InputSubmit<TInput extends FieldValues, TValues>({
  canSubmit,
  ...props
}: InputSubmitProps<TInput, TValues>) {
  if (!canSubmit) {
    return (
      <Button type="submit" isPending={props.isPending} pendingLabel={props.pendingLabel}>
        {props.children}
      </Button>
    );
  }
  return <ConditionalSubmit canSubmit={canSubmit} {...props} />;
}

/** Watches the values in its own component so only the button re-renders on each change. */
function ConditionalSubmit<TInput extends FieldValues, TValues>({
  form,
  canSubmit,
  hint,
  isPending,
  pendingLabel,
  children,
}: InputSubmitProps<TInput, TValues> & { canSubmit: (values: DeepPartialSkipArrayKey<TInput>) => boolean }) {
  const values = useWatch({ control: form.control });
  const hintId = useId();
  const isAllowed = canSubmit(values);
  return (
    <>
      {!isAllowed && hint && (
        <p id={hintId} className="basis-full text-std-16N-170 text-ink">
          {hint}
        </p>
      )}
      <Button
        type="submit"
        isDisabled={!isAllowed}
        isPending={isPending}
        pendingLabel={pendingLabel}
        aria-describedby={!isAllowed && hint ? hintId : undefined}
      >
        {children}
      </Button>
    </>
  );
}
