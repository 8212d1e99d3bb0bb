import type { Category } from '@manabi/shared/api';
import type { noticeCategories } from '../../db/schema';

export const presentCategory = (row: typeof noticeCategories.$inferSelect): Category => ({
  id: row.id,
  category_name: row.name,
  sort_number: row.sortNumber,
  updated_at: row.updatedAt.toISOString(),
});
