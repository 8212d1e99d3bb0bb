/**
 * A student's units in two parts, said the same way on the office's student detail and on the my-page
 * (decision 089): what the programme's courses earned (受講済み applications, decision 039 — the server's
 * unitTotal) and what the office entered as carried from before (students.total_units, SPEC §3). Both are
 * shown with their meaning, so 56 on one screen and 12 on another no longer look like two answers.
 */

export interface StudentUnits {
  /** units earned in the programme's courses (受講済み only) */
  earned: number;
  /** units carried from before, as the office entered them (total_units) */
  carried: number;
}

export const UNIT_WORDS = {
  earned: 'これまでの講座で取得',
  carried: '入学前からの繰越',
  total: '合計',
} as const;

const units = (n: number) => `${n.toLocaleString('ja-JP')}単位`;

/** 「これまでの講座で取得 56単位 ／ 入学前からの繰越 12単位」 */
export function unitsBreakdown(u: StudentUnits): string {
  return `${UNIT_WORDS.earned} ${units(u.earned)} ／ ${UNIT_WORDS.carried} ${units(u.carried)}`;
}

/** Both parts together (「68単位」). */
export const unitsTotal = (u: StudentUnits): number => u.earned + u.carried;

/**
 * The one line both sides print: the breakdown, and the total when there is something carried (without it the
 * total is the earned figure again): 「これまでの講座で取得 56単位 ／ 入学前からの繰越 12単位（合計 68単位）」.
 */
export function unitsText(u: StudentUnits): string {
  const breakdown = unitsBreakdown(u);
  return u.carried > 0 ? `${breakdown}（${UNIT_WORDS.total} ${units(unitsTotal(u))}）` : breakdown;
}
