import { type Ref, type RefObject, useCallback, useEffect, useState } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert } from './alert';
import { fieldId, useFieldRegistry } from './field-parts';

/** One flattened field error. */
export interface FlatFieldError {
  name: string;
  message: string;
}

/** Flattens RHF's nested errors to `[{ name: 'a.b', message }]` in form order; `root` errors are left out. */
export function flattenErrors(errors: FieldErrors, prefix = ''): FlatFieldError[] {
  const out: FlatFieldError[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || (prefix === '' && key === 'root')) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const node = value as { message?: unknown; type?: unknown };
    if (typeof node.message === 'string' && node.message !== '') {
      out.push({ name, message: node.message });
    } else if (typeof value === 'object' && !('ref' in value && 'type' in value)) {
      out.push(...flattenErrors(value as FieldErrors, name));
    }
  }
  return out;
}

export interface FieldErrorSummaryProps<T extends FieldValues> {
  form: Pick<UseFormReturn<T>, 'formState' | 'setFocus'>;
  /** Labels for names that are not rendered by a field component (optional). */
  labels?: Record<string, string>;
  /** Extra form-level messages (e.g. err_list entries without a matching field). */
  messages?: string[];
  ref?: Ref<HTMLDivElement>;
}

/**
 * 「入力内容にエラーがあります」 box for the top of a form: lists every field error with a link that moves
 * focus to the field (GOV.UK / DADS pattern, WCAG 3.3.1). Renders nothing when there is no error.
 * Focusable so the form can move focus here after a failed submit (StepForm does).
 */
export function FieldErrorSummary<T extends FieldValues>({
  form,
  labels,
  messages = [],
  ref,
}: FieldErrorSummaryProps<T>) {
  const registry = useFieldRegistry();
  const errors = flattenErrors(form.formState.errors);
  const rootMessage = (form.formState.errors.root as { message?: string } | undefined)?.message;
  const extra = [...(rootMessage ? [rootMessage] : []), ...messages];
  if (errors.length === 0 && extra.length === 0) return null;

  return (
    <Alert
      ref={ref}
      variant="error"
      focusable
      title={errors.length > 0 ? `入力内容にエラーがあります（${errors.length}件）` : '登録できませんでした'}
    >
      {extra.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {errors.length > 0 && (
        <ul className="list-disc space-y-1 pl-6">
          {errors.map((error) => {
            const label = labels?.[error.name] ?? registry?.get(error.name) ?? error.name;
            return (
              <li key={error.name}>
                <a
                  href={`#${fieldId(error.name)}`}
                  className="text-link underline"
                  onClick={(event) => {
                    event.preventDefault();
                    try {
                      form.setFocus(error.name as FieldPath<T>);
                    } catch {
                      // not registered: fall back to the element id
                    }
                    const element = document.getElementById(fieldId(error.name));
                    if (element && !element.contains(document.activeElement)) element.focus();
                  }}
                >
                  {label}：{error.message}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Alert>
  );
}

/**
 * Moves focus to the error summary once it has rendered after a failed submit. react-hook-form publishes
 * the errors after calling the invalid handler, so focusing right away would miss the summary.
 * `const focusSummary = useErrorSummaryFocus(form, summaryRef)`; then `handleSubmit(onValid, focusSummary)`.
 */
export function useErrorSummaryFocus<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState'>,
  summaryRef: RefObject<HTMLElement | null>,
  extraCount = 0,
): () => void {
  const [pending, setPending] = useState(0);
  const count = flattenErrors(form.formState.errors).length + extraCount;
  useEffect(() => {
    if (pending === 0 || count === 0 || !summaryRef.current) return;
    summaryRef.current.focus();
    setPending(0);
  }, [pending, count, summaryRef]);
  return useCallback(() => setPending((n) => n + 1), []);
}
