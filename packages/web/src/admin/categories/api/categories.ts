import type { Category, CategoryAddBody, CategoryUpdateBody, WriteResult } from '@manabi/shared/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Notice categories (SPEC §7 Admin notices): list, detail, add, update. */
const KEY = ['admin', 'notice-categories'] as const;

export const categoryListQuery = (categoryName: string) =>
  queryOptions({
    queryKey: [...KEY, 'list', categoryName],
    queryFn: () => apiGet<Category[]>('/api/admin/notice/category/list/', { category_name: categoryName }),
    placeholderData: (previous) => previous,
  });

export const categoryDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => apiGet<Category>('/api/admin/notice/category/detail/', { id: String(id) }),
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
        ? apiPost<WriteResult>('/api/admin/notice/category/update/', body)
        : apiPost<WriteResult>('/api/admin/notice/category/add/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
