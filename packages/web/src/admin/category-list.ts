import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api';

/**
 * The notice categories' list (SPEC §7 Admin notices), read by the categories screen and by the notice
 * screens for their category choice. Every categories query lives under this key, so a save refreshes all.
 */
export const CATEGORIES_KEY = ['admin', 'notice-categories'] as const;

export const categoryListQuery = (categoryName: string) =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'list', categoryName],
    queryFn: () => call(endpoints.adminNotices.categoryList, { category_name: categoryName }),
    placeholderData: (previous) => previous,
  });
