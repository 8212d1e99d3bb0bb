import { type ReactNode, type RefObject, useId } from 'react';
import { type DeepPartialSkipArrayKey, type FieldValues, useWatch } from 'react-hook-form';
import { Alert } from './alert';
import { Button } from './button';
import { cx } from './cx';
import { FieldErrorSummary } from './field-error-summary';
import { FieldRegistryProvider } from './field-parts';
import { LeaveGuard } from './leave-guard';
import {
  DEFAULT_HEADINGS,
  type FormSchema,
  type FormStep,
  STEP_NAMES,
  type StepFormApi,
  stepsOf,
  type UseStepFormOptions,
  useStepForm,
} from './use-step-form';

export type { FormSchema, FormStep, StepFormApi } from './use-step-form';

/** What a form holds for a schema (before parsing), e.g. `SchemaInput<typeof categoryFormSchema>`. */
export type SchemaInput<S> = S extends FormSchema<unknown, infer I> ? I : never;

export interface StepFormProps<TValues extends FieldValues, TResult, TInput extends FieldValues = TValues>
  extends UseStepFormOptions<TValues, TResult, TInput> {
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
  /** Show the 「入力 → 確認 → 完了」 progress line (default true). */
  showSteps?: boolean;
  /** Labels for err_list names that have no field component (shown in the error summary). */
  errorLabels?: Record<string, string>;
  /**
   * Warn before leaving while the fields hold changes not yet saved ({@link useLeaveGuard}): a form a
   * student fills in at length (contact data, password, admission). Off after a successful submit.
   */
  guardLeave?: boolean;
  className?: string;
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
  guardLeave = false,
  className,
  ...options
}: StepFormProps<TValues, TResult, TInput>) {
  const state = useStepForm<TValues, TResult, TInput>({ ...options, skipConfirm });
  const { form, step, values, result, isBusy, messages } = state;
  const headingText = { ...DEFAULT_HEADINGS, ...headings };

  // read here, in the form's own render: react-hook-form re-renders only the subscribers of isDirty
  const isDirty = form.formState.isDirty;

  return (
    <FieldRegistryProvider registry={state.registry}>
      {guardLeave && <LeaveGuard when={step !== 'complete' && isDirty} />}
      <div className={cx('space-y-6', className)}>
        {showSteps && <StepProgress steps={stepsOf(skipConfirm)} current={step} />}

        <h2 ref={state.headingRef} tabIndex={-1} className="text-std-22B-150 text-ink">
          {headingText[step]}
        </h2>

        {step !== 'input' && messages.length > 0 && (
          <StepMessages alertRef={state.messageRef} messages={messages} />
        )}

        {step === 'input' && (
          <form noValidate onSubmit={state.handleSubmit} className="space-y-6">
            <FieldErrorSummary ref={state.summaryRef} form={form} labels={errorLabels} messages={messages} />
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
              <Button variant="secondary" isDisabled={isBusy} onPress={state.backToInput}>
                {backLabel}
              </Button>
              <Button
                isPending={isBusy}
                pendingLabel={pendingLabel}
                onPress={() => void state.submit(values)}
              >
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

/** The 「入力 → 確認 → 完了」 progress line; the current step is marked for screen readers too. */
function StepProgress({ steps, current }: { steps: FormStep[]; current: FormStep }) {
  return (
    <ol aria-label="手続きの流れ" className="flex flex-wrap items-center gap-2 text-std-16N-170">
      {steps.map((s, index) => (
        <li key={s} className="flex items-center gap-2">
          {index > 0 && (
            <span aria-hidden="true" className="text-ink-muted">
              ›
            </span>
          )}
          <span
            aria-current={s === current ? 'step' : undefined}
            className={cx(
              'rounded-full border-2 px-3 py-0.5',
              s === current
                ? 'border-primary bg-primary text-std-16B-170 text-on-primary'
                : 'border-line text-ink',
            )}
          >
            {index + 1}. {STEP_NAMES[s]}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The refusals that belong to no field, shown on the confirm step (a stale record, unknown err_list names). */
function StepMessages({
  alertRef,
  messages,
}: {
  alertRef: RefObject<HTMLDivElement | null>;
  messages: string[];
}) {
  return (
    <Alert ref={alertRef} variant="error" focusable title="登録できませんでした">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </Alert>
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
