import { zodResolver } from '@hookform/resolvers/zod';
import { mypageCourseSearchFormSchema } from '@manabi/shared/schemas/mypage-course';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SearchForm, type SearchFormEvents } from '../layout/search-form';
import type { CourseListFilter } from './api/courses';
import { CourseSearchFields, courseSearchValues } from './course-search-fields';

const searchSchema = mypageCourseSearchFormSchema.pick({
  keyword: true,
  organ: true,
  date_from: true,
  date_to: true,
});
export type CourseSearchValues = z.output<typeof searchSchema>;

/**
 * The course search's form (/mypage/course/search/…): keyword, organisation and first class day, filled
 * from the search in force. Its own module: the page loads it when its SearchBox first opens.
 */
export function CourseSearchForm({
  filter,
  onSearch,
  onClear,
  events,
}: {
  filter: CourseListFilter;
  onSearch: (values: CourseSearchValues) => void;
  onClear: () => void;
  events: SearchFormEvents;
}) {
  const form = useForm({
    resolver: zodResolver(searchSchema),
    values: courseSearchValues(filter),
  });
  return (
    <SearchForm form={form} onSearch={onSearch} onClear={onClear} events={events}>
      <CourseSearchFields control={form.control} />
    </SearchForm>
  );
}
