import { endpoints } from '@manabi/shared/routes/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api';
import { seatChanged } from './query-keys';

/** The seat a winner holds, as the list or the detail showed it (the application's updated_at). */
export interface SeatRef {
  course_id: number;
  application_updated_at: string | null;
}

type SeatDecision = typeof endpoints.mypage.courseConfirm | typeof endpoints.mypage.courseDecline;

const seatDecision = (decision: SeatDecision) => (seat: SeatRef) =>
  call(decision, { course_id: seat.course_id, updated_at: seat.application_updated_at ?? '' });

/**
 * 受講を確定する / 辞退する (the intake cycle, decision 015): the screen shows a refusal itself (409: the
 * office changed the application meanwhile; 422: nothing to confirm any more); every list is read again.
 */
function useSeatDecision(decision: SeatDecision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatDecision(decision),
    meta: { shows: [409, 422] },
    onSettled: () => seatChanged(queryClient),
  });
}
export const useConfirmSeat = () => useSeatDecision(endpoints.mypage.courseConfirm);
export const useDeclineSeat = () => useSeatDecision(endpoints.mypage.courseDecline);
