import { describe, expect, it } from 'vitest';
import {
  deadlineText,
  firstClassText,
  intakeMessage,
  nextStepText,
  officeText,
  paperAnswerBody,
} from './intake';

describe('[shared][intake] the sentences a student reads', () => {
  it('says when the result comes, what a winner must do by when, and where a 補欠 stands', () => {
    // 2026-11-30 14:59:59Z is 23:59 in Tokyo on a Monday
    expect(deadlineText('2026-11-30T14:59:59Z')).toBe('2026年11月30日（月）23時59分');
    expect(nextStepText({ lottery_status: '1', period_to: '2026-12-04T08:00:00Z' })).toBe(
      '抽選の結果は、申込期間が終わる2026年12月4日のあと、マイページとメールでお知らせします。',
    );
    expect(nextStepText({ lottery_status: '1' })).toContain('申込期間が終わったあと');
    expect(nextStepText({ lottery_status: '2', confirm_by: '2026-11-30T14:59:59Z' })).toBe(
      '2026年11月30日（月）23時59分までに「受講を確定する」か「辞退する」を押してください。',
    );
    expect(
      nextStepText({ lottery_status: '2', confirm_by: '2026-11-30T14:59:59Z', confirmed: true }),
    ).toContain('受講が確定しています');
    expect(nextStepText({ lottery_status: '5', waitlist_rank: 3 })).toContain('補欠3番です。');
    expect(nextStepText({ lottery_status: '4' })).toBe('');
  });

  it('the mail and the notice of a result carry the same deadline', () => {
    const won = intakeMessage({ kind: 'won', courseName: '俳句', confirmBy: '2026-11-30T14:59:59Z' });
    expect(won.title).toBe('【抽選結果】「俳句」に当選しました');
    expect(won.body).toContain('2026年11月30日（月）23時59分までに');
    expect(intakeMessage({ kind: 'waitlisted', courseName: '俳句', waitlistRank: 2 }).title).toContain(
      '補欠2番',
    );
  });

  it('a first-come seat is not 当選, and an attended course says 受講中', () => {
    expect(nextStepText({ lottery_status: '2', is_lottery: false })).toBe(
      '受講が決まりました。初回の授業にお越しください。',
    );
    expect(nextStepText({ lottery_status: '2', is_lottery: true })).toBe(
      '当選しました。初回の授業にお越しください。',
    );
    expect(nextStepText({ lottery_status: '2', is_lottery: false, attendance_status: '2' })).toContain(
      '受講中です。',
    );
  });
});

describe('the first class day in a winner’s words', () => {
  const first = { day: '2026-12-10', start: '18:00' };
  it('names the day, its weekday and the start', () => {
    expect(firstClassText(first)).toBe('初回の授業は12月10日（木）18:00からです。');
  });
  it('is in the result, the promotion and the status text of a winner, not of a 補欠', () => {
    const won = intakeMessage({ kind: 'won', courseName: '俳句', firstClass: first });
    expect(won.body).toContain('初回の授業は12月10日（木）18:00からです。');
    const promoted = intakeMessage({
      kind: 'promoted',
      courseName: '俳句',
      confirmBy: '2026-11-30T14:59:59.999Z',
      firstClass: first,
    });
    expect(promoted.body).toContain('初回の授業は12月10日（木）18:00からです。');
    expect(intakeMessage({ kind: 'waitlisted', courseName: '俳句', waitlistRank: 2 }).body).not.toContain(
      '初回',
    );
    expect(nextStepText({ lottery_status: '2', first_class: first })).toBe(
      '当選しました。初回の授業は12月10日（木）18:00からです。お越しください。',
    );
    expect(nextStepText({ lottery_status: '2' })).toBe('当選しました。初回の授業にお越しください。');
  });
});

describe('a seat lost by the rules, in the student’s words (decision 087)', () => {
  // 2026-12-09 23:59:59.999 in Tokyo
  const missed = '2026-12-09T14:59:59.999Z';
  const office = { phone: '03-1234-5678', hours: '平日 9:00〜17:00' };

  it('says which deadline was missed and that it was the rule, not the student’s choice', () => {
    expect(nextStepText({ lottery_status: '6', decline_reason: 'lapsed', lapsed_deadline: missed })).toBe(
      '確定の期限（12月9日）までに手続きがなかったため、辞退の扱いになりました。お心当たりのない場合は、事務局までお電話ください。',
    );
    expect(
      nextStepText({ lottery_status: '6', decline_reason: 'unpaid', lapsed_deadline: missed }),
    ).toContain('お支払いの期限（12月9日）までに入金が確認できなかったため、辞退の扱いになりました。');
    // a seat that lapsed before its day was kept still says what happened
    expect(nextStepText({ lottery_status: '6', decline_reason: 'lapsed' })).toContain(
      '確定の期限までに手続きがなかったため',
    );
    expect(nextStepText({ lottery_status: '6', decline_reason: 'declined' })).toBe('辞退しました。');
    expect(nextStepText({ lottery_status: '6' })).toBe('辞退しました。');
  });

  it('the mail and the notice say whom to call, with the telephone and its hours', () => {
    const lapsed = intakeMessage({ kind: 'lapsed', courseName: '俳句', lapsedDeadline: missed, office });
    expect(lapsed.body).toBe(
      [
        '確定の期限（12月9日）までに手続きがなかったため、辞退の扱いになりました。',
        'お心当たりのない場合や、ご事情があった場合は、事務局（電話 03-1234-5678、平日 9:00〜17:00）までお電話ください。',
      ].join('\n'),
    );
    const unpaid = intakeMessage({ kind: 'unpaid', courseName: '俳句', lapsedDeadline: missed, office });
    expect(unpaid.body).toContain('お支払いの期限（12月9日）までに入金が確認できなかったため');
    expect(unpaid.body).toContain('事務局（電話 03-1234-5678、平日 9:00〜17:00）までお電話ください。');
    expect(officeText({ phone: '03-1234-5678', hours: '' })).toBe('事務局（電話 03-1234-5678）');
    expect(officeText(null)).toBe('事務局');
  });
});

describe('a result that asks for an answer, as it is posted (decision 087)', () => {
  const office = { phone: '03-1234-5678', hours: '平日 9:00〜17:00' };
  const won = intakeMessage({
    kind: 'won',
    courseName: '俳句',
    confirmBy: '2026-12-09T14:59:59.999Z',
    firstClass: { day: '2026-12-10', start: '18:00' },
  });

  it('asks for a telephone call or the reply slip, not a button, keeping the deadline and the rest', () => {
    const paper = paperAnswerBody(won.body, office);
    expect(paper).not.toContain('を押してください');
    expect(paper).toContain('2026年12月9日（水）23時59分までに、受講するかどうかを決めてください。');
    expect(paper).toContain(
      '受講するかどうかを、事務局（電話 03-1234-5678、平日 9:00〜17:00）へのお電話か、下の返信票でお知らせください。',
    );
    expect(paper).toContain('期限までにお返事がないときは辞退したものとして扱い');
    expect(paper).toContain('初回の授業は12月10日（木）18:00からです。');
    // the my-page stays a way for those who use it
    expect(paper).toContain('マイページの「申込状況」からも手続きできます。');
  });

  it('adds the way to answer to a result in other words', () => {
    const paper = paperAnswerBody('日程が変わりました。', office);
    expect(paper.split('\n')[0]).toBe('日程が変わりました。');
    expect(paper).toContain('下の返信票でお知らせください。');
  });
});
