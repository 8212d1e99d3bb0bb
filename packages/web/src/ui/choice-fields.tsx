import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  RadioGroup as AriaRadioGroup,
  Select as AriaSelect,
} from 'react-aria-components';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField } from './bound-field';
import { type OptionsSource, resolveOptions } from './code-options';
import { cx } from './cx';
import {
  type FieldBaseProps,
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldWidth,
  fieldId,
} from './field-parts';
import { CheckIcon } from './icons';
import { CHOICE_MARK_CLASS, CHOICE_ROW_CLASS, RadioItem } from './radio-item';
import { SelectChoices, SelectTrigger } from './select-parts';

/** Key used for the 「選択してください」 item (react-aria keys cannot be empty). */
const EMPTY_KEY = '__empty__';

/** RHF ref for a group: focusing it focuses the checked (or first enabled) input inside. */
function groupRef(ref: (instance: unknown) => void) {
  return (element: HTMLElement | null) => {
    ref(
      element
        ? {
            focus: () =>
              (
                element.querySelector<HTMLInputElement>('input:checked:not(:disabled)') ??
                element.querySelector<HTMLInputElement>('input:not(:disabled)')
              )?.focus(),
          }
        : null,
    );
  };
}

// ---- Select ----

export interface SelectProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** Choices, or a code list id such as `'CD001'`. Values are strings. */
  options: OptionsSource;
  /** Text of the empty choice; the empty choice is offered unless `isRequired` (or pass `allowEmpty`). */
  placeholder?: string;
  allowEmpty?: boolean;
  width?: FieldWidth;
}

/**
 * Drop-down choice (react-aria Select: a button that opens a list; arrow keys, type-ahead, Enter).
 * The value is the option's string value, '' for none.
 */
export function Select<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: SelectProps<T, N, TT>) {
  const { label, isRequired, description, className, options, allowEmpty, width = 'md' } = props;
  const placeholder = props.placeholder ?? '選択してください';
  const { field, fieldState, value, ariaProps } = useBoundField(props);
  const items = resolveOptions(options);
  const withEmpty = allowEmpty ?? !isRequired;

  return (
    <AriaSelect
      {...ariaProps}
      value={value === '' ? (withEmpty ? EMPTY_KEY : null) : value}
      onChange={(key) => field.onChange(key === null || key === EMPTY_KEY ? '' : String(key))}
      placeholder={placeholder}
      className={cx('flex flex-col gap-2', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {description && <FieldDescription>{description}</FieldDescription>}
      <SelectTrigger width={width} buttonRef={field.ref} />
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
      <SelectChoices choices={withEmpty ? [{ value: EMPTY_KEY, label: placeholder }, ...items] : items} />
    </AriaSelect>
  );
}

// ---- RadioGroup ----

export interface RadioGroupProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** Choices, or a code list id such as `'CD007'`. Values are strings. */
  options: OptionsSource;
  orientation?: 'horizontal' | 'vertical';
}

/** One-of-many choice bound to react-hook-form (react-aria RadioGroup: arrow keys move the choice). */
export function RadioGroup<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: RadioGroupProps<T, N, TT>,
) {
  const { field, fieldState, value, ariaProps } = useBoundField(props);
  const orientation = props.orientation ?? 'horizontal';
  return (
    <AriaRadioGroup
      {...ariaProps}
      ref={groupRef(field.ref)}
      value={value === '' ? null : value}
      onChange={(next) => field.onChange(next)}
      orientation={orientation}
      className={cx('flex flex-col gap-2', props.className)}
    >
      <ChoiceGroupBody {...props} error={fieldState.error?.message} Item={RadioItem} />
    </AriaRadioGroup>
  );
}

// ---- Checkbox (single, boolean) ----

export interface CheckboxProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** Optional text shown above the box (e.g. a heading for an agreement). The `label` is beside the box. */
  legend?: ReactNode;
}

