import { endpoints } from '@manabi/shared/routes/endpoints';
import { LETTERS_MAX } from '@manabi/shared/schemas/contact';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call, withQuery } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { inBatches } from '../letter';

/**
 * The results of a course on paper (issue 35 §3, decision 065), authority 1 only: each applicant's newest
 * result notice as a letter, the record of the letters printed, and address labels as CSV.
 */
const KEY = ['admin', 'letters'] as const;

/** Whose letters: those who take no mail (or have none), or everyone told. */
export type LetterAudience = 'nomail' | 'all';

type LabelsQuery = CallInput<typeof endpoints.adminContact.labels>;

/**
 * GET /api/admin/contact/letters/?course_id=&who=&unprinted= — a missing course goes to /admin/404. Read afresh: the
 * page says which letters were printed, and another admin may have printed some a moment ago.
 */
export const lettersQuery = (courseId: number, who: LetterAudience, unprinted: boolean) =>
  queryOptions({
    queryKey: [...KEY, courseId, who, unprinted],
    queryFn: () =>
      call(endpoints.adminContact.letters, {
        course_id: String(courseId),
        who,
        unprinted: unprinted ? '1' : '',
      }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
  });

/**
 * POST /api/admin/contact/letters/printed/ for every letter given, LETTERS_MAX at a time (the call's
 * limit), then the letters are read again so each shows 印刷済み. Errors route as SPEC §8, but a 422 (an
 * id the server refuses) is shown by the page.
 */
export function useLettersPrinted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noticeIds: readonly number[]) => {
      let count = 0;
      for (const batch of inBatches(noticeIds, LETTERS_MAX)) {
        count += (await call(endpoints.adminContact.lettersPrinted, { notice_ids: batch })).count;
      }
      return count;
    },
    meta: { shows: [422] },
    // read again even after a failure: a batch before it was recorded
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/admin/contact/labels/csv/ — a link target (the browser saves the file the server streams). */
const labelsUrl = (query: LabelsQuery) => withQuery(endpoints.adminContact.labels.path, query);

/** The address labels of the same letters the page shows. */
export const letterLabelsUrl = (courseId: number, who: LetterAudience, unprinted: boolean) =>
  labelsUrl({ source: 'letters', course_id: String(courseId), who, unprinted: unprinted ? '1' : '' });

/** The address labels of every applicant of the course (the applicant tab). */
export const applicantLabelsUrl = (courseId: number) =>
  labelsUrl({ source: 'applicants', course_id: String(courseId) });
