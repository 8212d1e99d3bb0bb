import { zodResolver } from '@hookform/resolvers/zod';
import { newsListQuerySchema } from '@manabi/shared/schemas/news';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DateInput, TextInput } from '../../ui/text-input';
import { SearchForm, type SearchFormEvents } from '../layout/search-form';
import type { NewsFilter } from './api/news';

const searchSchema = newsListQuerySchema.pick({ keyword: true, date_from: true, date_to: true });
export type NewsSearchValues = z.output<typeof searchSchema>;

/**
 * The notices' search form (/mypage/news/…): keyword and publication dates, filled from the search in
 * force. Its own module: the page loads it when its SearchBox first opens.
 */
export function NewsSearchForm({
  filter,
  onSearch,
  onClear,
  events,
}: {
  filter: NewsFilter;
  onSearch: (values: NewsSearchValues) => void;
  onClear: () => void;
  events: SearchFormEvents;
}) {
  const form = useForm({
    resolver: zodResolver(searchSchema),
    values: { keyword: filter.keyword, date_from: filter.date_from, date_to: filter.date_to },
  });
  return (
    <SearchForm form={form} onSearch={onSearch} onClear={onClear} events={events}>
      <TextInput control={form.control} name="keyword" label="キーワード" width="lg" maxLength={100} />
      <div className="flex flex-wrap gap-4">
        <DateInput control={form.control} name="date_from" label="掲載日（から）" />
        <DateInput control={form.control} name="date_to" label="掲載日（まで）" />
      </div>
    </SearchForm>
  );
}