/** A single yes/no checkbox bound to a boolean field (e.g. 「同意する」). */
export function Checkbox<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: CheckboxProps<T, N, TT>,
) {
  const { name, label, isRequired, description, className, legend } = props;
  const { field, fieldState, ariaProps } = useBoundField(props);
  const errorId = `${fieldId(name)}-error`;
  const descriptionId = `${fieldId(name)}-description`;
  const describedBy = [description ? descriptionId : null, fieldState.invalid ? errorId : null].filter(
    Boolean,
  );
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      {legend && <div className="text-std-17B-170 text-ink">{legend}</div>}
      {description && (
        <p id={descriptionId} className="text-std-16N-170 text-ink-muted">
          {description}
        </p>
      )}
      <CheckboxItem
        inputRef={field.ref}
        id={ariaProps.id}
        name={ariaProps.name}
        isSelected={field.value === true}
        onChange={(checked) => field.onChange(checked)}
        onBlur={ariaProps.onBlur}
        isRequired={isRequired}
        isInvalid={ariaProps.isInvalid}
        isDisabled={ariaProps.isDisabled}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
      >
        {label}
        {isRequired && <span className="sr-only">（必須）</span>}
      </CheckboxItem>
      {fieldState.invalid && (
        <p id={errorId} className="text-std-16B-170 text-error">
          {fieldState.error?.message}
        </p>
      )}
    </div>
  );
}

interface CheckboxItemProps {
  children: ReactNode;
  value?: string;
  id?: string;
  name?: string;
  isSelected?: boolean;
  onChange?: (checked: boolean) => void;
  onBlur?: () => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  inputRef?: (instance: HTMLInputElement | null) => void;
  'aria-describedby'?: string;
}

/** One checkbox with a large target; inside CheckboxGroup pass `value`. */
export function CheckboxItem({ children, inputRef, ...props }: CheckboxItemProps) {
  return (
    <AriaCheckbox {...props} inputRef={inputRef} className={CHOICE_ROW_CLASS}>
      <span
        aria-hidden="true"
        className={`${CHOICE_MARK_CLASS} rounded-4 text-on-selected group-data-[selected]:bg-selected`}
      >
        <CheckIcon className="hidden size-5 group-data-[selected]:block" />
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}

// ---- CheckboxGroup (many-of-many, string[]) ----

export interface CheckboxGroupProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** Choices, or a code list id. The field value is the array of checked values. */
  options: OptionsSource;
  orientation?: 'horizontal' | 'vertical';
}

/** Several checkboxes bound to one string[] field (e.g. lottery status filters). */
export function CheckboxGroup<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: CheckboxGroupProps<T, N, TT>,
) {
  const { field, fieldState, ariaProps } = useBoundField(props);
  const value = Array.isArray(field.value) ? (field.value as unknown[]).map(String) : [];
  return (
    <AriaCheckboxGroup
      {...ariaProps}
      ref={groupRef(field.ref)}
      value={value}
      onChange={(next) => field.onChange(next)}
      className={cx('flex flex-col gap-2', props.className)}
    >
      <ChoiceGroupBody {...props} error={fieldState.error?.message} Item={CheckboxItem} />
    </AriaCheckboxGroup>
  );
}

/** Inside a radio or checkbox group: its label (a span: the group is labelled by it), help, choices, error. */
function ChoiceGroupBody({
  label,
  isRequired,
  description,
  options,
  orientation = 'horizontal',
  error,
  Item,
}: {
  label: string;
  isRequired?: boolean;
  description?: ReactNode;
  options: OptionsSource;
  orientation?: 'horizontal' | 'vertical';
  error?: string;
  Item: (props: { value: string; isDisabled?: boolean; children: ReactNode }) => ReactNode;
}) {
  return (
    <>
      <FieldLabel isRequired={isRequired} elementType="span">
        {label}
      </FieldLabel>
      {description && <FieldDescription>{description}</FieldDescription>}
      <div
        className={cx(
          'flex gap-x-6 gap-y-1',
          orientation === 'horizontal' ? 'flex-row flex-wrap' : 'flex-col',
        )}
      >
        {resolveOptions(options).map((option) => (
          <Item key={option.value} value={option.value} isDisabled={option.isDisabled}>
            {option.label}
          </Item>
        ))}
      </div>
      <FieldErrorText>{error}</FieldErrorText>
    </>
  );
}
