import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, withQuery } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Disclosure (保有個人情報の開示, decision 076): everything held about one student. */
const KEY = ['admin', 'students', 'disclosure'] as const;

/**
 * GET /api/admin/student/disclosure/?user_id=: read once per visit — every read is recorded in the audit log,
 * so no focus or remount asks again — and not kept once the page is left (one person's whole record).
 */
export const disclosureQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, userId],
    queryFn: () => call(endpoints.adminStudents.disclosure, { user_id: userId }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/** The same document as a file (`download=1`: Content-Disposition attachment), for a plain link. */
export const disclosureFileUrl = (userId: number) =>
  withQuery(endpoints.adminStudents.disclosure.path, { user_id: userId, download: '1' });
