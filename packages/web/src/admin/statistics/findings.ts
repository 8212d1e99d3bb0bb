import { publicCount, SMALL_CELL } from '@manabi/shared/schemas/statistics';

/**
 * The words of the report: every chart's heading states what its numbers show, computed from the same rows
 * its table prints, so a reader who cannot see the chart reads the finding first.
 */

/** A ratio (0.8125) as a percent with one decimal (「81.3%」); 「対象なし」 when nothing was counted. */
export function percent(ratio: number | null): string {
  if (ratio === null) return '対象なし';
  return `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;
}

/** A count of people: in the public version, 1 and 2 print as 「3人未満」 (nobody can be picked out). */
export function people(n: number, isPublic: boolean): string {
  const text = isPublic ? publicCount(n) : String(n);
  return text === String(n) ? `${n.toLocaleString('ja-JP')}人` : text;
}

/** A plain count with its unit (「1,204件」). */
export function counted(n: number, unit: string): string {
  return `${n.toLocaleString('ja-JP')}${unit}`;
}

export interface Labelled {
  label: string;
  count: number;
}

/** The row with the largest count (the first of equals), or null when every count is 0. */
export function largest<Row>(rows: readonly Row[], value: (row: Row) => number): Row | null {
  let best: Row | null = null;
  for (const row of rows) if (value(row) > 0 && (best === null || value(row) > value(best))) best = row;
  return best;
}

/** 「最も多いのは 70〜74歳（412人）」; 「該当する人はいません」 when there is nobody. */
export function mostPeople(rows: readonly Labelled[], isPublic: boolean, what = '最も多いのは'): string {
  const top = largest(rows, (r) => r.count);
  if (!top) return '該当する人はいません';
  return `${what} ${top.label}（${people(top.count, isPublic)}）`;
}

/** The share of one row in all of them: 「区内の人が 68.2%（340人）」 (`who` names the people of the row). */
export function shareOf(
  rows: readonly Labelled[],
  label: string,
  isPublic: boolean,
  who = `${label}の人`,
): string {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const row = rows.find((r) => r.label === label);
  if (!row || row.count === 0 || total === 0) return `${who}はいません`;
  // a share of a small cell would give its count away (the total is printed beside it)
  if (isPublic && row.count < SMALL_CELL) return `${who}は ${people(row.count, true)}`;
  return `${who}が ${percent(row.count / total)}（${people(row.count, isPublic)}）`;
}

/** The session with the lowest attendance: 「出席率が最も低いのは第12回（71.4%）」. */
export function lowestSession(rows: readonly { no: number; rate: number | null }[]): string {
  let low: { no: number; rate: number } | null = null;
  for (const r of rows)
    if (r.rate !== null && (low === null || r.rate < low.rate)) low = { no: r.no, rate: r.rate };
  if (!low) return '出席の記録はまだありません';
  return `出席率が最も低いのは第${low.no}回（${percent(low.rate)}）`;
}

/** An age band as words: 〜54 → 「54歳以下」, 70〜74 → 「70〜74歳」, 80〜 → 「80歳以上」 (不明 stays). */
export function ageLabel(band: string): string {
  if (band.startsWith('〜')) return `${band.slice(1)}歳以下`;
  if (band.endsWith('〜')) return `${band.slice(0, -1)}歳以上`;
  return /\d$/.test(band) ? `${band}歳` : band;
}

/** 2026-05 → 「2026年5月」. */
export function monthLabel(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;
}

/** The month with the most applications: 「申込みが最も多かったのは 2026年5月（120件）」. */
export function busiestMonth(rows: readonly { month: string; applications: number }[]): string {
  const top = largest(rows, (r) => r.applications);
  if (!top) return 'この期間の申込みはありません';
  return `申込みが最も多かったのは ${monthLabel(top.month)}（${counted(top.applications, '件')}）`;
}

/**
 * The last year against the one before: 「2026年度の申込みは前の年度より 12件 増えました（300件 → 312件）」, or
 * 「同じでした」; with one year only, that year's number. Applications are 件 (one person applies to several).
 */
export function yearOverYear(rows: readonly { fy: number; applications: number }[]): string {
  const last = rows.at(-1);
  const before = rows.at(-2);
  if (!last) return '比べる年度がありません';
  if (!before) return `${last.fy}年度の申込みは ${counted(last.applications, '件')}`;
  const diff = last.applications - before.applications;
  const change =
    diff === 0 ? '同じでした' : `${counted(Math.abs(diff), '件')} ${diff > 0 ? '増えました' : '減りました'}`;
  return `${last.fy}年度の申込みは前の年度より ${change}（${counted(before.applications, '件')} → ${counted(last.applications, '件')}）`;
}
