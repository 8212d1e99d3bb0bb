import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api';
import { FINISHED_KEY } from './query-keys';

/**
 * GET /api/mypage/transcript/ — every finished course, first class day first, and the total of units: the
 * transcript page shows it, the course history links each finished course to its 修了証 by it.
 */
export const transcriptQuery = () =>
  queryOptions({
    queryKey: [...FINISHED_KEY, 'transcript'],
    queryFn: () => call(endpoints.mypage.transcript),
  });
