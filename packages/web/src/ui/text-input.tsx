import type { HTMLAttributes, ReactNode } from 'react';
import { TextArea as AriaTextArea, Input, TextField } from 'react-aria-components';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField } from './bound-field';
import { cx } from './cx';
import {
  controlClass,
  describe,
  type FieldBaseProps,
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldWidth,
} from './field-parts';

/** Largest value of date inputs (SPEC §5). */
export const DATE_INPUT_MAX = '9999-12-31';
/** Largest value of date-time inputs (SPEC §5). */
export const DATETIME_INPUT_MAX = '9999-12-31T23:59';

export interface TextInputProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  type?: 'text' | 'password' | 'email' | 'tel' | 'number' | 'url';
  /** Shown as 「（N文字以内）」. Not enforced by the browser (the schema reports overflow instead of cutting text). */
  maxLength?: number;
  /** Transforms the value when the field loses focus, e.g. `formatPhoneJp`, `formatPostcodeJp` (lib/phone.ts). */
  onBlurFormat?: (value: string) => string;
  /** Also transforms while typing (e.g. postcode hyphen). Keep it idempotent. */
  onChangeFormat?: (value: string) => string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  width?: FieldWidth;
  /** Text after the control (e.g. a unit 「円」). */
  suffix?: ReactNode;
}

/**
 * Text input bound to react-hook-form. Label, 必須 badge, description, length hint and error text are
 * wired with aria-describedby / aria-invalid by react-aria.
 *
 * `<TextInput control={form.control} name="phone1" label="電話番号1" type="tel" isRequired onBlurFormat={formatPhoneJp} />`
 */
export function TextInput<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: TextInputProps<T, N, TT>,
) {
  return <TextLikeField {...props} kind="input" />;
}

export interface TextAreaProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  maxLength?: number;
  /** Visible rows (default 6). */
  rows?: number;
}

/** Multi-line text bound to react-hook-form. */
export function TextArea<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: TextAreaProps<T, N, TT>,
) {
  return <TextLikeField {...props} kind="textarea" />;
}

export interface DateInputProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** Earliest value (YYYY-MM-DD). */
  min?: string;
  /** Latest value; default 9999-12-31. */
  max?: string;
}

/**
 * Date field: the browser's own `<input type="date">` (value `YYYY-MM-DD`), which older users find the
 * simplest and which every browser labels in Japanese. Max 9999-12-31 (SPEC §5).
 */
export function DateInput<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: DateInputProps<T, N, TT>,
) {
  return <TextLikeField {...props} kind="input" type="date" max={props.max ?? DATE_INPUT_MAX} width="sm" />;
}

/** Time field (`<input type="time">`, value `HH:MM`, 24-hour). */
export function TimeInput<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: FieldBaseProps<T, N, TT>,
) {
  return <TextLikeField {...props} kind="input" type="time" width="xs" />;
}

/** Date-time field (`<input type="datetime-local">`, value `YYYY-MM-DDTHH:MM`, max 9999-12-31T23:59). */
export function DateTimeInput<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: DateInputProps<T, N, TT>,
) {
  return (
    <TextLikeField
      {...props}
      kind="input"
      type="datetime-local"
      max={props.max ?? DATETIME_INPUT_MAX}
      width="md"
    />
  );
}

/** What any of the fields above may pass: the one field they all render. */
type TextLikeProps<T extends FieldValues, N extends FieldPath<T>, TT> = Omit<
  TextInputProps<T, N, TT>,
  'type'
> &
  TextAreaProps<T, N, TT> &
  DateInputProps<T, N, TT> & {
    kind: 'input' | 'textarea';
    type?: string;
  };

function TextLikeField<T extends FieldValues, N extends FieldPath<T>, TT>(props: TextLikeProps<T, N, TT>) {
  const { label, isRequired, description, className, kind, type = 'text', maxLength, rows = 6 } = props;
  const { min, max, onBlurFormat, onChangeFormat, autoComplete, inputMode, width = 'full', suffix } = props;
  const { field, fieldState, value, ariaProps } = useBoundField(props);
  const help = describe(description, maxLength);

  return (
    <TextField
      {...ariaProps}
      type={kind === 'input' ? type : undefined}
      value={value}
      onChange={(next) => field.onChange(onChangeFormat ? onChangeFormat(next) : next)}
      onBlur={() => {
        if (onBlurFormat) {
          const formatted = onBlurFormat(value);
          if (formatted !== value) field.onChange(formatted);
        }
        field.onBlur();
      }}
      autoComplete={autoComplete}
      inputMode={inputMode}
      className={cx('flex flex-col gap-2', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {help && <FieldDescription>{help}</FieldDescription>}
      {kind === 'textarea' ? (
        <AriaTextArea ref={field.ref} rows={rows} className={controlClass(width, 'resize-y')} />
      ) : (
        <span className="flex items-center gap-2">
          <Input ref={field.ref} min={min} max={max} className={controlClass(width)} />
          {suffix && <span className="text-std-16N-170 text-ink">{suffix}</span>}
        </span>
      )}
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
    </TextField>
  );
}
