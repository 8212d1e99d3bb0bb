import type { UploadResult } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, isApiError } from '../../../lib/api';

/**
 * CSV uploads of the course list (SPEC §7 courseapplicantupload; issue 3 course import). Each sends the
 * file as a data URL and resolves `{ result, msg }` (a refused file comes as 422 and is resolved too):
 * CsvUpload shows a false result's msg on the file field (SPEC §2). Any other failure rejects and is
 * routed as SPEC §8.
 */

/** A refused file is a 422 carrying `{ result: false, msg }`: resolved, so the msg lands on the file field. */
function refusedAnswer(error: unknown): UploadResult {
  const body = isApiError(error) && error.status === 422 ? (error.body as Partial<UploadResult>) : null;
  if (body?.result === false && typeof body.msg === 'string') return { result: false, msg: body.msg };
  throw error;
}

/** POST /api/admin/course/courseapplicantupload */
export const uploadCourseApplicants = (dataUrl: string) =>
  call(endpoints.adminCourses.applicantUpload, { course_applicant: dataUrl }).catch(refusedAnswer);

/** POST /api/admin/course/courseupload */
export const uploadCourses = (dataUrl: string) =>
  call(endpoints.adminCourses.courseUpload, { course: dataUrl }).catch(refusedAnswer);

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
