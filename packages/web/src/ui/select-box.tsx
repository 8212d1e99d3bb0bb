import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { Option } from './code-options';
import { cx } from './cx';
import { controlClass, type FieldWidth } from './field-parts';
import { CheckIcon, ChevronDownIcon } from './icons';

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
      <Button
        className={controlClass(width, 'flex items-center justify-between gap-2 text-left cursor-pointer')}
      >
        <SelectValue className="truncate">
          {({ isPlaceholder, selectedText, defaultChildren }) =>
            isPlaceholder ? defaultChildren : selectedText
          }
        </SelectValue>
        <ChevronDownIcon />
      </Button>
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-8 border-2 border-on-field bg-field shadow-3">
        <ListBox className="max-h-80 p-1 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className="flex min-h-12 cursor-pointer items-center gap-2 rounded-6 px-3 py-2 text-std-16N-170 text-on-field outline-none data-[focused]:bg-key-900 data-[focused]:text-white data-[focused]:underline data-[selected]:text-std-16B-170"
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
    </Select>
  );
}
