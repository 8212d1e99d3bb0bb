import type { CoursePickerRow } from '@manabi/shared/api';
import { COURSE_STATE_LABELS } from '@manabi/shared/domain/course-state';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Button,
  Collection,
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxLoadMoreItem,
  Popover,
} from 'react-aria-components';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField } from '../ui/bound-field';
import { cx } from '../ui/cx';
import {
  controlClass,
  describe,
  type FieldBaseProps,
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldWidth,
} from '../ui/field-parts';
import { ChevronDownIcon } from '../ui/icons';
import { LIST_OPTION_CLASS, LIST_POPOVER_CLASS } from '../ui/select-parts';
import { Spinner } from '../ui/spinner';
import { chosenCourseQuery, coursePickerQuery } from './course-picker-api';

/** How long typing rests before the search is sent. */
const TYPING_PAUSE_MS = 250;

const courseLabel = (c: { course_id: string; course_name: string }) =>
  c.course_id ? `${c.course_id} ${c.course_name}` : c.course_name;

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The field's text for the chosen course: as picked, as the screen knows it, or read by its id. */
function useChosenText(
  chosenId: number | null,
  picked: { id: number; label: string } | null,
  chosenLabel: string | undefined,
): string {
  const pickedLabel = picked && picked.id === chosenId ? picked.label : undefined;
  const known = useQuery({
    ...chosenCourseQuery(chosenId ?? 0),
    enabled: chosenId !== null && !pickedLabel && !chosenLabel,
  });
  if (chosenId === null) return '';
  return pickedLabel ?? chosenLabel ?? (known.data ? courseLabel(known.data) : `講座（番号 ${chosenId}）`);
}

/** The courses matching what was typed, once typing rests; rows only for what the field says now. */
function useCourseSearch(typed: string | null, isDisabled: boolean | undefined) {
  const words = useSettled(typed ?? '', TYPING_PAUSE_MS).trim();
  const results = useInfiniteQuery({ ...coursePickerQuery(words), enabled: !isDisabled });
  // only the answer to what the field says now: an older list could be chosen from by mistake
  const isCurrent = words === (typed ?? '').trim() && !results.isPlaceholderData;
  const rows = isCurrent ? (results.data?.pages.flatMap((p) => p.data_list) ?? []) : [];
  const total = results.data?.pages[0]?.total ?? 0;
  return { results, isCurrent, rows, total };
}

export interface CoursePickerFieldProps<T extends FieldValues, N extends FieldPath<T>, TT = T>
  extends FieldBaseProps<T, N, TT> {
  /** The chosen course's name when the screen knows it (else it is read by id). */
  chosenLabel?: string;
  /** Told the course chosen (null: the choice was cleared). */
  onChosen?: (course: CoursePickerRow | null) => void;
  width?: FieldWidth;
}

/**
 * A course chosen by its name or its code (decision 035): a combobox that searches as the office types
 * (GET /api/admin/course/picker/, 20 a page, more as the list scrolls) and fills the field with the course's
 * id, never asking anyone for a number. Arrow keys walk the list, Enter chooses, Escape closes; leaving the
 * field without choosing keeps the course chosen before, an emptied field clears it.
 */
export function CoursePickerField<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: CoursePickerFieldProps<T, N, TT>,
) {
  const {
    label,
    isRequired,
    description,
    isDisabled,
    className,
    chosenLabel,
    onChosen,
    width = 'lg',
  } = props;
  const { field, fieldState, value, ariaProps } = useBoundField(props);
  const chosenId = /^\d+$/.test(value) ? Number(value) : null;
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const chosenText = useChosenText(chosenId, picked, chosenLabel);
  // what the office typed since the last choice; null = the field shows the chosen course
  const [typed, setTyped] = useState<string | null>(null);
  const search = useCourseSearch(typed, isDisabled);
  const { rows } = search;
  const help = describe(
    description ?? '講座名の一部か講座ID（先頭から）を入力して、候補から選んでください。',
  );

  const choose = (row: CoursePickerRow | null) => {
    setTyped(null);
    if (!row) {
      field.onChange('');
      setPicked(null);
      onChosen?.(null);
      return;
    }
    setPicked({ id: row.id, label: courseLabel(row) });
    field.onChange(String(row.id));
    onChosen?.(row);
  };

  return (
    <ComboBox
      name={ariaProps.name}
      inputValue={typed ?? chosenText}
      onInputChange={(next) => setTyped(next === chosenText ? null : next)}
      selectedKey={chosenId}
      onSelectionChange={(key) => {
        if (key === null) return;
        choose(rows.find((r) => r.id === key) ?? null);
      }}
      items={rows}
      // the server already matched name and code (in any width); the list shows what it answered
      defaultFilter={() => true}
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={ariaProps.isInvalid}
      isDisabled={ariaProps.isDisabled}
      validationBehavior="aria"
      onBlur={() => {
        if (typed !== null && typed.trim() === '' && chosenId !== null) choose(null);
        else setTyped(null);
        field.onBlur();
      }}
      className={cx('flex flex-col gap-2', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {help && <FieldDescription>{help}</FieldDescription>}
      <span className={cx('flex items-stretch gap-2', controlClass(width, 'p-0 pr-1'))}>
        <Input
          ref={field.ref}
          id={ariaProps.id}
          className="min-h-11 min-w-0 flex-1 rounded-8 bg-transparent px-4 py-2 text-std-16N-170 text-on-field outline-offset-2"
        />
        <Button
          aria-label={`${label}の候補を開く`}
          className="flex min-w-11 cursor-pointer items-center justify-center rounded-6 text-on-field"
        >
          <ChevronDownIcon />
        </Button>
      </span>
      <FieldErrorText>{fieldState.error?.message}</FieldErrorText>
      <CourseOptions label={label} search={search} />
    </ComboBox>
  );
}

/**
 * The list under the field: the courses the server answered (name and code, its organ and state), more as
 * it scrolls; while an answer for the typed words is awaited it says so instead of showing an older one.
 */
function CourseOptions({ label, search }: { label: string; search: ReturnType<typeof useCourseSearch> }) {
  const { results, isCurrent, rows, total } = search;
  return (
    <Popover className={LIST_POPOVER_CLASS}>
      <ListBox
        aria-label={`${label}の候補（${total}件）`}
        className="max-h-96 overflow-auto p-1 outline-none"
        renderEmptyState={() => (
          <p className="px-3 py-2 text-std-16N-170 text-on-field">
            {!isCurrent || results.isFetching ? '探しています…' : '該当する講座がありません'}
          </p>
        )}
      >
        <Collection items={rows}>
          {(row) => (
            <ListBoxItem
              id={row.id}
              textValue={courseLabel(row)}
              className={cx(LIST_OPTION_CLASS, 'flex-col')}
            >
              <span className="text-std-16B-170">{courseLabel(row)}</span>
              <span className="text-std-16N-170">
                {row.organ}・{COURSE_STATE_LABELS[row.state]}
              </span>
            </ListBoxItem>
          )}
        </Collection>
        <ListBoxLoadMoreItem
          onLoadMore={() => {
            if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
          }}
          isLoading={results.isFetchingNextPage}
        >
          <span className="flex items-center gap-2 px-3 py-2 text-std-16N-170 text-on-field">
            <Spinner />
            続きを読み込み中
          </span>
        </ListBoxLoadMoreItem>
      </ListBox>
    </Popover>
  );
}
