import type { MypageCourseSearchItem } from '@manabi/shared/api';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ApplyingBadge, applicationPeriodText, CategoryTags, CourseImage } from './course-parts';

/**
 * One course in the search results (SPEC §2 course/search). The course name is the card's only link;
 * its ::after covers the card so the whole card can be clicked, with nothing else interactive inside.
 * The name comes first, then 申込中, the categories and the picture (on a phone the first name is on
 * the first screen, and a screen reader meets the heading as the item starts).
 */
export function CourseCard({ course }: { course: MypageCourseSearchItem }) {
  return (
    <li className="relative flex flex-col gap-3 rounded-8 border-2 border-line bg-canvas p-4 hover:bg-surface focus-within:bg-surface">
      <h3 className="text-std-20B-150 text-ink">
        <Link
          to={paths.mypage.courseDetail(course.id)}
          className="text-link underline underline-offset-4 after:absolute after:inset-0 after:rounded-8 after:content-[''] hover:text-link-hover"
        >
          {course.course_name}
        </Link>
      </h3>
      {course.applicant_id !== null && (
        <p>
          <ApplyingBadge />
        </p>
      )}
      <CategoryTags categories={course.categories} />
      <CourseImage src={course.image} />
      <dl className="grid gap-x-4 gap-y-1 text-std-16N-170 text-ink sm:grid-cols-[auto_1fr]">
        <CardFact label="実施機関" value={course.organ} />
        <CardFact label="開催日" value={course.period} />
        <CardFact label="申込期間" value={applicationPeriodText(course.period_f, course.period_t)} />
        <CardFact label="キーワード" value={course.keyword} />
      </dl>
    </li>
  );
}

function CardFact({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <>
      <dt className="text-std-16B-170">{label}</dt>
      <dd className="mb-1 whitespace-pre-line wrap-anywhere sm:mb-0">{value}</dd>
    </>
  );
}
