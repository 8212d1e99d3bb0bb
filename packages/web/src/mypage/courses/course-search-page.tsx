import { readCourseListSearch } from '@manabi/shared/domain/course-list-search';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useUrlSearch } from '../../lib/url-search';
import { PageTitle } from '../../ui/page-title';
import { Tabs } from '../../ui/tabs';
import { ResultsSection, SearchBox } from '../layout/mypage-search';
import { type CourseSearchKind, courseFilterOf, courseSearchQuery } from './api/courses';
import { CourseCard } from './course-card';
import { courseConditions } from './course-parts';

const TAB_LABELS: Record<CourseSearchKind, string> = {
  accepting: '受付中の講座',
  before: '受付前の講座',
};
const CourseSearchForm = lazy(() =>
  import('./course-search-form').then((m) => ({ default: m.CourseSearchForm })),
);

/**
 * /mypage/course/search/{accepting|before} (SPEC §2 course/search): two routed tabs, a search by keyword,
 * organisation and first class day, and the courses as cards, 8 a page (paged on the server). The search
 * and the page live in the URL, so 戻る from a course returns to the same results.
 */
export function Component() {
  // the router sends any other kind to notfound
  const kind: CourseSearchKind = useParams().kind === 'before' ? 'before' : 'accepting';
  const { values, submit, clear, goTo } = useUrlSearch(readCourseListSearch);
  const filter = courseFilterOf(values);
  const list = useQuery(courseSearchQuery(kind, filter));
  const data = list.data;

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle>講座を探す</PageTitle>
      <Tabs
        label="講座の受付状況"
        selectedKey={kind}
        items={[
          { id: 'accepting', label: TAB_LABELS.accepting, href: paths.mypage.courseSearch('accepting') },
          { id: 'before', label: TAB_LABELS.before, href: paths.mypage.courseSearch('before') },
        ]}
      >
        {/* the tab panel has its own top padding; a phone needs no more */}
        <div className="space-y-6 sm:space-y-8 sm:pt-6">
          <SearchBox
            title="講座を検索する"
            id="course-search"
            form={(events) => (
              <CourseSearchForm
                filter={filter}
                onSearch={(conditions) => void submit(conditions)}
                onClear={clear}
                events={events}
              />
            )}
            onClear={clear}
            conditions={courseConditions(filter)}
            resultsId="course-list"
          />

          <ResultsSection
            title={TAB_LABELS[kind]}
            id="course-list"
            page={data}
            isFetching={list.isFetching}
            onPage={goTo}
            emptyText="該当する講座はありません。"
          >
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
              {data?.data_list.map((course) => (
                <CourseCard key={course.id} course={course} />
              ))}
            </ul>
          </ResultsSection>
        </div>
      </Tabs>
    </div>
  );
}
