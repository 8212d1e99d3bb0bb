import type { MypageAppliedItem } from '@manabi/shared/api';
import { deadlineText } from '@manabi/shared/domain/intake';
import { MSG } from '@manabi/shared/validation/messages';
import { useState } from 'react';
import { isApiError } from '../lib/api';
import { Button } from '../ui/button';
import { LazyModal, loadModal } from '../ui/lazy-modal';
import { LapsedSeatContact } from './courses/course-parts';
import { type SeatRef, useConfirmSeat, useDeclineSeat } from './seat-decision-api';
import { SeatFeeBox } from './seat-fee';

/** What the list item or the detail says of the student's seat (the server's fields, decision 015). */
export interface Seat extends SeatRef {
  course_name: string;
  lottery_status: string | null;
  confirm_by: string | null;
  confirmed: boolean;
  waitlist_rank: number | null;
  next_step: string;
  /** false for a first-come course (先着順) */
  is_lottery: boolean;
  /** CD004 of the application */
  attendance_status: string | null;
  /** a charged seat's payment (decision 077), null when nothing is asked */
  fee?: MypageAppliedItem['fee'];
  /** why a 辞退 came: a seat lost by a deadline says whom to call (decision 087) */
  decline_reason?: MypageAppliedItem['decline_reason'];
}

/**
 * The status as a student reads it: 「補欠 3番」 rather than the bare code word; 受講中 once they attend; and a
 * first-come seat 「受講が決まりました」, since no draw was won (decision 039).
 */
export function seatStatusText(
  seat: Pick<Seat, 'lottery_status' | 'waitlist_rank' | 'confirmed' | 'is_lottery' | 'attendance_status'>,
  text: string,
) {
  if (seat.attendance_status === '2') return '受講中';
  if (seat.attendance_status === '3') return '受講済み';
  if (seat.lottery_status === '5' && seat.waitlist_rank !== null) return `補欠 ${seat.waitlist_rank}番`;
  if (seat.lottery_status === '2' && !seat.is_lottery) return '受講が決まりました';
  if (seat.lottery_status === '2' && seat.confirmed) return '当選（受講確定）';
  return text;
}

/** The label of that status: a draw's result only where there was a draw and the student has not begun. */
export const seatStatusLabel = (seat: Pick<Seat, 'is_lottery' | 'attendance_status'>) =>
  seat.is_lottery && (seat.attendance_status ?? '1') === '1' ? '抽選状況' : '申込の状況';

/** Where 「辞退する」 and 「申込をキャンセルする」 are both offered, one sentence tells them apart. */
export const CANCEL_OR_DECLINE =
  'キャンセル：申込そのものを取り消します。辞退：当選した席をお返しします（次の補欠の方に回ります）。';

/**
 * A refusal in words: the server names a seat that moved on (cancelled, confirmed or declined already — in
 * another tab, say) and that is said as it is; any other 409 is the office's change meanwhile.
 */
const refusalText = (error: unknown) => {
  if (!isApiError(error)) return '';
  if (error.status === 409 && error.message === MSG.stale) {
    return '事務局で申込の内容が変わりました。最新の状態を表示しましたので、もう一度ご確認ください。';
  }
  if (error.status === 409) return `${error.message.replace(/。$/, '')}。最新の状態を表示しました。`;
  return error.message;
};

/**
 * The next step in one plain sentence and, for a winner who must still decide, 「受講を確定する」 and
 * 「辞退する」 (the latter asks once more: it cannot be undone, and the seat goes to the waitlist). The
 * outcome is announced in a live region.
 */
export function SeatDecision({
  seat,
  cancelable = false,
}: {
  seat: Seat;
  /** 「申込をキャンセルする」 is offered beside it: say how it differs from 辞退 */
  cancelable?: boolean;
}) {
  const confirm = useConfirmSeat();
  const decline = useDeclineSeat();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState('');
  const mustDecide = seat.lottery_status === '2' && seat.confirm_by !== null && !seat.confirmed;
  const busy = confirm.isPending || decline.isPending;

  const run = async (action: 'confirm' | 'decline') => {
    setRefusal('');
    try {
      if (action === 'confirm') await confirm.mutateAsync(seat);
      else await decline.mutateAsync(seat);
      setDone(
        action === 'confirm'
          ? `「${seat.course_name}」の受講を確定しました。`
          : `「${seat.course_name}」を辞退しました。`,
      );
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return (
    <div className="space-y-3">
      {seat.next_step && <p className="text-std-17N-170 text-ink">{seat.next_step}</p>}
      <LapsedSeatContact reason={seat.decline_reason} />
      {seat.fee && <SeatFeeBox fee={seat.fee} />}
      {mustDecide && cancelable && <p className="text-std-17N-170 text-ink">{CANCEL_OR_DECLINE}</p>}
      {mustDecide && (
        <div className="flex flex-wrap gap-4">
          <Button onPress={() => void run('confirm')} isDisabled={busy}>
            受講を確定する
            <span className="sr-only">（{seat.course_name}）</span>
          </Button>
          <Button
            variant="secondary"
            onHoverStart={() => void loadModal()}
            onFocus={() => void loadModal()}
            onPress={() => setAsking(true)}
            isDisabled={busy}
          >
            辞退する
            <span className="sr-only">（{seat.course_name}）</span>
          </Button>
        </div>
      )}
      <p role="status" className="text-std-17B-170 text-ink empty:hidden">
        {done}
      </p>
      <p role="alert" className="text-std-17B-170 text-error empty:hidden">
        {refusal}
      </p>
      <LazyModal
        isOpen={asking}
        onOpenChange={setAsking}
        title="受講を辞退しますか"
        size="sm"
        footer={(close) => (
          <div className="flex flex-wrap justify-end gap-4">
            <Button variant="secondary" onPress={close}>
              やめる
            </Button>
            <Button
              onPress={() => {
                close();
                void run('decline');
              }}
            >
              辞退する
            </Button>
          </div>
        )}
      >
        <p className="text-std-17N-170">
          「{seat.course_name}
          」を辞退すると、この講座は受講できなくなります。席は補欠の方に順番にお譲りします。
          {seat.confirm_by && `（確定の期限：${deadlineText(seat.confirm_by)}）`}
        </p>
      </LazyModal>
    </div>
  );
}
