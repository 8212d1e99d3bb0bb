import { endpoints } from '@manabi/shared/routes/endpoints';
import { LETTERS_MAX } from '@manabi/shared/schemas/contact';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call, withQuery } from '../lib/api';
import { paths } from '../lib/paths';
import { inBatches } from './letter';

/**
 * Letters on paper (decision 065), authority 1 only: a course's results, or a notice to many, one letter per
 * student; the record of the letters printed; their address labels as CSV.
 */
const KEY = ['admin', 'letters'] as const;

/** Whose letters: those the mail does not reach, or everyone (the source says who that is). */
export type LetterAudience = 'nomail' | 'all';

/** What the letters carry: a course's results, or one notice to many. */
export type LetterSource = { course_id: number } | { notice_id: number };

type LabelsQuery = CallInput<typeof endpoints.adminContact.labels>;

const sourceQuery = (source: LetterSource) =>
  'course_id' in source ? { course_id: String(source.course_id) } : { notice_id: String(source.notice_id) };

/**
 * GET /api/admin/contact/letters/?course_id=|notice_id=&who=&unprinted= — a missing course or notice goes to
 * /admin/404. Read afresh: the page says which letters were printed, and another admin may have printed some
 * a moment ago.
 */
export const lettersQuery = (source: LetterSource, who: LetterAudience, unprinted: boolean) =>
  queryOptions({
    queryKey: [...KEY, source, who, unprinted],
    queryFn: () =>
      call(endpoints.adminContact.letters, { ...sourceQuery(source), who, unprinted: unprinted ? '1' : '' }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/**
 * POST /api/admin/contact/letters/printed/ for every letter given (its notice and student), LETTERS_MAX at
 * a time (the call's limit), then the letters are read again so each shows 印刷済み. Errors route as SPEC
 * §8, but a 422 (a letter the server refuses) is shown by the page.
 */
export function useLettersPrinted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (letters: readonly { notice_id: number; user_id: number }[]) => {
      let count = 0;
      for (const batch of inBatches(letters, LETTERS_MAX)) {
        const pairs = batch.map((l) => ({ notice_id: l.notice_id, user_id: l.user_id }));
        count += (await call(endpoints.adminContact.lettersPrinted, { letters: pairs })).count;
      }
      return count;
    },
    meta: { shows: [422] },
    // read again even after a failure: a batch before it was recorded
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/admin/contact/labels/csv/ — a link target (the browser saves the file the server streams). */
export const labelsUrl = (query: LabelsQuery) => withQuery(endpoints.adminContact.labels.path, query);

/** The address labels of the same letters the page shows. */
export const letterLabelsUrl = (source: LetterSource, who: LetterAudience, unprinted: boolean) =>
  labelsUrl({ source: 'letters', ...sourceQuery(source), who, unprinted: unprinted ? '1' : '' });
