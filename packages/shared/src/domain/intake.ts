/**
 * The intake cycle's words and rules shared by the server (notices, mails) and the screens (issue 14,
 * docs/decisions/015-intake-cycle.md): priority tiers, and what each result tells the student to do next.
 * One place, so the my-page, the mail and the personal notice say the same thing.
 */

import { formatDateJa, tokyoParts, tokyoWeekday } from './dates';
import { payByText, yenText } from './fees';

/** Priority tiers the office may rank before the random order, highest first. */
export const LOTTERY_TIERS = ['previous_loser', 'first_timer', 'ward_resident'] as const;
export type LotteryTier = (typeof LOTTERY_TIERS)[number];

export const LOTTERY_TIER_LABEL: Record<LotteryTier, string> = {
  previous_loser: '前回落選者優先（過去1年の抽選で落選・補欠のまま終わった方）',
  first_timer: '初めての受講者優先（受講したことがない方）',
  ward_resident: '区内在住者優先',
};

/** A confirmation period the office may set, in days (1–60). */
export const CONFIRM_DAYS_MAX = 60;

/** 「2026年11月30日（月）23時59分」 in Asia/Tokyo. */
export function deadlineText(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const p = tokyoParts(d);
  return `${Number(p.year)}年${Number(p.month)}月${Number(p.day)}日（${tokyoWeekday(d)}）${Number(p.hour)}時${p.minute}分`;
}

export type IntakeMessageKind =
  | 'won'
  | 'waitlisted'
  | 'lost'
  | 'promoted'
  | 'lapsed'
  /** the seat lapsed unpaid past its pay-by deadline (辞退（未入金）) */
  | 'unpaid'
  /** a seat already won is asked to pay (the office turned payment on for the course) */
  | 'charged'
  /** the office confirmed or declined the seat for the student (by telephone, at the counter, by post) */
  | 'confirmedByOffice'
  | 'declinedByOffice';

/** A course's first class: its Tokyo day ('YYYY-MM-DD') and start ('HH:MM'), decision 028. */
export interface FirstClass {
  day: string;
  start: string;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** 「初回の授業は12月10日（木）18:00からです。」 — a wall-clock day, so no time zone can move it. */
export function firstClassText({ day, start }: FirstClass): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `初回の授業は${m}月${d}日（${weekday}）${start}からです。`;
}

export interface IntakeMessageInput {
  kind: IntakeMessageKind;
  courseName: string;
  /** a winner's confirm-by deadline (ISO), when the course asks winners to confirm */
  confirmBy?: string | null;
  waitlistRank?: number | null;
  /** the course's first class, when it has dated sessions: a winner is told when to come */
  firstClass?: FirstClass | null;
  /** how the office heard the student's wish (「お電話」「窓口」「郵送・FAX」), for a decision taken for them */
  channel?: string;
  /** what a charged seat costs and by when (a course that asks payment before the first class) */
  fee?: SeatFee | null;
  /** a seat lost by the rules: the deadline it missed (ISO) */
  lapsedDeadline?: string | null;
  /** whom to call: the office's telephone and its hours */
  office?: OfficeContact | null;
}

/** The office as a student reaches it: its telephone (OFFICE_PHONE) and the hours it answers (OFFICE_HOURS). */
export interface OfficeContact {
  phone: string;
  hours: string;
}

/** 「事務局（電話 03-0000-0000、平日 9:00〜17:00）」; 「事務局」 alone when the number is not known. */
export function officeText(office: OfficeContact | null | undefined): string {
  const phone = office?.phone.trim() ?? '';
  if (!phone) return '事務局';
  const hours = office?.hours.trim() ?? '';
  return `事務局（電話 ${phone}${hours ? `、${hours}` : ''}）`;
}

/** 「12月9日」 in Asia/Tokyo: the day a deadline fell on. */
function dayText(iso: string | Date): string {
  const p = tokyoParts(typeof iso === 'string' ? new Date(iso) : iso);
  return `${Number(p.month)}月${Number(p.day)}日`;
}

/** Why a seat was given up (CD003 6): by the student or the office for her, or by the rules. */
export type DeclineReason = 'declined' | 'lapsed' | 'unpaid';

/**
 * What happened to a seat lost by the rules, in one sentence: the deadline missed and what it was for. The
 * my-page, the mail, the notice and the letter say it alike; null for a seat the student gave up herself.
 */
