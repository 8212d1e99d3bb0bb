import type {
  NoticeAudienceQuery,
  NoticeBody,
  NoticeRow,
  NoticeUpdateBody,
  PublisherRow,
} from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type SortOf } from '../../../lib/api';
import { type ListPage, pageQuery } from '../../../lib/list-search';
import { paths } from '../../../lib/paths';

/** Admin notices (SPEC §7 "Admin notices"): list, detail, publisher list, course search, add, update. */
const KEY = ['admin', 'notices'] as const;

// ---- list (/admin/notification) ----

/** The search fields of the notice list (SPEC §5), in form order. */
export const NOTICE_SEARCH_FIELDS = [
  'title',
  'category_id',
  'is_control',
  'published_to',
  'generation_id',
  'course_id',
] as const;
export type NoticeSearchField = (typeof NOTICE_SEARCH_FIELDS)[number];
/** The list's search conditions without paging: every value a string ('' = not given). */
export type NoticeSearch = Record<NoticeSearchField, string>;

export const emptyNoticeSearch = (): NoticeSearch =>
  Object.fromEntries(NOTICE_SEARCH_FIELDS.map((field) => [field, ''])) as NoticeSearch;

export type { ListPage };

/** GET /api/admin/notice/list/: one page and the total (decision 008); the previous page stays while the next loads. */
export const noticeListQuery = (search: NoticeSearch, page: ListPage) =>
  queryOptions({
    queryKey: [...KEY, 'list', search, pageQuery(page)],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminNotices.list,
        { ...search, ...pageQuery<SortOf<typeof endpoints.adminNotices.list>>(page) },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

/** The CSV downloads take at most this many rows (100 pages of 100); the screens say so when a search is larger. */
export const NOTICE_CSV_MAX_ROWS = 10_000;
const CSV_PAGE_SIZE = 100;

/** Every row of a paged search (in the table's order), page by page, at most NOTICE_CSV_MAX_ROWS. */
async function fetchAllPages<Row>(
  fetchPage: (page: number) => Promise<{ data_list: Row[]; total: number; page: number }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < NOTICE_CSV_MAX_ROWS; page++) {
    const answer = await fetchPage(page);
    rows.push(...answer.data_list);
    // a page past the end answers the last page again: stop at the total
    if (answer.page < page || rows.length >= answer.total || answer.data_list.length < CSV_PAGE_SIZE) break;
  }
  return rows.slice(0, NOTICE_CSV_MAX_ROWS);
}

export const fetchNoticesForCsv = (search: NoticeSearch, sort: Pick<ListPage, 'sort' | 'dir'>) =>
  fetchAllPages<NoticeRow>((page) =>
    call(endpoints.adminNotices.list, {
      ...search,
      ...pageQuery<SortOf<typeof endpoints.adminNotices.list>>({ page, size: CSV_PAGE_SIZE, ...sort }),
    }),
  );

// ---- detail ----

/** GET /api/admin/notice/detail/?id= (always read fresh: the form echoes its updated_at back). */
export const noticeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(endpoints.adminNotices.detail, { id: String(id) }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
    gcTime: 0,
  });

/** The notice of `id` (when `enabled`): a missing one (404) goes to /admin/404 (SPEC §2), others as SPEC §8. */
export function useNoticeDetail(id: number, enabled = true) {
  return useQuery({ ...noticeDetailQuery(id), enabled });
}

// ---- publisher list (detail tab 2) ----

export const PUBLISHER_SEARCH_FIELDS = ['student_id', 'name', 'name_kana', 'is_read'] as const;
export type PublisherSearchField = (typeof PUBLISHER_SEARCH_FIELDS)[number];
export type PublisherSearch = Record<Exclude<PublisherSearchField, 'is_read'>, string> & {
  /** '' all, '1' read, '0' unread */
  is_read: '' | '0' | '1';
};

export const emptyPublisherSearch = (): PublisherSearch => ({
  student_id: '',
  name: '',
  name_kana: '',
  is_read: '',
});

/**
 * GET /api/admin/notice/publisherList/: one page of the notice's audience with read times (decision 008:
 * who it is addressed to, whatever its publish state and period).
 */
export const publisherListQuery = (id: number, search: PublisherSearch, page: ListPage) =>
  queryOptions({
    queryKey: [...KEY, 'publishers', id, search, pageQuery(page)],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminNotices.publisherList,
        { id, ...search, ...pageQuery<SortOf<typeof endpoints.adminNotices.publisherList>>(page) },
        { signal },
      ),
    placeholderData: (previous) => previous,
    // read times change as students open the notice: each visit asks again
    staleTime: 0,
  });

export const fetchPublishersForCsv = (
  id: number,
  search: PublisherSearch,
  sort: Pick<ListPage, 'sort' | 'dir'>,
) =>
  fetchAllPages<PublisherRow>((page) =>
    call(endpoints.adminNotices.publisherList, {
      id,
      ...search,
      ...pageQuery<SortOf<typeof endpoints.adminNotices.publisherList>>({
        page,
        size: CSV_PAGE_SIZE,
        ...sort,
      }),
    }),
  );

// ---- how many it reaches (the confirm step) ----

/**
 * GET /api/admin/notice/audience/: whom saving the form would reach and mail, counted by the server with
 * the publish's own rules. A refusal (422: e.g. the chosen course has gone) is shown by the step itself;
 * registering would then be refused on the field.
 */
export const noticeAudienceQuery = (query: NoticeAudienceQuery) =>
  queryOptions({
    queryKey: [...KEY, 'audience', query],
    queryFn: ({ signal }) => call(endpoints.adminNotices.audience, query, { signal }),
    meta: { shows: [422] },
    // students and applications change: count again every time the confirm step opens
    staleTime: 0,
    gcTime: 0,
  });

// ---- add / update ----

/**
 * add (no id) or update (id + updated_at; 409 stale), answered with whom it reached; every notice query is
 * read again afterwards.
 */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeBody | NoticeUpdateBody) =>
      'id' in body ? call(endpoints.adminNotices.update, body) : call(endpoints.adminNotices.add, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
