import type { SessionAttendance } from '@manabi/shared/api';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  type AttendanceEditorOptions,
  type AttendanceEditorState,
  attendanceEditor,
  INITIAL_EDITOR_STATE,
} from './attendance-editor';
import { type EditableRow, tableEditing } from './table-editing';

interface Row extends EditableRow {
  id: number;
  name: string;
  is_closed?: boolean;
}

const row = (id: number, patch: Partial<Row> = {}): Row => ({
  id,
  name: `学生${id}`,
  lottery_status: '1',
  attendance_status: '1',
  acquisition_unit: 0,
  updated_at: '2026-04-01T00:00:00.000Z',
  ...(Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, '0']),
  ) as SessionAttendance),
  ...patch,
});

const editing = tableEditing<Row>((r) => r.id);

/** A schema that refuses a unit of 'x' in the body, named as the server names it. */
const schema = {
  safeParse: (body: unknown) => {
    const bad = Object.entries(body as Record<string, unknown>).find(
      ([k, v]) => k.startsWith('acquisition_unit_') && v === 'x',
    );
    return bad
      ? { success: false, error: { issues: [{ path: [bad[0]], message: '半角数字で入力してください' }] } }
      : { success: true };
  },
};

/**
 * The controller as a screen uses it: the state lives here and every read goes through a fresh
 * controller, as each render of the hook makes one.
 */
function harness(rows: Row[], overrides: Partial<AttendanceEditorOptions<Row>> = {}) {
  let state: AttendanceEditorState = INITIAL_EDITOR_STATE;
  const routeError = vi.fn();
  const options: AttendanceEditorOptions<Row> = {
    editing,
    rows,
    rowName: (r) => r.name,
    buildUpdate: (current, edits) => {
      const body: Record<string, string | number> = {};
      const rowKey = new Map<number, number>();
      current
        .filter((r) => edits.get(r.id)?.isUpdate)
        .forEach((r, n) => {
          body[`acquisition_unit_${n}`] = editing.cellValue(r, edits, 'acquisition_unit');
          body[`updated_at_${n}`] = r.updated_at;
          rowKey.set(n, r.id);
        });
      return { body, rowKey };
    },
    schema,
    save: vi.fn(async () => ({ count: 1 })),
    refetchRows: vi.fn(async () => rows),
    ...overrides,
  };
  const editor = () =>
    attendanceEditor(
      options,
      state,
      (update) => {
        state = update(state);
      },
      routeError,
    );
  return { editor, options, routeError, state: () => state };
}

describe('attendanceEditor', () => {
  it('an edit shows in the cell, ticks the row and counts; typing the stored value back undoes it', () => {
    const a = row(1);
    const t = harness([a, row(2)]);
    t.editor().cell(a, 'attendance3').onChange('1');
    expect(t.editor().cell(a, 'attendance3')).toMatchObject({ value: '1', isChanged: true });
    expect(t.editor()).toMatchObject({ isPending: true, ticked: 1 });
    expect(t.editor().isRowTicked(a)).toBe(true);

    t.editor().cell(a, 'attendance3').onChange('0');
    expect(t.editor()).toMatchObject({ isPending: false, ticked: 0 });
  });

  it('counts only the rows that can be edited', () => {
    const open = row(1);
    const closed = row(2, { is_closed: true });
    const t = harness([open, closed], { isEditable: (r) => !r.is_closed });
    t.editor().tick(open, true);
    t.editor().tick(closed, true);
    expect(t.editor().ticked).toBe(1);
  });

  it('with nothing ticked, says so and sends nothing', async () => {
    const t = harness([row(1)]);
    await t.editor().save();
    expect(t.state().notice).toEqual({ kind: 'nothing' });
    expect(t.options.save).not.toHaveBeenCalled();
  });

  it('checks the body with the schema first: the message goes on the cell and in the notice', async () => {
    const a = row(1);
    const t = harness([a]);
    t.editor().cell(a, 'acquisition_unit').onChange('x');
    await t.editor().save();
    expect(t.options.save).not.toHaveBeenCalled();
    expect(t.editor().cell(a, 'acquisition_unit').error).toBe('半角数字で入力してください');
    expect(t.state().notice).toEqual({
      kind: 'invalid',
      lines: ['学生1：取得単位 半角数字で入力してください'],
    });

    // editing the cell again drops its error, the edit stays
    t.editor().cell(a, 'acquisition_unit').onChange('y');
    expect(t.editor().cell(a, 'acquisition_unit')).toMatchObject({ error: undefined, value: 'y' });
  });

  it('sends the ticked rows and starts again from the stored rows with the count', async () => {
    const a = row(1);
    const t = harness([a, row(2)]);
    t.editor().cell(a, 'acquisition_unit').onChange('2');
    await t.editor().save();
    expect(t.options.save).toHaveBeenCalledWith({
      acquisition_unit_0: '2',
      updated_at_0: '2026-04-01T00:00:00.000Z',
    });
    expect(t.state()).toEqual({ ...INITIAL_EDITOR_STATE, notice: { kind: 'updated', count: 1 } });
  });

  it('on a 409 reads the rows again and lays the own changes over them', async () => {
    const a = row(1);
    const b = row(2);
    const freshA = { ...a, attendance1: '1', updated_at: '2026-04-02T00:00:00.000Z' };
    const t = harness([a, b], {
      save: vi.fn(async () => {
        throw new ApiError(409, { message: 'stale' });
      }),
      refetchRows: vi.fn(async () => [freshA, b]),
    });
    t.editor().cell(a, 'attendance1').onChange('1'); // someone else set the same value meanwhile
    t.editor().cell(a, 'attendance2').onChange('2');
    await t.editor().save();
    expect(t.options.refetchRows).toHaveBeenCalled();
    expect(t.state().notice).toEqual({ kind: 'stale' });
    expect(t.state().edits.get(1)?.values).toEqual({ attendance2: '2' });
    expect(t.routeError).not.toHaveBeenCalled();
  });

  it("puts a 422's err_list on the cells", async () => {
    const a = row(1);
    const t = harness([a], {
      save: vi.fn(async () => {
        throw new ApiError(422, { err_list: [{ name: 'attendance_0_4', msg: '選択してください' }] });
      }),
    });
    t.editor().tick(a, true);
    await t.editor().save();
    expect(t.editor().cell(a, 'attendance4').error).toBe('選択してください');
    expect(t.state().notice).toEqual({ kind: 'invalid', lines: ['学生1：第4回 選択してください'] });
    expect(t.editor().isPending).toBe(true);
  });

  it('routes any other failure and keeps the edits', async () => {
    const a = row(1);
    const failure = new ApiError(500, null);
    const t = harness([a], {
      save: vi.fn(async () => {
        throw failure;
      }),
    });
    t.editor().tick(a, true);
    await t.editor().save();
    expect(t.routeError).toHaveBeenCalledWith(failure);
    expect(t.editor()).toMatchObject({ ticked: 1, notice: null });
  });

  it('reset goes back to the stored rows without a message', () => {
    const a = row(1);
    const t = harness([a]);
    t.editor().cell(a, 'attendance_status').onChange('2');
    t.editor().reset();
    expect(t.state()).toEqual(INITIAL_EDITOR_STATE);
  });
});
