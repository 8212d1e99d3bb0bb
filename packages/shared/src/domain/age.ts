/** Age rules of SPEC §4 (student defaults) and §5 (caution under 55). */

export const AGE_THRESHOLD = 55;

const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

function parse(ymd: string): { y: number; m: number } | null {
  const m = YMD.exec(ymd);
  return m ? { y: Number(m[1]), m: Number(m[2]) } : null;
}

/**
 * Age on 31 March ending the fiscal year (April–March) that contains `today` (SPEC §4: year difference,
 * +1 if born before April, −1 if today is before April). Everyone born by 31 March has had that year's
 * birthday, so only months matter; 29 February needs no special case. null when either date is unreadable.
 */
export function ageAtFiscalYearEnd(birthday: string, today: string): number | null {
  const b = parse(birthday);
  const t = parse(today);
  if (!b || !t) return null;
  return t.y - b.y + (b.m < 4 ? 1 : 0) - (t.m < 4 ? 1 : 0);
}

/** The fiscal year (April–March) a 'YYYY-MM-DD' day belongs to: 2027-03-31 → 2026. */
export function fiscalYearOf(ymd: string): number {
  const t = parse(ymd);
  if (!t) throw new RangeError(`not a YYYY-MM-DD date: ${ymd}`);
  return t.m < 4 ? t.y - 1 : t.y;
}

/** 31 March ending the fiscal year that contains `today`, 'YYYY-03-31'. */
export function fiscalYearEnd(today: string): string {
  const t = parse(today);
  if (!t) throw new RangeError(`not a YYYY-MM-DD date: ${today}`);
  return `${String(t.m < 4 ? t.y : t.y + 1).padStart(4, '0')}-03-31`;
}

/** SPEC §5 caution (not blocking): under 55 at fiscal-year end. */
export function isUnderAgeThreshold(birthday: string, today: string): boolean {
  const age = ageAtFiscalYearEnd(birthday, today);
  return age !== null && age < AGE_THRESHOLD;
}

/** SPEC §4: a new record's birthday starts at 1 January of the year 55 years ago. */
export function defaultBirthday(today: string): string {
  const t = parse(today);
  if (!t) throw new RangeError(`not a YYYY-MM-DD date: ${today}`);
  return `${String(t.y - AGE_THRESHOLD).padStart(4, '0')}-01-01`;
}
