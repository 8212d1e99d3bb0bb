import type { LotteryRecord } from '@manabi/shared/api';
import { CSV_BOM, toCsv } from '@manabi/shared/domain/csv';
import { describe, expect, it } from 'vitest';
import { intakeStateText } from './applicant-columns';
import { drawOutcomeText, lotteryDefaults } from './lottery-modal';
import {
  entryTierText,
  promotionText,
  RECORD_CSV_HEADER,
  recordCsvRows,
  recordFileName,
  recordJson,
  tiersText,
  winNumText,
} from './lottery-record';
import { moveTier, tierRows } from './tier-picker';

const record = (patch: Partial<LotteryRecord> = {}): LotteryRecord => ({
  id: 9,
  course_id: 3,
  drawn_at: '2026-11-20T09:00:00.000Z',
  admin_name: '管理者',
  win_num: 1,
  waitlist: true,
  confirm_days: 7,
  tiers: ['ward_resident'],
  pool_size: 3,
  win_count: 1,
  wait_count: 2,
  lose_count: 0,
  override_reason: null,
  course_name: 'はじめての俳句',
  algorithm: 'manabi-lottery-v1',
  rank_offset: 0,
  pool_hash: 'p',
  seed_hash: 's',
  seed: 'x',
  entries: [
    { application_id: 12, tier: 1, key: '=cmd', place: 3, outcome: '5', waitlist_rank: 2 },
    { application_id: 10, tier: 0, key: 'aa', place: 1, outcome: '2', waitlist_rank: null },
    { application_id: 11, tier: 0, key: 'bb', place: 2, outcome: '5', waitlist_rank: 1 },
  ],
  ...patch,
});

describe('lottery record downloads', () => {
  it('names the JSON by the course code (else its id) and the run', () => {
    expect(recordFileName('C2610', 3, 9)).toBe('抽選記録_C2610_9.json');
    expect(recordFileName('', 3, 9)).toBe('抽選記録_3_9.json');
  });

  it('keeps the record as it is in the JSON', () => {
    expect(JSON.parse(recordJson(record()))).toEqual(record());
  });

  it('lists the entries in the drawn order with the tier, result and rank', () => {
    const rows = recordCsvRows(record());
    expect(RECORD_CSV_HEADER).toHaveLength(6);
    expect(rows.map((r) => r[0])).toEqual([1, 2, 3]);
    expect(rows[0]).toEqual([1, 10, '区内在住者優先', '当選', '', 'aa']);
    expect(rows[2]).toEqual([3, 12, '優先なし', '補欠', 2, '=cmd']);
    // a key that would start a formula is escaped by the shared CSV writer
    expect(CSV_BOM + toCsv([RECORD_CSV_HEADER, ...rows])).toContain(",'=cmd\r\n");
  });

  it('names tiers in short words', () => {
    expect(entryTierText(['first_timer', 'ward_resident'], 1)).toBe('区内在住者優先');
    expect(tiersText([])).toBe('なし');
    expect(tiersText(['previous_loser', 'ward_resident'])).toBe('前回落選者優先 → 区内在住者優先');
  });
});

describe('priority tiers', () => {
  it('lists ticked tiers first in their order', () => {
    expect(tierRows(['ward_resident'])).toEqual(['ward_resident', 'previous_loser', 'first_timer']);
  });

  it('moves a tier up or down, and not past either end', () => {
    expect(moveTier(['first_timer', 'ward_resident'], 'ward_resident', -1)).toEqual([
      'ward_resident',
      'first_timer',
    ]);
    expect(moveTier(['first_timer', 'ward_resident'], 'first_timer', -1)).toEqual([
      'first_timer',
      'ward_resident',
    ]);
    expect(moveTier(['first_timer'], 'ward_resident', 1)).toEqual(['first_timer']);
  });
});

describe('intakeStateText', () => {
  const base = {
    lottery_status: '2',
    waitlist_rank: null,
    confirm_by: null,
    confirmed_at: null,
    promoted_at: null,
    decline_reason: null,
  };
  it('says the waitlist rank, the deadline or 確定済み, a promotion and a lapse', () => {
    expect(intakeStateText({ ...base, lottery_status: '5', waitlist_rank: 3 })).toEqual(['補欠3番']);
    expect(intakeStateText({ ...base, confirm_by: '2026-11-30T14:59:00.000Z' })).toEqual([
      '確定期限 2026年11月30日 23:59',
    ]);
    expect(
      intakeStateText({
        ...base,
        confirm_by: '2026-11-30T14:59:00.000Z',
        confirmed_at: '2026-11-21T01:00:00.000Z',
        promoted_at: '2026-11-20T01:00:00.000Z',
      }),
    ).toEqual(['確定済み', '繰り上げ 2026年11月20日']);
    expect(intakeStateText({ ...base, lottery_status: '6', decline_reason: 'lapsed' })).toEqual([
      '辞退（期限切れ）',
    ]);
    expect(intakeStateText(base)).toEqual([]);
  });
});

describe('the lottery modal', () => {
  const intake = {
    course_id: 3,
    is_lottery: true,
    waitlist: '1' as const,
    confirm_days: '7',
    auto_promote: '1' as const,
    promote_until: '',
    tiers: [],
    seats: 2,
    updated_at: '',
    counts: { applied: 0, pending: 0, won: 0, confirmed: 0, waiting: 0, declined: 0, lost: 0, cancelled: 0 },
  };
  it('prefills 当選者数 with the seats the 定員 leaves, the last draw without one', () => {
    expect(lotteryDefaults(undefined, { capacity: 30, winners: 0 }).win_num).toBe('30');
    expect(lotteryDefaults(intake, { capacity: 30, winners: 28 }).win_num).toBe('2');
    expect(lotteryDefaults(intake, { capacity: 30, winners: 30 }).win_num).toBe('');
    expect(lotteryDefaults(intake, { capacity: null, winners: 2 }).win_num).toBe('2');
    expect(lotteryDefaults(undefined).win_num).toBe('');
  });
  it('says who will be told, by mail too, and that it is final', () => {
    expect(drawOutcomeText({ notify_count: 12, mail_count: 9 })).toBe(
      '12人に結果をお知らせします（うちメール 9人）。取り消せません。',
    );
  });
});

describe('a promotion under the draw it came from', () => {
  const promotion = {
    application_id: 41,
    drawn_rank: 3,
    waitlist_rank: 1,
    promoted_at: '2026-11-25T05:30:00.000Z',
    by: 'auto' as const,
    admin_name: '',
  };
  it('says when, which place (and the draw’s own when it has moved up) and how', () => {
    expect(promotionText(promotion)).toBe(
      '2026年11月25日 14:30　補欠1番（抽選では補欠3番）の方を当選に（申込ID 41）：空いた席に自動で繰り上げ',
    );
    expect(promotionText({ ...promotion, drawn_rank: 1, by: 'office', admin_name: '事務局 山田' })).toBe(
      '2026年11月25日 14:30　補欠1番の方を当選に（申込ID 41）：事務局の操作で繰り上げ（事務局 山田）',
    );
  });

  it('reads a draw for no seat as what it was, not as 当選者数 0人 alone', () => {
    expect(winNumText(2)).toBe('2人');
    expect(winNumText(0)).toBe('0人（当選者は出さず、補欠の順番だけを決めた抽選）');
  });
});
