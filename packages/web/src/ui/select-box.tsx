import { Label, Select } from 'react-aria-components';
import type { Option } from './code-options';
import { cx } from './cx';
import type { FieldWidth } from './field-parts';
import { SelectChoices, SelectTrigger } from './select-parts';

export interface SelectBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** Label beside (inline) or above the control. */
  labelPlacement?: 'inline' | 'above';
  width?: FieldWidth;
  isDisabled?: boolean;
  className?: string;
}

/** A stand-alone drop-down (not bound to a form), e.g. the table's 「表示件数」. */
export function SelectBox({
  label,
  value,
  onChange,
  options,
  labelPlacement = 'inline',
  width = 'xs',
  isDisabled,
  className,
}: SelectBoxProps) {
  return (
    <Select
      value={value}
      onChange={(key) => key !== null && onChange(String(key))}
      isDisabled={isDisabled}
      className={cx(
        'flex gap-2',
        labelPlacement === 'inline' ? 'flex-row items-center' : 'flex-col',
        className,
      )}
    >
      <Label className="whitespace-nowrap text-std-16B-170 text-ink">{label}</Label>
      <SelectTrigger width={width} />
      <SelectChoices choices={options} />
    </Select>
  );
}
