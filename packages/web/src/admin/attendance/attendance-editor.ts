import { isApiError } from '../../lib/api';
import {
  type CellErrors,
  cellErrors,
  clearCellError,
  type EditableField,
  type EditableRow,
  type Edits,
  FIELD_LABEL,
  hasPendingEdits,
  NO_EDITS,
  type TableEditing,
} from './table-editing';
import type { TableNotice } from './table-notice';

/**
 * The controller of an editable attendance table (decision 005), shared by a course's applicant tab and a
 * student's courses tab: the admin's edits and ticks, the cells' errors, the notice of the last 更新する,
 * and the save — checked with the shared body schema first, then all ticked rows or none; a 409 reads the
 * rows again and lays the admin's own changes over them; a 422 goes on the cells; anything else is routed.
 * Free of React so its behaviour is unit-tested; `useAttendanceEditor` holds the state.
 */

export interface AttendanceEditorState {
  edits: Edits;
  errors: CellErrors;
  notice: TableNotice;
}

export const INITIAL_EDITOR_STATE: AttendanceEditorState = {
  edits: NO_EDITS,
  errors: new Map(),
  notice: null,
};

/** The update body of the ticked rows, and the row key each body row number `n` stands for. */
export interface TableUpdate {
  body: Record<string, string | number>;
  rowKey: ReadonlyMap<number, number>;
}

/** The shared zod body schema, seen structurally (web does not depend on zod; shared owns the schemas). */
export interface UpdateBodySchema {
  safeParse(body: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

export interface AttendanceEditorOptions<Row extends EditableRow> {
  /** the table's editing functions (how its rows are told apart) */
  editing: TableEditing<Row>;
  /** the rows shown, in the table's order */
  rows: readonly Row[];
  /** rows that can be edited at all (default: every row); only they count as ticked */
  isEditable?: (row: Row) => boolean;
  /** who or what a row is in the messages about its cells, e.g. 「24040001 山田 花子」 */
  rowName: (row: Row) => string;
  buildUpdate: (rows: readonly Row[], edits: Edits) => TableUpdate;
  /** the update body's schema: the server's rules, checked before sending */
  schema: UpdateBodySchema;
  /** sends the body (and reads again what it changed); answers how many rows were updated */
  save: (body: Record<string, string | number>) => Promise<{ count: number }>;
  /** reads the rows again after a 409 */
  refetchRows: () => Promise<readonly Row[]>;
}

export type SetEditorState = (update: (current: AttendanceEditorState) => AttendanceEditorState) => void;

/** What a cell component needs besides its label. */
export interface CellState {
  value: string;
  isChanged: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The table's state (`state`, as last rendered) and actions (which change it through `setState`).
 * `routeError` takes what is neither a 409 nor a field error (SPEC §8).
 */
export function attendanceEditor<Row extends EditableRow>(
  options: AttendanceEditorOptions<Row>,
  state: AttendanceEditorState,
  setState: SetEditorState,
  routeError: (error: unknown) => void,
) {
  const { editing, rows, isEditable, rowName } = options;
  const { edits, errors } = state;
  const ticked = editing.tickedCount(isEditable ? rows.filter(isEditable) : rows, edits);

  const edit = (row: Row, field: EditableField, value: string) =>
    setState((s) => ({
      ...s,
      edits: editing.editCell(s.edits, row, field, value),
      errors: clearCellError(s.errors, editing.keyOf(row), field),
    }));

  const cell = (row: Row, field: EditableField): CellState => ({
    value: editing.cellValue(row, edits, field),
    isChanged: editing.isCellChanged(row, edits, field),
    error: errors.get(editing.keyOf(row))?.get(field),
    onChange: (value) => edit(row, field, value),
  });

  /** Shows the cells to fix, each message prefixed with the row and the column. */
  const showInvalid = (found: CellErrors) => {
    const lines = [...found].flatMap(([key, cells]) => {
      const row = rows.find((r) => editing.keyOf(r) === key);
      const who = row ? rowName(row) : '';
      return [...cells].map(([c, msg]) => `${who}：${c === 'row' ? '' : `${FIELD_LABEL[c]} `}${msg}`);
    });
    setState((s) => ({ ...s, errors: found, notice: { kind: 'invalid', lines } }));
  };

  const save = async () => {
    if (ticked === 0) {
      setState((s) => ({ ...s, notice: { kind: 'nothing' } }));
      return;
    }
    const { body, rowKey } = options.buildUpdate(rows, edits);
    const checked = options.schema.safeParse(body);
    if (!checked.success) {
      const issues = checked.error?.issues ?? [];
      showInvalid(
        cellErrors(
          issues.map((i) => ({ name: String(i.path[0]), msg: i.message })),
          rowKey,
        ),
      );
      return;
    }
    try {
      const answer = await options.save(body);
      setState(() => ({ ...INITIAL_EDITOR_STATE, notice: { kind: 'updated', count: answer.count } }));
    } catch (error) {
      if (isApiError(error) && error.isStale) {
        const fresh = await options.refetchRows();
        setState((s) => ({
          edits: editing.rebaseEdits(s.edits, fresh),
          errors: new Map(),
          notice: { kind: 'stale' },
        }));
      } else if (isApiError(error) && error.isFieldError) {
        showInvalid(cellErrors(error.errList, rowKey));
      } else {
        routeError(error);
      }
    }
  };

  return {
    ...state,
    /** any unsent change or tick (the lottery waits, a new search drops them) */
    isPending: hasPendingEdits(edits),
    /** rows that 更新する sends */
    ticked,
    isRowTicked: (row: Row) => editing.isRowTicked(row, edits),
    cell,
    /** the 「更新」 box by hand */
    tick: (row: Row, isUpdate: boolean) =>
      setState((s) => ({ ...s, edits: editing.tickRow(s.edits, row, isUpdate) })),
    /** 元に戻す, a new search, the lottery closed: back to the stored rows, no message */
    reset: () => setState(() => INITIAL_EDITOR_STATE),
    /** 更新する */
    save,
  };
}

export type AttendanceEditor<Row extends EditableRow> = ReturnType<typeof attendanceEditor<Row>>;
