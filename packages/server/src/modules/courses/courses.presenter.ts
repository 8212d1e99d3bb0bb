import type { AdminCourse, AdminCourseLimited, CourseCategoryItem, CourseListRow } from '@manabi/shared/api';
import type { CourseState } from '@manabi/shared/domain/course-state';
import type { courses } from '../../db/schema';
import type { AdminPrincipal } from '../../platform/context';
import type { SessionOut } from '../../repositories/course-sessions';

type CourseRow = typeof courses.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export const presentCourseListRow = (
  row: Pick<CourseRow, 'id' | 'code' | 'name' | 'organ' | 'periodFrom' | 'periodTo' | 'period' | 'imageUrl'>,
  applicants: number,
  state: CourseState,
): CourseListRow => ({
  id: row.id,
  course_id: row.code ?? '',
  course_name: row.name,
  organ: row.organ,
  period_f: iso(row.periodFrom),
  period_t: iso(row.periodTo),
  period: row.period,
  c_num: applicants,
  image: row.imageUrl,
  state,
});

/** SPEC §3 Course (admin); authority 2 gets the reduced view (SPEC §6). */
export function presentAdminCourse(
  row: CourseRow,
  applicants: number,
  categories: CourseCategoryItem[],
  admin: AdminPrincipal,
  sessions: SessionOut[],
): AdminCourse | AdminCourseLimited {
  const limited: AdminCourseLimited = {
    id: row.id,
    course_id: row.code ?? '',
    course_name: row.name,
    content: row.content,
    organ: row.organ,
    univ_id: row.universityId,
    period_f: iso(row.periodFrom),
    period_t: iso(row.periodTo),
    capacity: row.capacity,
    application: applicants,
    period: row.period,
    all_times: row.allTimes,
    venue: row.venue,
    street_address: row.streetAddress,
    status: row.status,
    keyword: row.keyword,
    // class days: both authorities see them (authority 2 checks students in)
    sessions,
    remind: row.remind,
    bring: row.bring,
  };
  if (admin.authority !== 1) return limited;
  return {
    ...limited,
    minimum: row.minimum,
    tuition_fee: row.tuitionFee,
    cancel: row.isCancelable,
    unit: row.unit,
    tuition_fee1: row.tuitionFee1,
    material_cost: row.materialCost,
    category: categories,
    image: row.imageUrl,
    attendee: row.attendee,
    permalink: row.permalink,
    how_to_apply: row.howToApply,
    apply_url: row.applyUrl,
    apply_url_text: row.applyUrlText,
    is_lottery: row.isLottery,
    updated_at: row.updatedAt.toISOString(),
  };
}
