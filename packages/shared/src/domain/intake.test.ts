import { describe, expect, it } from 'vitest';
import { deadlineText, firstClassText, intakeMessage, nextStepText } from './intake';

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
