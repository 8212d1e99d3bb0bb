import { MYPAGE_COURSE_SEARCH_MAX } from '@manabi/shared/schemas/mypage-course';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { DateInput, TextInput } from '../../ui/text-input';
import type { CourseListFilter } from './api/courses';

/** The conditions every course search shares: keyword, organisation, first class day from / to. */
type CourseSearchKey = 'keyword' | 'organ' | 'date_from' | 'date_to';

/** The four fields' values from the search in force (the form is filled with it). */
export const courseSearchValues = (filter: Pick<CourseListFilter, CourseSearchKey>) => ({
  keyword: filter.keyword,
  organ: filter.organ,
  date_from: filter.date_from,
  date_to: filter.date_to,
});

/** The four shared search fields, for the course search and the history screens. */
export function CourseSearchFields<
  T extends FieldValues & Partial<Record<CourseSearchKey, string>>,
  TT extends FieldValues,
>({ control }: { control: Control<T, unknown, TT> }) {
  const name = (key: CourseSearchKey) => key as FieldPath<T>;
  return (
    <>
      {/* side by side on a wide screen, where the form starts open, so the results start sooner */}
      <div className="grid gap-4 lg:grid-cols-2">
        <TextInput
          control={control}
          name={name('keyword')}
          label="キーワード"
          width="lg"
          maxLength={MYPAGE_COURSE_SEARCH_MAX}
        />
        <TextInput
          control={control}
          name={name('organ')}
          label="実施機関"
          width="lg"
          maxLength={MYPAGE_COURSE_SEARCH_MAX}
        />
      </div>
      <div className="flex flex-wrap gap-4">
        <DateInput control={control} name={name('date_from')} label="開講日（から）" />
        <DateInput control={control} name={name('date_to')} label="開講日（まで）" />
      </div>
    </>
  );
}