export function lapseText(reason: string | null | undefined, deadline: string | Date | null | undefined) {
  const when = deadline ? `（${dayText(deadline)}）` : '';
  if (reason === 'lapsed') return `確定の期限${when}までに手続きがなかったため、辞退の扱いになりました。`;
  if (reason === 'unpaid')
    return `お支払いの期限${when}までに入金が確認できなかったため、辞退の扱いになりました。`;
  return null;
}

/** A charged seat: its amount (受講料＋教材費), its pay-by deadline (ISO; none when the rule names no day), how to pay. */
export interface SeatFee {
  amount: number;
  payBy: string | null;
  howToPay: string;
  /** whether an unpaid seat lapses by itself at the deadline */
  autoLapse?: boolean;
}

/** The lines of a result that tell a charged seat what to pay, how and by when. */
export function feeLines(fee: SeatFee | null | undefined): string[] {
  if (!fee || fee.amount <= 0) return [];
  const how = fee.howToPay.trim();
  return [
    fee.payBy
      ? `受講料と教材費あわせて${yenText(fee.amount)}を、${payByText(fee.payBy)}お支払いください。`
      : `受講料と教材費あわせて${yenText(fee.amount)}をお支払いください。`,
    ...(how ? [`お支払いの方法：${how}`] : []),
    ...(fee.payBy && fee.autoLapse !== false
      ? ['期限までにお支払いが確認できないときは辞退したものとして扱い、補欠の方に順番をお譲りします。']
      : []),
  ];
}

const CONFIRM_HOW = 'マイページの「申込状況」から、この講座の「受講を確定する」を押してください。';
const DECLINE_HOW =
  '受講できない場合は「辞退する」を押してください。期限までに確定されないときは辞退したものとして扱い、補欠の方に順番をお譲りします。';

/**
 * A result that asks for an answer, as it is posted (decision 087): the my-page's buttons give way to what a
 * student without a computer can do — telephone the office in its hours, or send back the reply slip below
 * the letter — and the my-page stays a way for those who use it. Words that are not the buttons' are kept
 * as they are; a result written in other words has the paper's way added at its end.
 */
export function paperAnswerBody(body: string, office: OfficeContact | null | undefined): string {
  const how = [
    `受講するかどうかを、${officeText(office)}へのお電話か、下の返信票でお知らせください。`,
    '返信票は、期限までに届くように郵送するか、事務局の窓口にお持ちください。',
  ];
  const decline = [
    '期限までにお返事がないときは辞退したものとして扱い、補欠の方に順番をお譲りします。',
    'マイページをお使いの方は、マイページの「申込状況」からも手続きできます。',
  ];
  const lines = body.split('\n');
  if (!lines.includes(CONFIRM_HOW)) return [...lines, ...how, ...decline].join('\n');
  return lines
    .flatMap((line) => (line === CONFIRM_HOW ? how : line === DECLINE_HOW ? decline : [line]))
    .join('\n');
}

