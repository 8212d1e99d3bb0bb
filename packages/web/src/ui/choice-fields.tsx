import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  RadioGroup as AriaRadioGroup,
  Select as AriaSelect,
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { type OptionsSource, resolveOptions } from './code-options';
import { cx } from './cx';
import {
  controlClass,
  type FieldBaseProps,
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldWidth,
  fieldId,
  toText,
  useRegisterField,
} from './field-parts';
import { CheckIcon, ChevronDownIcon } from './icons';
import { RadioItem } from './radio-item';

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

/** The popover of a list of choices (Select here, the admin's course picker): one look for every list. */
export const LIST_POPOVER_CLASS =
  'min-w-(--trigger-width) overflow-auto rounded-8 border-2 border-on-field bg-field shadow-3';
/** One choice in such a list: large enough to touch, and the focused one unmistakable (not colour alone). */
export const LIST_OPTION_CLASS =
  'flex min-h-12 cursor-pointer rounded-6 px-3 py-2 text-on-field outline-none data-[focused]:bg-key-900 data-[focused]:text-white data-[focused]:underline';

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
export function Select<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  isRequired,
  description,
  isDisabled,
  className,
  options,
  placeholder = '選択してください',
  allowEmpty,
  width = 'md',
}: SelectProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  useRegisterField(name, label);
  const items = resolveOptions(options);
  const withEmpty = allowEmpty ?? !isRequired;
  const value = toText(field.value);

  return (
    <AriaSelect
      id={fieldId(name)}
      name={field.name}
      value={value === '' ? (withEmpty ? EMPTY_KEY : null) : value}
      onChange={(key) => field.onChange(key === null || key === EMPTY_KEY ? '' : String(key))}
      onBlur={field.onBlur}
      placeholder={placeholder}
      isRequired={isRequired}
      isInvalid={fieldState.invalid}
      isDisabled={isDisabled || field.disabled}
      validationBehavior="aria"
      className={cx('flex flex-col gap-2', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {description && <FieldDescription>{description}</FieldDescription>}
      <Button
        ref={field.ref}
        className={controlClass(width, 'flex items-center justify-between gap-2 text-left cursor-pointer')}
      >
        <SelectValue className="truncate data-[placeholder]:text-solid-gray-700">
          {({ isPlaceholder, selectedText, defaultChildren }) =>
            isPlaceholder ? defaultChildren : selectedText
          }
        </SelectValue>
        <ChevronDownIcon />
      </Button>
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
      <Popover className={LIST_POPOVER_CLASS}>
        <ListBox className="max-h-80 p-1 outline-none">
          {[...(withEmpty ? [{ value: EMPTY_KEY, label: placeholder }] : []), ...items].map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              isDisabled={'isDisabled' in option ? option.isDisabled : false}
              className={cx(
                LIST_OPTION_CLASS,
                'items-center gap-2 text-std-16N-170 data-[selected]:text-std-16B-170',
                'data-[disabled]:cursor-not-allowed data-[disabled]:text-solid-gray-700',
              )}
            >
              {({ isSelected }) => (
                <>
                  <span className="inline-flex size-5 flex-none">{isSelected && <CheckIcon />}</span>
                  {option.label}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
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
export function RadioGroup<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  isRequired,
  description,
  isDisabled,
  className,
  options,
  orientation = 'horizontal',
}: RadioGroupProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  useRegisterField(name, label);
  const value = toText(field.value);
  return (
    <AriaRadioGroup
      ref={groupRef(field.ref)}
      id={fieldId(name)}
      name={field.name}
      value={value === '' ? null : value}
      onChange={(next) => field.onChange(next)}
      onBlur={field.onBlur}
      isRequired={isRequired}
      isInvalid={fieldState.invalid}
      isDisabled={isDisabled || field.disabled}
      validationBehavior="aria"
      orientation={orientation}
      className={cx('flex flex-col gap-2', className)}
    >
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
          <RadioItem key={option.value} value={option.value} isDisabled={option.isDisabled}>
            {option.label}
          </RadioItem>
        ))}
      </div>
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
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
export function Checkbox<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  isRequired,
  description,
  isDisabled,
  className,
  legend,
}: CheckboxProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  useRegisterField(name, label);
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
        id={fieldId(name)}
        name={field.name}
        isSelected={field.value === true}
        onChange={(checked) => field.onChange(checked)}
        onBlur={field.onBlur}
        isRequired={isRequired}
        isInvalid={fieldState.invalid}
        isDisabled={isDisabled || field.disabled}
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
    <AriaCheckbox
      {...props}
      inputRef={inputRef}
      className="group flex w-fit min-h-12 cursor-pointer items-center gap-3 rounded-8 px-1 text-std-16N-170 text-ink data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted"
    >
      <span
        aria-hidden="true"
        className="flex size-7 flex-none items-center justify-center rounded-4 border-2 border-field-line bg-field text-on-selected group-data-[invalid]:border-error group-data-[selected]:border-selected group-data-[selected]:bg-selected"
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
export function CheckboxGroup<T extends FieldValues, N extends FieldPath<T>, TT = T>({
  control,
  name,
  label,
  isRequired,
  description,
  isDisabled,
  className,
  options,
  orientation = 'horizontal',
}: CheckboxGroupProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  useRegisterField(name, label);
  const value = Array.isArray(field.value) ? (field.value as unknown[]).map(String) : [];
  return (
    <AriaCheckboxGroup
      ref={groupRef(field.ref)}
      id={fieldId(name)}
      name={field.name}
      value={value}
      onChange={(next) => field.onChange(next)}
      onBlur={field.onBlur}
      isRequired={isRequired}
      isInvalid={fieldState.invalid}
      isDisabled={isDisabled || field.disabled}
      validationBehavior="aria"
      className={cx('flex flex-col gap-2', className)}
    >
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
          <CheckboxItem key={option.value} value={option.value} isDisabled={option.isDisabled}>
            {option.label}
          </CheckboxItem>
        ))}
      </div>
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
    </AriaCheckboxGroup>
  );
}
