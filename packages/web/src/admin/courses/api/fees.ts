import type { CourseFeeUpdateBody } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** A course's fee rule (decision 077): any admin of the course reads it, authority 1 saves it. */
const KEY = ['admin', 'course-fee'] as const;

/** GET /api/admin/course/fee/?course_id= — the rule (the default before any save, updated_at '') and the amounts. */
export const feeRuleQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, courseId],
    queryFn: () => call(endpoints.adminCourseFee.rule, { course_id: String(courseId) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/** POST /api/admin/course/fee/update/: 409 (stale) and 422 (a field) are shown on the form. */
export function useSaveFeeRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseFeeUpdateBody) => call(endpoints.adminCourseFee.update, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'applicants'] }),
      ]),
  });
}
