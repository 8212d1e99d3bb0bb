/** The confirmation mails of the my-page course calls (plain text, the office footer of platform/mail). */
import type { Config } from '../../config';
import type { courses } from '../../db/schema';
import { officeFooter } from '../../platform/mail';

type Course = typeof courses.$inferSelect;

/** The confirmation mail of an application or a cancellation (plain text). */
export function courseMail(
  config: Pick<Config, 'publicUrl' | 'officeMail' | 'officePhone'>,
  kind: 'apply' | 'waitlist' | 'cancel',
  name: string,
  c: Pick<Course, 'name' | 'organ' | 'period' | 'isLottery'>,
  /** lines after the lead: what a first-come seat costs, how and by when it is paid */
  extra: readonly string[] = [],
) {
  const appliedUrl = new URL('/mypage/course/applied', config.publicUrl).toString();
  const lead =
    kind === 'apply'
      ? [
          '次の講座の申込みを受け付けました。',
          c.isLottery
            ? '受講できるかどうかは抽選で決まります。抽選の結果は、マイページの「申込状況」でお知らせします。'
            : '先着順の講座のため、受講が決まりました。',
        ]
      : kind === 'waitlist'
        ? [
            '次の講座は定員に達していたため、順番待ち（補欠）として申込みを受け付けました。',
            '席が空いたら申込みの順に繰り上げ、マイページとメールでお知らせします。いまは何もする必要はありません。',
          ]
        : ['次の講座の申込みをキャンセルしました。'];
  return {
    subject:
      kind === 'apply'
        ? '【まなび】講座の申込みを受け付けました'
        : kind === 'waitlist'
          ? '【まなび】講座の順番待ち（補欠）を受け付けました'
          : '【まなび】講座の申込みをキャンセルしました',
    body: [
      `${name} 様`,
      '',
      ...lead,
      ...extra,
      '',
      `講座名：${c.name}`,
      `実施機関：${c.organ}`,
      ...(c.period ? [`開催日：${c.period}`] : []),
      '',
      `申込状況の確認：${appliedUrl}`,
      '',
      ...officeFooter(config),
    ].join('\n'),
  };
}
