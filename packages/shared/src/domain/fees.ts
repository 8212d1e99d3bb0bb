/**
 * Fees (decision 077): what a seat costs, by when it is paid, what the payments add up to, and what a
 * cancellation gives back. One place, so the my-page, the notices, the mails, the letters, the screens and
 * the server say the same amounts and the same words.
 */

import { groupDigits, tokyoParts, tokyoWeekday } from './dates';

/** payments.kind */
export const PAYMENT_KIND = { RECEIVED: '1', REFUNDED: '2' } as const;
export type PaymentKind = (typeof PAYMENT_KIND)[keyof typeof PAYMENT_KIND];
export const PAYMENT_KIND_LABEL: Record<PaymentKind, string> = { '1': '入金', '2': '返金' };

/** payments.method */
export const PAYMENT_METHODS = ['bank', 'counter', 'class', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  bank: '銀行振込',
  counter: '窓口',
  class: '初回の授業で',
  other: 'その他',
};

/** The longest pay-by period the office may set, in days after the 当選 or 繰り上げ. */
export const PAY_DAYS_MAX = 90;
/** The largest amount one payment row may carry, in yen. */
export const PAYMENT_AMOUNT_MAX = 10_000_000;

/** The fee columns of a course (SPEC's tuition_fee, tuition_fee1, material_cost), yen or null. */
export interface CourseFeeAmounts {
  tuition_fee: number | null;
  /** the aided tuition (受講料（補助）), charged instead of tuition_fee when the application has aid_tuition_fee */
  tuition_fee1: number | null;
  material_cost: number | null;
}

/** 受講料 + 教材費 of one seat: the aided tuition when the student has aid and the course names one. */
export function amountDue(course: CourseFeeAmounts, aid: boolean): number {
  const tuition = aid && course.tuition_fee1 !== null ? course.tuition_fee1 : (course.tuition_fee ?? 0);
  return Math.max(0, tuition) + Math.max(0, course.material_cost ?? 0);
}

/** 「3,000円」 */
export const yenText = (n: number): string => `${groupDigits(n)}円`;

/** 「12月10日（木）までに」: the pay-by deadline in words (a deadline is the end of its Tokyo day). */
export function payByText(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const p = tokyoParts(d);
  return `${Number(p.month)}月${Number(p.day)}日（${tokyoWeekday(d)}）までに`;
}

/** 「入金を確認しました（12月3日）」: `day` is the Tokyo day the money came in ('YYYY-MM-DD'), its receipt's day. */
export function paidText(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `入金を確認しました（${m}月${d}日）`;
}

export type PaymentState = 'none' | 'unpaid' | 'partial' | 'paid' | 'over';
export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  none: '支払いなし',
  unpaid: '未入金',
  partial: '一部入金',
  paid: '入金済み',
  over: '払いすぎ（返金が必要）',
};

/**
 * Where a seat stands: `due` is what it costs (null or 0 = nothing asked), `net` the payments received less
 * the refunds made.
 */
export function paymentState(due: number | null, net: number): PaymentState {
  if (!due) return net > 0 ? 'over' : 'none';
  if (net <= 0) return 'unpaid';
  if (net < due) return 'partial';
  return net === due ? 'paid' : 'over';
}

/** The fiscal year (年度, April to March) of a Tokyo day 'YYYY-MM-DD'. */
export function fiscalYearOf(day: string): number {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m >= 4 ? y : y - 1;
}

/** The first and last Tokyo day of a fiscal year. */
export function fiscalYearDays(year: number): { from: string; to: string } {
  return { from: `${year}-04-01`, to: `${year + 1}-03-31` };
}

/** Whole days from Tokyo day `from` to Tokyo day `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = (d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/**
 * The refund a cancellation of a paid seat is owed under the course's rule: everything paid (net) when it is
 * cancelled at least `refundDays` days before the first class, else nothing. No rule (null) or no dated first
 * class: nothing by rule (the office may still record one).
 */
export function refundDue(rule: {
  refundDays: number | null;
  firstClassDay: string | null;
  cancelDay: string;
  net: number;
}): number {
  if (rule.refundDays === null || rule.firstClassDay === null || rule.net <= 0) return 0;
  return daysBetween(rule.cancelDay, rule.firstClassDay) >= rule.refundDays ? rule.net : 0;
}

/** The refund rule in words, for the course page and the cancellation: 「初回の授業の7日前までの取消しは全額を返金します。」 */
export function refundRuleText(refundDays: number | null, note = ''): string {
  const rule =
    refundDays === null
      ? '取消しによる返金はありません。'
      : refundDays === 0
        ? '初回の授業の当日までの取消しは、全額を返金します。'
        : `初回の授業の${refundDays}日前までの取消しは、全額を返金します。それより後の取消しは返金しません。`;
  return note.trim() ? `${rule}${note.trim()}` : rule;
}

const DAY_MS = 86_400_000;
/** Tokyo keeps no summer time: its days start at 15:00 UTC. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;
/** A seat won after a fixed pay-by day has passed gets at least this many days to pay. */
export const LATE_WIN_PAY_DAYS = 3;

/** The end (23:59:59.999) of the Tokyo day that `at` falls in. */
function endOfTokyoDay(at: number): Date {
  const start = Math.floor((at + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
  return new Date(start + DAY_MS - 1);
}

/**
 * A seat's pay-by deadline under the course's rule, for a seat won (or moved up to) at `now`: the end of the
 * Tokyo day `payDays` days later, or the end of the fixed day `payByDate` — but never sooner than
 * LATE_WIN_PAY_DAYS days, so a 補欠 moved up after the fixed day still has time to pay. A shortened day
 * (`daySeconds`, the browser journeys' CONFIRM_DAY_SECONDS) is counted exactly, as the confirmation's is.
 * Null when the rule names no deadline.
 */
export function payByDeadline(
  rule: { payDays: number | null; payByDate: string | null },
  daySeconds: number,
  now: Date,
): Date | null {
  const realDay = daySeconds === DAY_MS / 1000;
  const after = (days: number) => {
    const at = now.getTime() + days * daySeconds * 1000;
    return realDay ? endOfTokyoDay(at) : new Date(at);
  };
  if (rule.payDays) return after(rule.payDays);
  if (!rule.payByDate) return null;
  const fixed = new Date(`${rule.payByDate}T23:59:59.999+09:00`);
  const soonest = after(LATE_WIN_PAY_DAYS);
  return fixed.getTime() >= soonest.getTime() ? fixed : soonest;
}
