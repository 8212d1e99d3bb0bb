import { fiscalYearOf } from '@manabi/shared/domain/age';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { STATISTICS_FIRST_YEAR } from '@manabi/shared/schemas/statistics';

/**
 * The period of the statistics screen as it stands in the URL (`?fy=2026` or `?from=…&to=…`; neither means
 * the fiscal year of today, as the server reads it). The URL holds it so a view can be shared and the back
 * button returns to the previous one.
 */
export interface PeriodParams {
  fy: string;
  from: string;
  to: string;
}

/** How many fiscal years the picker offers: this one and the five before it. */
export const FISCAL_YEARS_OFFERED = 6;

export function periodFromSearch(params: URLSearchParams): PeriodParams {
  return { fy: params.get('fy') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/** The era name and year of a fiscal year, read at its first day (1 April): 2026 → 令和8, 2019 → 令和元. */
function eraYear(fy: number): string {
  // 令和 began on 1 May 2019, so fiscal 2019 opened in 平成 31; offices still call the whole year 令和元年度
  if (fy >= 2019) return fy === 2019 ? '令和元' : `令和${fy - 2018}`;
  return fy === 1989 ? '平成元' : `平成${fy - 1988}`;
}

/** 「2026年度（令和8年度）」: the Western and the Japanese year, both, as the office writes them. */
export function fiscalYearLabel(fy: number): string {
  return `${fy}年度（${eraYear(fy)}年度）`;
}

/** The fiscal years the picker offers, newest first (never before the first year the server accepts). */
export function fiscalYearChoices(today: string = todayTokyo()): { value: string; label: string }[] {
  const current = fiscalYearOf(today);
  const years: { value: string; label: string }[] = [];
  for (let fy = current; fy > current - FISCAL_YEARS_OFFERED && fy >= STATISTICS_FIRST_YEAR; fy -= 1) {
    years.push({ value: String(fy), label: fiscalYearLabel(fy) });
  }
  return years;
}

/** The period as words, from the server's answer: 「2026年度（令和8年度）」 or 「2026年4月1日〜2026年9月30日」. */
export function periodLabel(period: { from: string; to: string; fy: number | null }): string {
  if (period.fy !== null) return fiscalYearLabel(period.fy);
  return `${formatDateJa(period.from)}〜${formatDateJa(period.to)}`;
}

/** The URL query for a period (empty values left out, so the URL stays short). */
export function periodQuery(period: PeriodParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (period.fy) out.fy = period.fy;
  if (period.from) out.from = period.from;
  if (period.to) out.to = period.to;
  return out;
}