/** The personal notice (and mail) of a result: title and plain-Japanese text with what to do next. */
export function intakeMessage({
  kind,
  courseName,
  confirmBy,
  waitlistRank,
  firstClass,
  channel,
  fee,
  lapsedDeadline,
  office,
}: IntakeMessageInput): {
  title: string;
  body: string;
} {
  const when = firstClass ? [firstClassText(firstClass)] : [];
  const confirm = confirmBy
    ? [
        `${deadlineText(confirmBy)}までに、受講するかどうかを決めてください。`,
        CONFIRM_HOW,
        DECLINE_HOW,
        ...when,
      ]
    : [
        `${firstClass ? `${firstClassText(firstClass)}お越しください。` : '初回の授業にお越しください。'}受講できなくなった場合は、マイページの「申込状況」からキャンセルしてください。`,
      ];
  switch (kind) {
    case 'won':
      return {
        title: `【抽選結果】「${courseName}」に当選しました`,
        body: ['抽選の結果、当選しました。', ...confirm, ...feeLines(fee)].join('\n'),
      };
    case 'promoted':
      return {
        title: `【繰り上げ当選】「${courseName}」を受講できるようになりました`,
        body: ['席が空いたため、補欠から繰り上げて当選となりました。', ...confirm, ...feeLines(fee)].join(
          '\n',
        ),
      };
    case 'waitlisted':
      return {
        title: `【抽選結果】「${courseName}」の補欠${waitlistRank ?? ''}番になりました`,
        body: [
          `抽選の結果、補欠${waitlistRank ?? ''}番になりました。`,
          '当選した方が辞退した場合などに、補欠の番号の順に繰り上げて当選とします。',
          '繰り上げになったときは、あらためてお知らせします。いまは何もする必要はありません。',
        ].join('\n'),
      };
    case 'lost':
      return {
        title: `【抽選結果】「${courseName}」の抽選結果のお知らせ`,
        body: [
          '抽選の結果、残念ながら今回はご希望に添えませんでした。',
          'ほかにも申込みを受け付けている講座があります。マイページの「講座をさがす」からご覧ください。',
        ].join('\n'),
      };
    case 'confirmedByOffice':
      return {
        title: `【受講確定】「${courseName}」の受講を確定しました`,
        body: [
          `${channel ?? '事務局'}で承ったご意向により、事務局が受講の確定の手続きをしました。`,
          firstClass ? `${firstClassText(firstClass)}お越しください。` : '初回の授業にお越しください。',
          'お心当たりのない場合は、事務局までお問い合わせください。',
        ].join('\n'),
      };
    case 'declinedByOffice':
      return {
        title: `【辞退】「${courseName}」の辞退を承りました`,
        body: [
          `${channel ?? '事務局'}で承ったご意向により、事務局が辞退の手続きをしました。`,
          'お心当たりのない場合は、事務局までお問い合わせください。',
        ].join('\n'),
      };
    case 'lapsed':
      return {
        title: `【受講確定の期限切れ】「${courseName}」を辞退扱いとしました`,
        body: [
          lapseText('lapsed', lapsedDeadline),
          `お心当たりのない場合や、ご事情があった場合は、${officeText(office)}までお電話ください。`,
        ].join('\n'),
      };
    case 'charged':
      return {
        title: `【お支払いのお願い】「${courseName}」の受講料について`,
        body: [
          `当選している「${courseName}」は、初回の授業の前にお支払いが必要になりました。`,
          ...feeLines(fee),
          'お支払いの状況は、マイページの「申込状況」でご確認いただけます。',
        ].join('\n'),
      };
    case 'unpaid':
      return {
        title: `【お支払い期限切れ】「${courseName}」を辞退扱いとしました`,
        body: [
          lapseText('unpaid', lapsedDeadline),
          `すでにお支払いになった場合や、お心当たりのない場合は、${officeText(office)}までお電話ください。`,
        ].join('\n'),
      };
  }
}

/** What a status means for the student now (申込状況, the course detail), one sentence. */
export function nextStepText(a: {
  lottery_status: string;
  waitlist_rank?: number | null;
  confirm_by?: string | null;
  confirmed?: boolean;
  /** the end of the application period (ISO): when the result comes */
  period_to?: string | null;
  /** false for a first-come course: its seat is not won in a draw (「受講が決まりました」, not 当選) */
  is_lottery?: boolean;
  /** CD004: once the student attends, that is where they stand */
  attendance_status?: string | null;
  /** the course's first class, when it has dated sessions: a winner is told when to come */
  first_class?: FirstClass | null;
  /** why a 辞退 (6) came: the student's own choice, or a deadline missed */
  decline_reason?: string | null;
  /** the deadline a lapsed seat missed */
  lapsed_deadline?: string | null;
}): string {
  if (a.attendance_status === '2') return '受講中です。講座が終わると「受講履歴」に移ります。';
  if (a.attendance_status === '3')
    return '受講を終えました。取得した単位は「受講履歴」でご確認いただけます。';
  switch (a.lottery_status) {
    case '1': {
      const end = formatDateJa(a.period_to);
      return end
        ? `抽選の結果は、申込期間が終わる${end}のあと、マイページとメールでお知らせします。`
        : '抽選の結果は、申込期間が終わったあとにマイページとメールでお知らせします。';
    }
    case '2': {
      const first = a.first_class ? firstClassText(a.first_class) : '';
      const come = a.first_class ? `${first}お越しください。` : '初回の授業にお越しください。';
      if (a.confirmed) return `受講が確定しています。${come}`;
      if (a.confirm_by)
        return `${deadlineText(a.confirm_by)}までに「受講を確定する」か「辞退する」を押してください。${first}`;
      return a.is_lottery === false ? `受講が決まりました。${come}` : `当選しました。${come}`;
    }
    case '3':
      return '今回は落選となりました。ほかの講座もご覧ください。';
    case '5':
      return `補欠${a.waitlist_rank ?? ''}番です。席が空いたら順番に繰り上げ、マイページとメールでお知らせします。`;
    case '6': {
      const lapse = lapseText(a.decline_reason, a.lapsed_deadline);
      return lapse ? `${lapse}お心当たりのない場合は、事務局までお電話ください。` : '辞退しました。';
    }
    default:
      return '';
  }
}
