import type { AddApplicantBody } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { type AddApplicantStudentSearch, STUDENT_SEARCH_LIMIT } from '@manabi/shared/schemas/applicant';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Admin "add applicant" (SPEC §7 "Admin courses": addcourseapplicant/studentlist and /add). */
const KEY = ['admin', 'applicants'] as const;

/** The student search conditions of the add-applicant modal (SPEC §2): every value a string ('' = not given). */
export type StudentSearch = AddApplicantStudentSearch;

export const emptyStudentSearch = (): StudentSearch => ({
  login_id: '',
  name: '',
  name_kana: '',
  street_name1: '',
  street_name2: '',
  birthday_s: '',
  birthday_e: '',
});

/**
 * True when the server answered its cap (STUDENT_SEARCH_LIMIT rows): more students may match, and the
 * screen asks to narrow the search.
 */
export const isStudentSearchCapped = (rows: readonly unknown[]): boolean =>
  rows.length >= STUDENT_SEARCH_LIMIT;

/**
 * GET /api/admin/addcourseapplicant/studentlist/?id=&login_id=&… — approved students matching the
 * conditions who have no live application to course `courseId` (the server leaves those out), ordered by
 * student number, at most STUDENT_SEARCH_LIMIT rows. Authority 1 only (403 otherwise, routed as SPEC §8).
 */
export const studentSearchQuery = (courseId: number, search: StudentSearch) =>
  queryOptions({
    queryKey: [...KEY, 'add-students', courseId, search],
    queryFn: ({ signal }) =>
      call(endpoints.adminApplicants.studentList, { id: courseId, ...search }, { signal }),
    // another admin may add one of them meanwhile: each search asks again
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The students matching `search` (nothing is fetched while `search` is null: no search yet). */
export function useStudentSearch(courseId: number, search: StudentSearch | null) {
  return useQuery({
    ...studentSearchQuery(courseId, search ?? emptyStudentSearch()),
    enabled: search !== null,
  });
}

/**
 * POST /api/admin/addcourseapplicant/add/ (authority 1). A 422 (the student already applied, or is not
 * an approved student) carries err_list on user_id, which StepForm shows on the student field; then the
 * applicant lists and the course reads (applicant counts) are read again.
 */
export function useAddApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddApplicantBody) => call(endpoints.adminApplicants.add, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
      ]),
  });
}
