import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '../../ui/field-parts';
import { TextInput } from '../../ui/text-input';

/**
 * 受講確定の期限日数 (1 to CONFIRM_DAYS_MAX days, blank: no confirmation asked), as the lottery and the
 * course's intake settings both ask for it; each says from when the days count.
 */
export function ConfirmDaysField<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: FieldBaseProps<T, N, TT>,
) {
  return <TextInput {...props} inputMode="numeric" autoComplete="off" maxLength={2} width="sm" suffix="日" />;
}
