import { zodResolver } from '@hookform/resolvers/zod';
import { mypageCourseSearchFormSchema } from '@manabi/shared/schemas/mypage-course';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxGroup } from '../../ui/choice-fields';
import { SearchForm, type SearchFormEvents } from '../layout/search-form';
import type { CourseListFilter } from './api/courses';
import { LOTTERY_KEYS, lotteryParam } from './course-parts';
import { CourseSearchFields, courseSearchValues } from './course-search-fields';

/**
 * The form of 申込状況・受講履歴: the shared search fields, with the four lottery_status_N ticks gathered
 * into one checkbox group (CD003 codes) so they are heard as one question 「抽選状況」.
 */
const searchSchema = mypageCourseSearchFormSchema
  .pick({ keyword: true, organ: true, date_from: true, date_to: true })
  .extend({ lottery: z.array(z.enum(LOTTERY_KEYS)).prefault([]) });
export type HistorySearchValues = z.output<typeof searchSchema>;

/**
 * The history screen's form, filled from the search in force; the lottery ticks only on the 申込状況 tab.
 * Its own module: the page loads it when its SearchBox first opens.
 */
export function HistorySearchForm({
  tab,
  filter,
  onSearch,
  onClear,
  events,
}: {
  tab: 'applied' | 'attended';
  filter: CourseListFilter;
  onSearch: (values: HistorySearchValues) => void;
  onClear: () => void;
  events: SearchFormEvents;
}) {
  const form = useForm({
    resolver: zodResolver(searchSchema),
    values: {
      ...courseSearchValues(filter),
      lottery: tab === 'applied' ? LOTTERY_KEYS.filter((code) => filter[lotteryParam(code)] === '1') : [],
    },
  });
  return (
    <SearchForm form={form} onSearch={onSearch} onClear={onClear} events={events}>
      <CourseSearchFields control={form.control} />
      {tab === 'applied' && (
        <CheckboxGroup
          control={form.control}
          name="lottery"
          label="抽選状況"
          options="CD003"
          description="チェックがないときは、キャンセルした講座を除いて、すべて表示します。"
        />
      )}
    </SearchForm>
  );
}
