import { endpoints } from '@manabi/shared/routes/endpoints';
import type { StatisticsGroup, StatisticsTable } from '@manabi/shared/schemas/statistics';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, withQuery } from '../../../lib/api';
import { type PeriodParams, periodQuery } from '../period';

/** The statistics reads (decision 059): one query each, keyed by the period they read. */
export const STATISTICS_KEY = ['admin', 'statistics'] as const;
const KEY = STATISTICS_KEY;
const routes = endpoints.adminStatistics;

/**
 * A bad period (a hand-edited URL) answers 400/422 with the field to blame: the period form shows it on that
 * field, so the error is not routed to the error page.
 */
const meta = { shows: [400, 422] };

export const summaryQuery = (period: PeriodParams) =>
  queryOptions({
    queryKey: [...KEY, 'summary', period],
    queryFn: ({ signal }) => call(routes.summary, period, { signal }),
    meta,
  });

export const groupsQuery = (period: PeriodParams, group: StatisticsGroup, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'groups', period, group, page],
    queryFn: ({ signal }) => call(routes.groups, { ...period, group, page: String(page) }, { signal }),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
    meta,
  });

export const sessionsQuery = (period: PeriodParams) =>
  queryOptions({
    queryKey: [...KEY, 'sessions', period],
    queryFn: ({ signal }) => call(routes.sessions, period, { signal }),
    meta,
  });

export const studentsQuery = (period: PeriodParams) =>
  queryOptions({
    queryKey: [...KEY, 'students', period],
    queryFn: ({ signal }) => call(routes.students, period, { signal }),
    meta,
  });

export const trendsQuery = (period: PeriodParams) =>
  queryOptions({
    queryKey: [...KEY, 'trends', period],
    queryFn: ({ signal }) => call(routes.trends, period, { signal }),
    meta,
  });

/**
 * GET /api/admin/statistics/csv/: a plain link the browser downloads itself (the server streams the file with
 * its BOM and name), so a long table never passes through the page.
 */
export function csvHref(period: PeriodParams, table: StatisticsTable, isPublic = false): string {
  return withQuery(routes.csv.path, { ...periodQuery(period), table, public: isPublic ? '1' : undefined });
}
