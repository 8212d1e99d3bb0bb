import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api';

/**
 * GET /api/mypage/checkin-code/: the code the student ID shows as a QR code at the venue. It is
 * accepted for one to two minutes, so it is never kept: read afresh each time, dropped once unused. A
 * network failure or a busy server is shown beside the QR code (the card stays open), not routed away.
 */
export const checkinCodeQuery = () =>
  queryOptions({
    queryKey: ['mypage', 'checkin-code'] as const,
    queryFn: () => call(endpoints.mypage.checkinCode),
    staleTime: 0,
    gcTime: 0,
    meta: { shows: [0, 500, 502, 503, 504] },
  });
