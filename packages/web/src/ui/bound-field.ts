import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { type FieldBaseProps, fieldId, toText, useRegisterField } from './field-parts';

/**
 * What every react-aria field bound to react-hook-form does the same way: connect to the form by name,
 * register its label for the error summary, and hand react-aria its id, name, blur, required, invalid and
 * disabled state, with validation left to the schema (`validationBehavior="aria"`).
 */
export function useBoundField<T extends FieldValues, N extends FieldPath<T>, TT>({
  control,
  name,
  label,
  isRequired,
  isDisabled,
}: FieldBaseProps<T, N, TT>) {
  const { field, fieldState } = useController({ control, name });
  useRegisterField(name, label);
  return {
    field,
    fieldState,
    /** The value as text ('' for none). */
    value: toText(field.value),
    /** Props of the react-aria field element. */
    ariaProps: {
      id: fieldId(name),
      name: field.name,
      onBlur: field.onBlur,
      isRequired,
      isInvalid: fieldState.invalid,
      isDisabled: isDisabled || field.disabled,
      validationBehavior: 'aria' as const,
    },
  };
}
