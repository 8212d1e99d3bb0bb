import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@manabi/shared/validation/messages';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { isApiError } from '../lib/api';
import { useRouteApiError } from '../lib/area';
import { useErrorSummaryFocus } from './field-error-summary';
import type { FieldRegistry } from './field-parts';

/** A zod 4 schema, seen structurally (web does not depend on zod itself; shared owns the schemas). */
export interface FormSchema<TValues, TInput extends FieldValues> {
  _zod: { output: TValues; input: TInput };
}

export type FormStep = 'input' | 'confirm' | 'complete';

/** The react-hook-form instance StepForm hands to `renderInput`. */
export type StepFormApi<TInput extends FieldValues, TValues> = UseFormReturn<TInput, unknown, TValues>;

/** The steps config: which steps a form walks through, with the names of its progress line. */
export const STEP_NAMES: Record<FormStep, string> = { input: '入力', confirm: '確認', complete: '完了' };

export const DEFAULT_HEADINGS: Record<FormStep, string> = {
  input: '入力',
  confirm: '入力内容の確認',
  complete: '完了',
};

export function stepsOf(skipConfirm: boolean): FormStep[] {
  return skipConfirm ? ['input', 'complete'] : ['input', 'confirm', 'complete'];
}

export interface UseStepFormOptions<TValues extends FieldValues, TResult, TInput extends FieldValues> {
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
  /** Called whenever the step changes. */
  onStepChange?: (step: FormStep) => void;
  /** Skip the confirm step (input → complete), e.g. password change. */
  skipConfirm?: boolean;
}

type FocusTarget = 'heading' | 'summary' | 'message';

