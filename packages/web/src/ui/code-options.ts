import { CODE_LISTS, type CodeListId } from '@manabi/shared/codes';

export type { CodeListId };

/** One choice of a Select, RadioGroup or CheckboxGroup. */
export interface Option {
  value: string;
  label: string;
  isDisabled?: boolean;
}

/** Choices may be given directly or as a code list id (`'CD007'`). */
export type OptionsSource = readonly Option[] | CodeListId;

/** The options of a code list, in its order: `{ value: d_value, label: d_text }`. */
export function codeOptions(id: CodeListId): Option[] {
  return CODE_LISTS[id].map((entry) => ({ value: entry.d_value, label: entry.d_text }));
}

/** Resolves an {@link OptionsSource} to options. */
export function resolveOptions(source: OptionsSource): readonly Option[] {
  return typeof source === 'string' ? codeOptions(source as CodeListId) : source;
}

/** The label of a value among options ('' when not found). */
export function optionLabel(source: OptionsSource, value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return resolveOptions(source).find((option) => option.value === text)?.label ?? '';
}
