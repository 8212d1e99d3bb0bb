/** Student rules shared by the form, the CSV upload and the duplicate search (SPEC §4, §5). */
import { normalizeName } from '../validation/normalize';
import { AGE_THRESHOLD, ageAtFiscalYearEnd } from './age';

/** The ward the programme serves: a town (street_name1) outside it gets a caution (SPEC §5). */
export const DESIGNATED_WARD = '港区';

/**
 * SPEC §5 compares the first three characters of the town with the ward; our ward's name is shorter, so
 * the town must start with it (「港区芝公園」). Width and spaces are forgiven.
 */
export function isOutsideWard(town: string): boolean {
  const t = normalizeName(town);
  return t !== '' && !t.startsWith(DESIGNATED_WARD);
}

/** The stored duplicate key of a name (students.name_key): NFKC, no spaces (SPEC issue 4). */
/** What a record whose personal data was erased (decision 081) shows for a value it no longer holds. */
export const ERASED_TEXT = '消去済み';

export const studentNameKey = (name: string): string => normalizeName(name);

export interface StudentCaution {
  field: 'birthday' | 'street_name1';
  message: string;
}

/** Non-blocking cautions of SPEC §5: under 55 at fiscal-year end, town outside the ward. */
export function studentCautions(
  value: { birthday: string; street_name1: string },
  today: string,
): StudentCaution[] {
  const out: StudentCaution[] = [];
  const age = value.birthday ? ageAtFiscalYearEnd(value.birthday, today) : null;
  if (age !== null && age < AGE_THRESHOLD) {
    out.push({
      field: 'birthday',
      message: `年度末（3月31日）の年齢が${age}歳で、${AGE_THRESHOLD}歳未満です。生年月日をご確認ください。`,
    });
  }
  if (isOutsideWard(value.street_name1)) {
    out.push({
      field: 'street_name1',
      message: `町名が${DESIGNATED_WARD}ではありません。住所をご確認ください。`,
    });
  }
  return out;
}

/** Two mail addresses are one mailbox as far as the office can tell: people type either case. */
export const sameMailAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * 「メールが届きません」 (decision 065): the mail server refused, outright, the address that is still the
 * student's mail 1. A new address has not been refused, so changing it ends this by itself.
 */
export const mailUndeliverable = (s: { mailBouncedAddress: string; mail1: string }): boolean =>
  s.mailBouncedAddress !== '' && sameMailAddress(s.mailBouncedAddress, s.mail1);