function hasPath(values: unknown, name: string): boolean {
  let node: unknown = values;
  for (const part of name.split('.')) {
    if (!node || typeof node !== 'object' || !(part in (node as Record<string, unknown>))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The state machine of the two-step form (input → confirm → complete), apart from its look: the
 * react-hook-form instance, the current step, the parsed values, the server's answer, and where focus
 * goes on each change. StepForm renders it; a screen with another layout could use it directly.
 */
export function useStepForm<TValues extends FieldValues, TResult, TInput extends FieldValues = TValues>({
  schema,
  defaultValues,
  onBeforeConfirm,
  onSubmit,
  onSubmitError,
  onStepChange,
  skipConfirm = false,
}: UseStepFormOptions<TValues, TResult, TInput>) {
  const form = useSchemaForm<TValues, TInput>(schema, defaultValues);
  const routeError = useRouteApiError();
  const registry = useMemo<FieldRegistry>(() => new Map(), []);
  const [step, setStep] = useState<FormStep>('input');
  const [values, setValues] = useState<TValues | null>(null);
  const [result, setResult] = useState<{ value: TResult } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const feedback = useStepFeedback(form, registry);
  const { setMessages, requestFocus, showServerError } = feedback;

  const goTo = useCallback(
    (next: FormStep, focus: FocusTarget = 'heading') => {
      setStep(next);
      onStepChange?.(next);
      requestFocus(focus);
    },
    [onStepChange, requestFocus],
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
    [goTo, onSubmit, onSubmitError, requestFocus, routeError, setMessages, showServerError],
  );

  const onValid = async (parsed: TValues) => {
    setMessages([]);
    const check = onBeforeConfirm && (() => onBeforeConfirm(parsed, form));
    if (check && !(await passesBeforeConfirm(check, setIsBusy, feedback, routeError))) return;
    setValues(parsed);
    if (skipConfirm) {
      await submit(parsed);
    } else {
      goTo('confirm');
    }
  };

  const backToInput = () => {
    setMessages([]);
    goTo('input');
  };

  return {
    form,
    registry,
    step,
    values,
    result,
    isBusy,
    messages: feedback.messages,
    headingRef: feedback.headingRef,
    summaryRef: feedback.summaryRef,
    messageRef: feedback.messageRef,
    handleSubmit: form.handleSubmit(onValid, () => requestFocus('summary')),
    submit,
    backToInput,
  };
}

/**
 * Runs the screen's check between input and confirm, the form busy meanwhile. A refusal keeps the form on
 * input with focus on what it says; an error that is not the form's is routed (SPEC §8).
 */
async function passesBeforeConfirm(
  check: () => Promise<boolean> | boolean,
  setIsBusy: (isBusy: boolean) => void,
  feedback: Pick<ReturnType<typeof useStepFeedback>, 'showServerError' | 'requestFocus'>,
  routeError: (error: unknown) => void,
): Promise<boolean> {
  setIsBusy(true);
  let ok = false;
  try {
    ok = await check();
  } catch (error) {
    if (!feedback.showServerError(error)) routeError(error);
    else feedback.requestFocus(isApiError(error) && error.isStale ? 'message' : 'summary');
    return false;
  } finally {
    setIsBusy(false);
  }
  if (!ok) feedback.requestFocus('summary');
  return ok;
}

/** The form validated by the screen's shared zod schema, on submit first and on each change after. */
function useSchemaForm<TValues extends FieldValues, TInput extends FieldValues>(
  schema: FormSchema<TValues, TInput>,
  defaultValues: DefaultValues<TInput>,
) {
  return useForm<TInput, unknown, TValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TValues>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
}

/**
 * What the form tells after a refusal: the server's field errors on their fields, the rest as messages,
 * and the refs focus moves between (heading, error summary, message alert).
 */
function useStepFeedback<TInput extends FieldValues, TValues>(
  form: StepFormApi<TInput, TValues>,
  registry: FieldRegistry,
) {
  const [messages, setMessages] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const focusSummary = useErrorSummaryFocus(form, summaryRef, messages.length);
  const requestFocus = useStepFocus(focusSummary, headingRef, summaryRef, messageRef);

  /** Puts a server answer on the form; returns true when it was a form error (not to be routed). */
  const showServerError = useCallback(
    (error: unknown): boolean => {
      const shown = serverFormMessages(error, form, registry);
      if (shown) setMessages(shown);
      return shown !== null;
    },
    [form, registry],
  );

  return { messages, setMessages, headingRef, summaryRef, messageRef, requestFocus, showServerError };
}

/**
 * A refusal the form shows itself: a stale answer is one message; an err_list of a 400/422/409 goes on the
 * fields it names, and the entries no field shows are returned as messages. Null: not a form error.
 */
function serverFormMessages<TInput extends FieldValues, TValues>(
  error: unknown,
  form: StepFormApi<TInput, TValues>,
  registry: FieldRegistry,
): string[] | null {
  if (!isApiError(error)) return null;
  if (error.isStale) return [MSG.stale];
  if (error.errList.length === 0 || !(error.status === 400 || error.status === 422 || error.status === 409)) {
    return null;
  }
  const current = form.getValues();
  const unknownMessages: string[] = [];
  for (const item of error.errList) {
    if (registry.has(item.name) || hasPath(current, item.name)) {
      form.setError(item.name as FieldPath<TInput>, { type: 'server', message: item.msg });
    } else {
      unknownMessages.push(item.msg);
    }
  }
  return unknownMessages;
}

/**
 * Where focus goes after a step change: the heading (page scrolled to the top), the error summary, or the
 * message alert. Heading and message wait for the next render, when the element of the new step exists.
 */
function useStepFocus(
  focusSummary: () => void,
  headingRef: RefObject<HTMLHeadingElement | null>,
  summaryRef: RefObject<HTMLDivElement | null>,
  messageRef: RefObject<HTMLDivElement | null>,
) {
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | 'message'; n: number } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'heading') {
      window.scrollTo({ top: 0 });
      headingRef.current?.focus({ preventScroll: true });
    } else {
      (messageRef.current ?? summaryRef.current ?? headingRef.current)?.focus();
    }
  }, [focusRequest, headingRef, messageRef, summaryRef]);

  return useCallback(
    (target: FocusTarget) => {
      if (target === 'summary') focusSummary();
      else setFocusRequest((prev) => ({ target, n: (prev?.n ?? 0) + 1 }));
    },
    [focusSummary],
  );
}
