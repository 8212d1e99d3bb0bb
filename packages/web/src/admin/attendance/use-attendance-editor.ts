import { useState } from 'react';
import { useRouteApiError } from '../../lib/area';
import {
  type AttendanceEditor,
  type AttendanceEditorOptions,
  attendanceEditor,
  INITIAL_EDITOR_STATE,
} from './attendance-editor';
import type { EditableRow } from './table-editing';
import { useNoticeFocus } from './table-notice';

/**
 * One editable attendance table's state and actions (see attendance-editor.ts), with the notice focused
 * whenever one appears (`noticeRef` goes on the TableNoticeArea).
 */
export function useAttendanceEditor<Row extends EditableRow>(
  options: AttendanceEditorOptions<Row>,
): AttendanceEditor<Row> & { noticeRef: ReturnType<typeof useNoticeFocus> } {
  const [state, setState] = useState(INITIAL_EDITOR_STATE);
  const routeError = useRouteApiError();
  const noticeRef = useNoticeFocus(state.notice);
  return { ...attendanceEditor(options, state, setState, routeError), noticeRef };
}
