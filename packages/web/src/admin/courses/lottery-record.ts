import type { LotteryRecord, LotteryRunSummary } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import type { CsvCell } from '@manabi/shared/domain/csv';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { LOTTERY_TIER_LABEL, type LotteryTier } from '@manabi/shared/domain/intake';

/**
 * The downloads of a lottery record (decision 015): the record as the server keeps it (JSON, what
 * `npm run lottery:verify` reads) and a CSV of the drawn order for the office's spreadsheet; and the words of
 * a draw's promotions.
 */

/** The tier's name without the explanation in brackets: 「区内在住者優先」. */
export const tierShortLabel = (tier: string): string =>
  (LOTTERY_TIER_LABEL[tier as LotteryTier] ?? tier).replace(/（.*）$/, '');

/** The priority tier of an entry: the run's tier at that index, 「優先なし」 past the last one. */
export function entryTierText(tiers: readonly string[], tier: number): string {
  const name = tiers[tier];
  return name === undefined ? '優先なし' : tierShortLabel(name);
}

/** 「区内在住者優先 → 初めての受講者優先」, or 「なし」. */
export const tiersText = (tiers: readonly string[]): string =>
  tiers.length ? tiers.map(tierShortLabel).join(' → ') : 'なし';

/** `抽選記録_{course code, else id}_{run id}.json` */
export function recordFileName(courseCode: string | undefined, courseId: number, runId: number): string {
  return `抽選記録_${courseCode || courseId}_${runId}.json`;
}

/** The record as it is (pretty-printed, nothing added or dropped). */
export const recordJson = (record: LotteryRecord): string => `${JSON.stringify(record, null, 2)}\n`;

export const RECORD_CSV_HEADER = ['順位', '申込ID', '優先区分', '結果', '補欠順位', '照合用の値(key)'];

/** One CSV row per entry in the drawn order (BOM and formula escaping: CsvDownload / shared toCsv). */
export function recordCsvRows(record: LotteryRecord): CsvCell[][] {
  return [...record.entries]
    .sort((a, b) => a.place - b.place)
    .map((e) => [
      e.place,
      e.application_id,
      entryTierText(record.tiers, e.tier),
      codeText('CD003', e.outcome),
      e.waitlist_rank ?? '',
      e.key,
    ]);
}

// ---- promotions (decision 086): no draw of their own, listed under the draw whose 補欠 they moved up ----

type RunPromotion = LotteryRunSummary['promotions'][number];

/** 「補欠1番」, and the draw's own place when the 補欠 had moved up since: 「補欠1番（抽選では補欠3番）」. */
function placeText(p: Pick<RunPromotion, 'drawn_rank' | 'waitlist_rank'>): string {
  const now = p.waitlist_rank ?? p.drawn_rank;
  if (now === null) return '補欠';
  return p.drawn_rank !== null && p.drawn_rank !== now
    ? `補欠${now}番（抽選では補欠${p.drawn_rank}番）`
    : `補欠${now}番`;
}

/** One promotion in words: when, which place, and how — by hand (by whom) or by itself into a freed seat. */
export function promotionText(p: RunPromotion): string {
  const how =
    p.by === 'office'
      ? `事務局の操作で繰り上げ${p.admin_name ? `（${p.admin_name}）` : ''}`
      : '空いた席に自動で繰り上げ';
  return `${formatDateTimeJa(p.promoted_at)}　${placeText(p)}の方を当選に（申込ID ${p.application_id}）：${how}`;
}

/** 当選者数 as the draw was asked: a draw for no seat only set the 補欠's order. */
export const winNumText = (winNum: number): string =>
  winNum === 0 ? '0人（当選者は出さず、補欠の順番だけを決めた抽選）' : `${winNum}人`;
