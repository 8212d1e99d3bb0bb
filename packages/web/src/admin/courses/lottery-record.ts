import type { LotteryRecord } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import type { CsvCell } from '@manabi/shared/domain/csv';
import { LOTTERY_TIER_LABEL, type LotteryTier } from '@manabi/shared/domain/intake';

/**
 * The downloads of a lottery record (decision 015): the record as the server keeps it (JSON, what
 * `npm run lottery:verify` reads) and a CSV of the drawn order for the office's spreadsheet.
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
