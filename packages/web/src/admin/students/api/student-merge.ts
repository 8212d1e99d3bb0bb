import { endpoints } from '@manabi/shared/routes/endpoints';
import type { MergeField } from '@manabi/shared/schemas/student-merge';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Merging a student entered twice, and undoing it (decision 071). */
const KEY = ['admin', 'students', 'merge'] as const;

/** GET /api/admin/student/merge/preview/: read afresh (the stamps it answers go back with the merge). */
export const mergePreviewQuery = (keepId: number, otherId: number) =>
  queryOptions({
    queryKey: [...KEY, 'preview', keepId, otherId],
    queryFn: () => call(endpoints.adminStudents.mergePreview, { keep_id: keepId, other_id: otherId }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/** GET /api/admin/student/merge/detail/?id= */
export const mergeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(endpoints.adminStudents.mergeDetail, { id }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

export interface MergeInput {
  keep_id: number;
  other_id: number;
  keep_updated_at: string;
  other_updated_at: string;
  fields: Partial<Record<MergeField, 'keep' | 'other'>>;
}

/** POST /api/admin/student/merge/; afterwards every student query is read again. */
export function useMergeStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MergeInput) => call(endpoints.adminStudents.merge, input),
    meta: { shows: [409, 422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'students'] }),
  });
}

/** POST /api/admin/student/merge/undo/ */
export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.adminStudents.mergeUndo, { id }),
    meta: { shows: [409, 422] },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'students'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
