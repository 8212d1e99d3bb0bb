import { endpoints } from '@manabi/shared/routes/endpoints';
import { type StudentSearchField, studentSearchSchema } from '@manabi/shared/schemas/student-list';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type SortOf, withQuery } from '../../../lib/api';
import { type ListPage, pageQuery, sortQuery } from '../../../lib/list-search';
import { paths } from '../../../lib/paths';
import { parseSearch } from '../../../lib/search-state';
import { refusedUpload } from '../../../lib/upload-refusal';

/** Admin students: list, unapproved count, CSV upload, duplicate search (SPEC §7 "Admin students"). */
const KEY = ['admin', 'students'] as const;

/** The list's search conditions without paging: every value a string ('' = not given). */
export type StudentSearch = Record<StudentSearchField, string>;

/** No conditions: the schema's defaults. */
export const emptyStudentSearch = (): StudentSearch =>
  parseSearch(studentSearchSchema, new URLSearchParams());

/** Page, page size and sort of the server-paged list (DataTable's state). */
export type StudentPage = ListPage;

/** GET /api/admin/student/list/: one page and the total; the previous page stays shown while the next loads. */
export const studentListQuery = (search: StudentSearch, page: StudentPage) =>
  queryOptions({
    queryKey: [...KEY, 'list', search, pageQuery(page)],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminStudents.list,
        { ...search, ...pageQuery<SortOf<typeof endpoints.adminStudents.list>>(page) },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

/** GET /api/admin/student/unapploval/count/ */
export const unapprovalCountQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'unapproved-count'],
    queryFn: () => call(endpoints.adminStudents.unapprovalCount),
  });

/**
 * GET /api/admin/student/list/csv/ (decision 021): the whole search, in the table's order, as the CSV file
 * the server streams (`student_yyyymmddhhmmss.csv`). A link target: the browser downloads it.
 */
export const studentCsvUrl = (search: StudentSearch, sort: Pick<StudentPage, 'sort' | 'dir'>) =>
  withQuery('/api/admin/student/list/csv/', { ...search, ...sortQuery(sort) });

/**
 * POST /api/admin/student/upload/: the file as a data URL and the type every new student gets; with the
 * preview's hash, exactly what the preview showed or nothing (409).
 */
export const uploadStudents = (dataUrl: string, studentType: string, previewHash?: string) =>
  call(endpoints.adminStudents.upload, {
    student: dataUrl,
    student_type: studentType,
    ...(previewHash === undefined ? {} : { preview_hash: previewHash }),
  }).catch(refusedUpload);

/** POST /api/admin/student/upload/preview/ (decision 070): what the upload would do, nothing written. */
export const previewStudentUpload = (dataUrl: string, studentType: string) =>
  call(endpoints.adminStudents.uploadPreview, { student: dataUrl, student_type: studentType }).catch(
    refusedUpload,
  );

/** Marks every student query stale and refetches those on screen (the list and the count, after an upload). */
export function useRefreshStudents() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
}

/**
 * GET /api/admin/student/duplicate/?user_id= — a missing or approved student (404)
 * goes to /admin/404 (SPEC §2); any other error is routed as SPEC §8.
 */
export const studentDuplicatesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'duplicates', userId],
    queryFn: () => call(endpoints.adminStudents.duplicate, { user_id: userId }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

export function useStudentDuplicates(userId: number, enabled = true) {
  return useQuery({ ...studentDuplicatesQuery(userId), enabled });
}
