import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { FINISHED_KEY } from '../../query-keys';

/**
 * GET /api/mypage/certificate/?id= — one 修了証; 404 (not finished, not the student's) goes to
 * /mypage/notfound. Under the course lists' key (FINISHED_KEY), so whatever makes the course lists read
 * again (`seatChanged`) reads it again too. The transcript's query is the my-page's transcript-query.ts.
 */
export const certificateQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...FINISHED_KEY, 'certificate', courseId],
    queryFn: () => call(endpoints.mypage.certificate, { id: String(courseId) }),
  });
