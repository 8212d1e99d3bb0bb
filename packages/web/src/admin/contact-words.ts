import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { MAIL_STATES, type MailState } from '@manabi/shared/schemas/contact';

/**
 * How a personal notice reached the student, in the words both the contact list and the student's
 * 「連絡の記録」 use: the mail, the my-page, the letter (a line each, only those that apply).
 */
export function deliveryLines(n: {
  mail: MailState | null;
  read_at: string | null;
  letter_printed_at: string | null;
}): string[] {
  return [
    ...(n.mail ? [`メール：${MAIL_STATES[n.mail]}`] : []),
    `マイページ：${n.read_at ? `既読（${formatDateTimeJa(n.read_at)}）` : '未読'}`,
    ...(n.letter_printed_at ? [`郵送：${formatDateTimeJa(n.letter_printed_at)} 印刷`] : []),
  ];
}
