import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/**
 * GET /api/admin/course/certificates/?id= (authority 1) — 404, and 403 for authority 2, go to
 * /admin/404, as the course detail's do (SPEC §2, §6).
 */
export const courseCertificatesQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'courses', 'certificates', id],
    queryFn: () => call(endpoints.adminCourses.certificates, { id: String(id) }),
    meta: { notFoundTo: paths.admin.notFound(), forbiddenIsNotFound: true },
    // printed as it is now: never an old list of who finished
    staleTime: 0,
  });
