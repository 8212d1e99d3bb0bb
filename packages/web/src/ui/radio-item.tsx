import type { ReactNode } from 'react';
import { Radio } from 'react-aria-components';

/** A radio or checkbox row: a large target, its text beside the mark. */
export const CHOICE_ROW_CLASS =
  'group flex w-fit min-h-12 cursor-pointer items-center gap-3 rounded-8 px-1 text-std-16N-170 text-ink data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted';
/** The mark of such a row (a circle or a box, by the caller's rounding). */
export const CHOICE_MARK_CLASS =
  'flex size-7 flex-none items-center justify-center border-2 border-field-line bg-field group-data-[invalid]:border-error group-data-[selected]:border-selected';

/**
 * One radio button with a large target (48px row). Use inside RadioGroup (choice-fields.tsx) or a bare
 * react-aria RadioGroup (the my-page's display choices: their chunk then needs no form library).
 */
export function RadioItem({
  value,
  isDisabled,
  children,
}: {
  value: string;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Radio value={value} isDisabled={isDisabled} className={CHOICE_ROW_CLASS}>
      <span aria-hidden="true" className={`${CHOICE_MARK_CLASS} rounded-full`}>
        <span className="hidden size-3.5 rounded-full bg-selected group-data-[selected]:block" />
      </span>
      {children}
    </Radio>
  );
}
