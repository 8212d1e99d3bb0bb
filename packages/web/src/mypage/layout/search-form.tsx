import { type ReactNode, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../ui/button';
import { FieldErrorSummary } from '../../ui/field-error-summary';
import { FieldRegistryProvider } from '../../ui/field-parts';

/** What a {@link SearchBox} tells the form it draws (its `form` prop). */
export interface SearchFormEvents {
  /** a valid search went out: on a phone the box folds and focus moves to the results */
  onSearched: () => void;
  /** the form is on the page (its code arrives a moment after the box first opens) */
  onDrawn: () => void;
}

interface SearchFormProps<T extends FieldValues, TT extends FieldValues> {
  form: UseFormReturn<T, unknown, TT>;
  /** a new search with the form's values (called only when they are valid) */
  onSearch: (values: TT) => void;
  onClear: () => void;
  events: SearchFormEvents;
  /** the fields */
  children: ReactNode;
}

/**
 * The form inside a my-page {@link SearchBox}: the error summary, the fields, 検索する and 条件をクリア. Each
 * list's form is its own module, loaded when its box is first opened, so a phone — where the box starts
 * folded — fetches no form code (react-hook-form, the field components) for its first screen
 * (decision 055).
 */
export function SearchForm<T extends FieldValues, TT extends FieldValues>({
  form,
  onSearch,
  onClear,
  events,
  children,
}: SearchFormProps<T, TT>) {
  const { onDrawn } = events;
  useEffect(() => onDrawn(), [onDrawn]);
  const search = form.handleSubmit((values) => {
    onSearch(values);
    events.onSearched();
  });
  return (
    <FieldRegistryProvider>
      <form noValidate onSubmit={search} className="space-y-4">
        <FieldErrorSummary form={form} />
        {children}
        <div className="flex flex-wrap gap-4">
          <Button type="submit">検索する</Button>
          <Button variant="tertiary" onPress={onClear}>
            条件をクリア
          </Button>
        </div>
      </form>
    </FieldRegistryProvider>
  );
}
