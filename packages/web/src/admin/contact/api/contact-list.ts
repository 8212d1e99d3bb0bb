import { endpoints } from '@manabi/shared/routes/endpoints';
import { contactSearchSchema } from '@manabi/shared/schemas/contact';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type SortOf, withQuery } from '../../../lib/api';
import { type ListPage, pageQuery, sortQuery } from '../../../lib/list-search';
import { parseSearch } from '../../../lib/search-state';
import { CONTACT_KEY } from '../../contact-call-api';

/**
 * 「連絡が必要な学生」 (decision 065): the list, its CSV and its address labels. Both authorities read the
 * list, each in the scope the server gives it; the labels are authority 1's.
 */

/** The list's conditions without paging: every value a string ('' = not given). */
export type ContactSearchValues = z.output<typeof contactSearchSchema>;

/** No conditions: the schema's defaults (the setting's days, every reason, every course). */
export const emptyContactSearch = (): ContactSearchValues =>
  parseSearch(contactSearchSchema, new URLSearchParams());

/**
 * GET /api/admin/contact/list/: one page, read afresh each time the page is shown (a call recorded, a letter
 * printed or a seat confirmed elsewhere takes a row off); the previous page stays shown while the next loads.
 */
export const contactListQuery = (search: ContactSearchValues, page: ListPage) =>
  queryOptions({
    queryKey: [...CONTACT_KEY, 'list', search, pageQuery(page)],
    queryFn: ({ signal }) =>
      call(
        endpoints.adminContact.list,
        { ...search, ...pageQuery<SortOf<typeof endpoints.adminContact.list>>(page) },
        { signal },
      ),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

/** GET /api/admin/contact/list/csv/: the whole search in the table's order, streamed by the server. */
export const contactCsvUrl = (search: ContactSearchValues, sort: Pick<ListPage, 'sort' | 'dir'>) =>
  withQuery(endpoints.adminContact.csv.path, { ...search, ...sortQuery(sort) });

/** GET /api/admin/contact/labels/csv/?source=contact: the address labels of the same search (authority 1). */
export const contactLabelsUrl = (search: ContactSearchValues) =>
  withQuery(endpoints.adminContact.labels.path, { source: 'contact', ...search });
