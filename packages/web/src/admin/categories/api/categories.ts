import type { CategoryAddBody, CategoryUpdateBody } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { CATEGORIES_KEY } from '../../category-list';

/** Notice categories (SPEC §7 Admin notices): detail, add, update (the list: ../../category-list). */

export const categoryDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'detail', id],
    queryFn: () => call(endpoints.adminNotices.categoryDetail, { id: String(id) }),
    meta: { notFoundTo: paths.admin.notFound() },
    // the form echoes updated_at back: always start from the current row
    staleTime: 0,
    gcTime: 0,
  });

/** add (no id) or update (id + updated_at); the list and the row are read again afterwards. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryAddBody | CategoryUpdateBody) =>
      'id' in body
        ? call(endpoints.adminNotices.categoryUpdate, body)
        : call(endpoints.adminNotices.categoryAdd, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}
