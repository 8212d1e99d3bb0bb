import type { Ref } from 'react';
import { Button, ListBox, ListBoxItem, Popover, SelectValue } from 'react-aria-components';
import { cx } from './cx';
import { controlClass, type FieldWidth } from './field-parts';
import { CheckIcon, ChevronDownIcon } from './icons';

/**
 * The look of a drop-down, shared by the form's Select and the stand-alone SelectBox (and the popover and
 * choice classes by the admin's course picker). No form library here: the table's 「表示件数」 needs none.
 */

/** The popover of a list of choices: one look for every list. */
export const LIST_POPOVER_CLASS =
  'min-w-(--trigger-width) overflow-auto rounded-8 border-2 border-on-field bg-field shadow-3';
/** One choice in such a list: large enough to touch, and the focused one unmistakable (not colour alone). */
export const LIST_OPTION_CLASS =
  'flex min-h-12 cursor-pointer rounded-6 px-3 py-2 text-on-field outline-none data-[focused]:bg-key-900 data-[focused]:text-white data-[focused]:underline';

/** The button that opens a react-aria Select: the chosen text (or the placeholder) and a chevron. */
export function SelectTrigger({
  width,
  buttonRef,
}: {
  width: FieldWidth;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={buttonRef}
      className={controlClass(width, 'flex items-center justify-between gap-2 text-left cursor-pointer')}
    >
      <SelectValue className="truncate data-[placeholder]:text-solid-gray-700">
        {({ isPlaceholder, selectedText, defaultChildren }) =>
          isPlaceholder ? defaultChildren : selectedText
        }
      </SelectValue>
      <ChevronDownIcon />
    </Button>
  );
}

export interface SelectChoice {
  value: string;
  label: string;
  isDisabled?: boolean;
}

/** The Select's list: each choice a row, the chosen one ticked and bold. */
export function SelectChoices({ choices }: { choices: readonly SelectChoice[] }) {
  return (
    <Popover className={LIST_POPOVER_CLASS}>
      <ListBox className="max-h-80 p-1 outline-none">
        {choices.map((choice) => (
          <ListBoxItem
            key={choice.value}
            id={choice.value}
            textValue={choice.label}
            isDisabled={choice.isDisabled ?? false}
            className={cx(
              LIST_OPTION_CLASS,
              'items-center gap-2 text-std-16N-170 data-[selected]:text-std-16B-170',
              'data-[disabled]:cursor-not-allowed data-[disabled]:text-solid-gray-700',
            )}
          >
            {({ isSelected }) => (
              <>
                <span className="inline-flex size-5 flex-none">{isSelected && <CheckIcon />}</span>
                {choice.label}
              </>
            )}
          </ListBoxItem>
        ))}
      </ListBox>
    </Popover>
  );
}
