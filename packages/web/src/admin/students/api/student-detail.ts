import type { StudentAppliedCourse } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { StudentCourseSearch } from '@manabi/shared/schemas/student-course';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type CallInput, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Admin students: one student and their applied courses (SPEC §7 "Admin students"). */
const KEY = ['admin', 'students'] as const;

/** GET /api/admin/student/detail/?user_id= (always read fresh: forms echo its updated_at back). */
export const studentDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', userId],
    queryFn: () => call(endpoints.adminStudents.detail, { user_id: String(userId) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The student of `userId`: a missing one (404) goes to /admin/404 (SPEC §2), any other error is routed as
 * SPEC §8. `approvedOnly`: an unapproved student also goes to /admin/404 (the detail screen); a record merged
 * into another (decision 071) stays readable there, saying where it went.
 */
export function useStudentDetail(userId: number, { approvedOnly = false } = {}) {
  const navigate = useNavigate();
  const query = useQuery(studentDetailQuery(userId));
  const { data } = query;
  const isRefused =
    approvedOnly &&
    data !== undefined &&
    data.approval_status !== APPROVAL.APPROVED &&
    data.approval_status !== APPROVAL.MERGED &&
    data.approval_status !== APPROVAL.WITHDRAWN;
  useEffect(() => {
    if (isRefused) navigate(paths.admin.notFound(), { replace: true });
  }, [isRefused, navigate]);
  return { ...query, data: isRefused ? undefined : data };
}

/** SPEC §9: the paged fetch stops after 1000 pages. */
const MAX_PAGES = 1000;

/**
 * Every applied course of the student matching `search`: GET student/applicantCourse/list pages (100 rows)
 * by offset_num until is_end, accumulated (as the course list does, SPEC §4).
 */
export async function fetchStudentCourses(
  userId: number,
  search: StudentCourseSearch,
  signal?: AbortSignal,
): Promise<StudentAppliedCourse[]> {
  const rows: StudentAppliedCourse[] = [];
  for (let offset = 0; offset < MAX_PAGES; offset++) {
    const page = await call(
      endpoints.adminStudents.courseList,
      { user_id: userId, ...search, offset_num: offset },
      { signal },
    );
    rows.push(...page.data_list);
    if (page.is_end) break;
  }
  return rows;
}

/** Not refetched in the background: the admin's edits are laid over these rows (decision 005). */
export const studentCoursesQuery = (userId: number, search: StudentCourseSearch) =>
  queryOptions({
    queryKey: [...KEY, 'courses', userId, search],
    queryFn: ({ signal }) => fetchStudentCourses(userId, search, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * POST /api/admin/student/applicantCourse/update/: every ticked row or none. 409 and 422 are shown on the
 * table (not routed); afterwards the student and the courses' applicant data are read again.
 */
export function useUpdateStudentCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string | number>) =>
      call(
        endpoints.adminStudents.courseUpdate,
        body as CallInput<typeof endpoints.adminStudents.courseUpdate>,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'applicants'] }),
      ]),
  });
}
