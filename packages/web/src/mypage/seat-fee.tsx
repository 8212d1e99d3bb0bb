import type { MypageAppliedItem } from '@manabi/shared/api';
import { yenText } from '@manabi/shared/domain/fees';

type SeatFee = NonNullable<MypageAppliedItem['fee']>;

/**
 * A charged seat's payment (decision 077), in plain words: the amount, by when and how — 「あと○円」 after a
 * part payment — and, once paid, 「入金を確認しました（12月3日）」.
 */
export function SeatFeeBox({ fee }: { fee: SeatFee }) {
  if (fee.paid_text)
    return (
      <div className="rounded-8 border-2 border-success-line bg-success-tint p-3">
        <p className="text-std-17B-170 text-ink">
          受講料など {yenText(fee.amount)}：{fee.paid_text}
        </p>
      </div>
    );
  return (
    <div className="space-y-2 rounded-8 border-2 border-line p-3">
      <p className="text-std-17B-170 text-ink">
        お支払い：受講料と教材費あわせて {yenText(fee.amount)}
        {fee.pay_by_text ? `を、${fee.pay_by_text}お支払いください。` : 'をお支払いください。'}
      </p>
      {fee.remaining_text && (
        <p className="text-std-17N-170 text-ink">
          {yenText(fee.net_paid)}の入金を確認しました。{fee.remaining_text}です。
        </p>
      )}
      {fee.how_to_pay && (
        <p className="whitespace-pre-wrap text-std-17N-170 text-ink">お支払いの方法：{fee.how_to_pay}</p>
      )}
    </div>
  );
}
