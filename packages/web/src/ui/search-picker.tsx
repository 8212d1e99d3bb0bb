import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useCallback, useId, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useController,
  useForm,
} from 'react-hook-form';
import { Button } from './button';
import { type Column, DataTable } from './data-table';
import { FieldRegistryProvider, fieldId, RequiredBadge, useRegisterField } from './field-parts';
import { Modal } from './modal';
import { SearchPanelActions } from './search-panel';

/** What PickerField hands its search modal: open state, and `choose` (stores the value, then closes). */
export interface PickerModalState {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  choose: (value: string) => void;
}

export interface PickerFieldProps<TInput extends FieldValues, TValues> {
  form: UseFormReturn<TInput, unknown, TValues>;
  /** The form field holding the chosen record's id (a string, '' for none). */
  name: FieldPath<TInput>;
  label: string;
  /** The chosen record for the field's value, or null / false when nothing is chosen. */
  renderChosen: (value: string) => ReactNode;
  /** The button's text while nothing is chosen, and once something is. */
  chooseLabel: string;
  changeLabel: string;
  renderModal: (modal: PickerModalState) => ReactNode;
}

/**
 * A required form field whose value is picked in a search modal: what is chosen, and the button that opens
 * the modal. The button carries the field's id, so the error summary's link and a server error land on it;
 * choosing closes the modal and the modal returns focus to the button, which then reads the choice.
 */
export function PickerField<TInput extends FieldValues, TValues>({
  form,
  name,
  label,
  renderChosen,
  chooseLabel,
  changeLabel,
  renderModal,
}: PickerFieldProps<TInput, TValues>) {
  const { field, fieldState } = useController({ control: form.control, name });
  useRegisterField(name, label);
  const [isOpen, setIsOpen] = useState(false);
  const baseId = useId();
  const chosenId = `${baseId}-chosen`;
  const errorId = `${baseId}-error`;
  const buttonId = fieldId(name);
  const chosen = renderChosen(String(field.value ?? ''));
  const isChosen = chosen !== null && chosen !== undefined && chosen !== false;
  const error = fieldState.error?.message;

  // react-hook-form focuses a field through its ref: the button stands for the field
  const registerRef = field.ref;
  const focusTarget = useCallback(
    (element: HTMLFieldSetElement | null) =>
      registerRef(element ? { focus: () => document.getElementById(buttonId)?.focus() } : null),
    [registerRef, buttonId],
  );

  const choose = (value: string) => {
    form.setValue(name, value as PathValue<TInput, FieldPath<TInput>>, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    setIsOpen(false);
  };

  return (
    <fieldset ref={focusTarget} className="mx-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 text-std-17B-170 text-ink">
        {label}
        <RequiredBadge />
      </legend>
      <p id={chosenId} className="text-std-16N-170 text-ink">
        {isChosen ? chosen : <span className="text-ink-muted">まだ選択されていません。</span>}
      </p>
      <div>
        <Button
          id={buttonId}
          variant="secondary"
          aria-describedby={error ? `${chosenId} ${errorId}` : chosenId}
          onPress={() => setIsOpen(true)}
          onBlur={field.onBlur}
        >
          {isChosen ? changeLabel : chooseLabel}
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-std-16B-170 text-error">
          {error}
        </p>
      )}
      {renderModal({ isOpen, onOpenChange: setIsOpen, choose })}
    </fieldset>
  );
}

export interface SearchPickerModalProps<TSearch extends FieldValues, Row> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The instructions above the conditions. */
  intro: ReactNode;
  /** The conditions form's accessible name. */
  formLabel: string;
  /** The shared zod schema of the conditions (their output is merged over `emptySearch()`). */
  schema: unknown;
  emptySearch: () => TSearch;
  /** The last search (null: none yet, the results are hidden). */
  search: TSearch | null;
  onSearch: (search: TSearch) => void;
  /** The results' query: its fetching state, and asking again for the same conditions. */
  result: { isFetching: boolean; refetch: () => unknown };
  /** The condition fields. */
  renderFields: (control: Control<TSearch>) => ReactNode;
  /** Shown above the table when the results were cut off. */
  capWarning?: ReactNode;
  caption: string;
  /** The columns after the 「選択」 one. */
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** Whom or what a row's 「選択」 button chooses, for its accessible name. */
  rowName: (row: Row) => string;
  onChoose: (row: Row) => void;
}

/**
 * A search in a modal: conditions, 検索, and a table whose rows each have a 「選択」 button (named with the
 * row for screen readers). The conditions and the results stay while the component is mounted, so
 * reopening to change the choice starts from the last search.
 */
export function SearchPickerModal<TSearch extends FieldValues, Row>({
  isOpen,
  onOpenChange,
  title,
  intro,
  formLabel,
  schema,
  emptySearch,
  search,
  onSearch,
  result,
  renderFields,
  capWarning,
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  rowName,
  onChoose,
}: SearchPickerModalProps<TSearch, Row>) {
  const form = useForm<TSearch>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TSearch>,
    defaultValues: emptySearch() as DefaultValues<TSearch>,
  });

  const submit = form.handleSubmit((values) => {
    const next: TSearch = { ...emptySearch(), ...values };
    // the same conditions again: ask again (the data may have changed meanwhile)
    if (search && JSON.stringify(next) === JSON.stringify(search)) void result.refetch();
    else onSearch(next);
  });

  const chooseColumn: Column<Row> = {
    key: 'choose',
    header: '選択',
    className: 'whitespace-nowrap',
    render: (row) => (
      <Button
        variant="secondary"
        // the visible word first (WCAG 2.5.3), then whom or what it chooses
        aria-label={`選択：${rowName(row)}`}
        onPress={() => onChoose(row)}
        className="px-4"
      >
        選択
      </Button>
    ),
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title} size="lg">
      <p>{intro}</p>
      <FieldRegistryProvider>
        <form
          noValidate
          aria-label={formLabel}
          // the modal is portalled, but React events still bubble to the form around it
          onSubmit={(event) => {
            event.stopPropagation();
            void submit(event);
          }}
          className="space-y-6"
        >
          {renderFields(form.control)}
          <SearchPanelActions onClear={() => form.reset(emptySearch())} isSearching={result.isFetching} />
        </form>
      </FieldRegistryProvider>

      {search && (
        <section aria-label="検索結果" className="space-y-4 pt-2">
          {capWarning}
          <DataTable
            key={JSON.stringify(search)}
            caption={caption}
            columns={[chooseColumn, ...columns]}
            rows={rows}
            rowKey={rowKey}
            isLoading={result.isFetching}
            loadingLabel="検索中..."
            emptyText={emptyText}
          />
        </section>
      )}
    </Modal>
  );
}
