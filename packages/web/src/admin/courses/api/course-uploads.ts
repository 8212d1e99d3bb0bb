import { endpoints } from '@manabi/shared/routes/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api';
import { refusedUpload } from '../../../lib/upload-refusal';

/**
 * CSV uploads of the course list (SPEC §7 courseapplicantupload; issue 3 course import). Each sends the
 * file as a data URL and resolves `{ result, msg }` (a refused file comes as 422 and is resolved too):
 * CsvUpload shows a false result's msg on the file field (SPEC §2). Any other failure rejects and is
 * routed as SPEC §8.
 */

/** POST /api/admin/course/courseapplicantupload */
export const uploadCourseApplicants = (dataUrl: string) =>
  call(endpoints.adminCourses.applicantUpload, { course_applicant: dataUrl }).catch(refusedUpload);

/** POST /api/admin/course/courseupload; with the preview's hash, exactly what it showed or nothing (409). */
export const uploadCourses = (dataUrl: string, previewHash?: string) =>
  call(endpoints.adminCourses.courseUpload, {
    course: dataUrl,
    ...(previewHash === undefined ? {} : { preview_hash: previewHash }),
  }).catch(refusedUpload);

/** POST /api/admin/course/courseupload/preview/ (decision 070): what the import would do, nothing written. */
export const previewCourseUpload = (dataUrl: string) =>
  call(endpoints.adminCourses.courseUploadPreview, { course: dataUrl }).catch(refusedUpload);

/** The keys of api/courses.ts and api/applicants.ts: lists, counts and applicant tables an upload changes. */
const CHANGED_KEYS = [
  ['admin', 'courses'],
  ['admin', 'applicants'],
] as const;

/** Marks the course and applicant queries stale and refetches the ones on screen (after an upload). */
export function useRefreshAfterUpload() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
        () => undefined,
      ),
    [queryClient],
  );
}
