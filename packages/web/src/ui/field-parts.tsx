import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { cx } from './cx';

/**
 * Building blocks shared by every form field (label with 必須 badge, description, error text) and the
 * props every field component takes. Field components connect to react-hook-form through
 * `useController` (the hook form of `Controller`): `<TextInput control={form.control} name="title" label="タイトル" isRequired />`.
 */

/** Props common to every form field component. */
export interface FieldBaseProps<T extends FieldValues, N extends FieldPath<T>, TT = T> {
  /** `form.control` of the react-hook-form form (StepForm passes `form` to renderInput). */
  control: Control<T, unknown, TT>;
  /** Field name in the form values (also the `name` in server err_list). */
  name: N;
  /** Visible label. A string is also used in the FieldErrorSummary. */
  label: string;
  /** Shows the 「必須」 badge and sets aria-required (the schema does the checking). */
  isRequired?: boolean;
  /** Help text under the label (linked with aria-describedby). */
  description?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

/** Width of a text control; full by default. Widths hint at the expected length (WCAG 3.3.2). */
export type FieldWidth = 'full' | 'lg' | 'md' | 'sm' | 'xs';

export const WIDTH_CLASS: Record<FieldWidth, string> = {
  full: 'w-full',
  lg: 'w-full max-w-[40rem]',
  md: 'w-full max-w-[24rem]',
  sm: 'w-full max-w-[14rem]',
  xs: 'w-full max-w-[9rem]',
};

/** DOM id of a field's focusable element (used by FieldErrorSummary links). */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Classes of a text-like control (input, textarea, select trigger). */
export function controlClass(width: FieldWidth = 'full', extra?: string): string {
  return cx(
    WIDTH_CLASS[width],
    'min-h-12 rounded-8 border-2 border-field-line bg-field px-4 py-2 text-std-16N-170 text-on-field',
    'hover:border-on-field',
    'data-[invalid]:border-error aria-[invalid=true]:border-error data-[invalid]:border-[3px] aria-[invalid=true]:border-[3px]',
    'disabled:cursor-not-allowed disabled:bg-field-disabled data-[disabled]:cursor-not-allowed data-[disabled]:bg-field-disabled',
    extra,
  );
}

/** The 「必須」 badge. */
export function RequiredBadge() {
  return (
    <span className="ml-2 inline-block rounded-4 bg-badge px-2 align-middle text-dns-14B-130 text-on-badge">
      必須
    </span>
  );
}

/** The 「任意」 badge (optional; DADS shows it for optional fields in long forms). */

/** Field label (react-aria Label, so it is tied to the control) with the 必須 badge when required. */
export function FieldLabel({
  children,
  isRequired,
  elementType,
}: {
  children: ReactNode;
  isRequired?: boolean;
  elementType?: 'label' | 'span';
}) {
  return (
    <Label elementType={elementType} className="block text-std-17B-170 text-ink">
      {children}
      {isRequired && <RequiredBadge />}
    </Label>
  );
}

/** Description under the label (react-aria slot "description": linked by aria-describedby). */
export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className="block text-std-16N-170 text-ink-muted">
      {children}
    </Text>
  );
}

/** The field's error text (react-aria FieldError: shown only while invalid, linked by aria-describedby). */
export function FieldErrorText({ children }: { children: ReactNode }) {
  return <FieldError className="block text-std-16B-170 text-error">{children}</FieldError>;
}

/** Combines the description and a length hint into the one description slot. */
export function describe(description: ReactNode, maxLength?: number): ReactNode {
  if (!description && !maxLength) return null;
  return (
    <>
      {description}
      {description && maxLength ? ' ' : null}
      {maxLength ? `（${maxLength}文字以内）` : null}
    </>
  );
}

// ---- label registry for FieldErrorSummary ----

/** name → label of the fields currently rendered in a form. */
export type FieldRegistry = Map<string, string>;

const FieldRegistryContext = createContext<FieldRegistry | null>(null);

/**
 * Collects field labels for the FieldErrorSummary. StepForm provides one; wrap hand-made forms in it.
 * Pass `registry` to read it from outside (StepForm does).
 */
export function FieldRegistryProvider({
  children,
  registry,
}: {
  children: ReactNode;
  registry?: FieldRegistry;
}) {
  const own = useMemo<FieldRegistry>(() => new Map(), []);
  return <FieldRegistryContext.Provider value={registry ?? own}>{children}</FieldRegistryContext.Provider>;
}

/** The nearest registry (or null outside a provider). */
export function useFieldRegistry(): FieldRegistry | null {
  return useContext(FieldRegistryContext);
}

/** Registers a field's label while it is mounted (called by every field component). */
export function useRegisterField(name: string, label: string): void {
  const registry = useContext(FieldRegistryContext);
  useEffect(() => {
    if (!registry) return;
    registry.set(name, label);
    return () => {
      if (registry.get(name) === label) registry.delete(name);
    };
  }, [registry, name, label]);
}

/** Text value of whatever RHF holds (undefined/null → ''). */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}
