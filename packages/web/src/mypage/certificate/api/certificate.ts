import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/**
 * The student's certificates and transcript. Under the course lists' key, so whatever makes the
 * course lists read again (lib: `seatChanged`) reads these again too.
 */
const KEY = ['mypage', 'courses', 'finished'] as const;

/** GET /api/mypage/certificate/?id= — 404 (not finished, not the student's) goes to /mypage/notfound. */
export const certificateQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...KEY, 'certificate', courseId],
    queryFn: () => call(endpoints.mypage.certificate, { id: String(courseId) }),
  });

/** GET /api/mypage/transcript/ — every finished course, first class day first, and the total of units. */
export const transcriptQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'transcript'],
    queryFn: () => call(endpoints.mypage.transcript),
  });
