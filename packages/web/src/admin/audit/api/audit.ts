import { endpoints } from '@manabi/shared/routes/endpoints';
import { type AUDIT_PAGE_SIZES, type AuditSearch, auditSearchSchema } from '@manabi/shared/schemas/audit';
import { queryOptions } from '@tanstack/react-query';
import { call, withQuery } from '../../../lib/api';
import { type ListPage, pageQuery } from '../../../lib/list-search';
import { parseSearch } from '../../../lib/search-state';

/** The audit log, readable (decision 067): one page of a search, the CSV of it, and the staff to choose from. */
const KEY = ['admin', 'audit'] as const;

type AuditPageSize = (typeof AUDIT_PAGE_SIZES)[number];

/** No conditions: every entry. */
export const emptyAuditSearch = (): AuditSearch => parseSearch(auditSearchSchema, new URLSearchParams());

/** GET /api/admin/audit/list/: read afresh each time (an act elsewhere adds an entry at the top). */
export const auditListQuery = (search: AuditSearch, page: ListPage) =>
  queryOptions({
    queryKey: [...KEY, 'list', search, page.page, page.size],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminAudit.list,
        // the table offers the sizes the call takes (10, 50, 100)
        { ...search, page: String(pageQuery(page).page), size: String(page.size) as AuditPageSize },
        { signal },
      ),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

/** GET /api/admin/audit/list/csv/: the whole search, newest first, streamed by the server. */
export const auditCsvUrl = (search: AuditSearch) => withQuery(endpoints.adminAudit.csv.path, search);

/** GET /api/admin/adminuser/list/: the staff a search may name (authority 1, as this page is). */
export const staffQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'staff'],
    queryFn: () => call(endpoints.adminUsers.list, { name: '' }),
    staleTime: 60_000,
  });
