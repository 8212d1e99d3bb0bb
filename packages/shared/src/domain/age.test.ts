import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGE_THRESHOLD,
  ageAtFiscalYearEnd,
  defaultBirthday,
  fiscalYearEnd,
  isUnderAgeThreshold,
} from './age';

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map(ymd);

/** Reference: count birthdays passed on 31 March of the fiscal year's end. */
function reference(birthday: string, today: string): number {
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const endYear = tm >= 4 ? ty + 1 : ty;
  const hadBirthday = bm < 3 || (bm === 3 && bd <= 31);
  return endYear - by - (hadBirthday ? 0 : 1);
}

describe('ageAtFiscalYearEnd', () => {
  it('SPEC §4 example: today 2026-11-21, age on 2027-03-31', () => {
    expect(ageAtFiscalYearEnd('1971-04-01', '2026-11-21')).toBe(55);
    expect(ageAtFiscalYearEnd('1971-03-31', '2026-11-21')).toBe(56);
  });

  it('today on 31 March still belongs to the ending fiscal year; 1 April starts the next', () => {
    expect(ageAtFiscalYearEnd('1971-03-31', '2026-03-31')).toBe(55);
    expect(ageAtFiscalYearEnd('1971-03-31', '2026-04-01')).toBe(56);
    expect(ageAtFiscalYearEnd('1971-04-01', '2026-03-31')).toBe(54);
    expect(ageAtFiscalYearEnd('1971-04-01', '2026-04-01')).toBe(55);
  });

  it('1 January and 31 December of the same fiscal year give the same age', () => {
    expect(ageAtFiscalYearEnd('1970-06-15', '2026-04-01')).toBe(
      ageAtFiscalYearEnd('1970-06-15', '2027-03-31'),
    );
  });

  it('leap days: born 29 February has had the birthday by 31 March, leap year or not', () => {
    expect(ageAtFiscalYearEnd('1972-02-29', '2026-11-21')).toBe(55);
    expect(ageAtFiscalYearEnd('1972-02-29', '2027-02-28')).toBe(55);
    expect(ageAtFiscalYearEnd('1972-02-29', '2028-02-29')).toBe(56);
  });

  it('null for unreadable input', () => {
    expect(ageAtFiscalYearEnd('', '2026-11-21')).toBeNull();
    expect(ageAtFiscalYearEnd('1971/04/01', '2026-11-21')).toBeNull();
  });

  it('matches the reference for any dates', () => {
    fc.assert(
      fc.property(dateArb, dateArb, (b, t) => {
        expect(ageAtFiscalYearEnd(b, t)).toBe(reference(b, t));
      }),
    );
  });

  it('is monotone: an earlier birthday never gives a smaller age', () => {
    fc.assert(
      fc.property(dateArb, dateArb, dateArb, (x, y, today) => {
        const [older, younger] = x <= y ? [x, y] : [y, x];
        expect(ageAtFiscalYearEnd(older, today)!).toBeGreaterThanOrEqual(ageAtFiscalYearEnd(younger, today)!);
      }),
    );
  });

  it('is monotone in today: the age never falls as time passes', () => {
    fc.assert(
      fc.property(dateArb, dateArb, dateArb, (b, x, y) => {
        const [earlier, later] = x <= y ? [x, y] : [y, x];
        expect(ageAtFiscalYearEnd(b, later)!).toBeGreaterThanOrEqual(ageAtFiscalYearEnd(b, earlier)!);
      }),
    );
  });
});

describe('fiscal year helpers', () => {
  it('fiscalYearEnd', () => {
    expect(fiscalYearEnd('2026-03-31')).toBe('2026-03-31');
    expect(fiscalYearEnd('2026-04-01')).toBe('2027-03-31');
    expect(fiscalYearEnd('2026-01-01')).toBe('2026-03-31');
  });

  it('isUnderAgeThreshold warns under 55', () => {
    expect(AGE_THRESHOLD).toBe(55);
    expect(isUnderAgeThreshold('1971-04-01', '2025-11-21')).toBe(true); // 54
    expect(isUnderAgeThreshold('1971-04-01', '2026-11-21')).toBe(false); // 55
    expect(isUnderAgeThreshold('', '2026-11-21')).toBe(false);
  });

  it('defaultBirthday is 1 January 55 years ago', () => {
    expect(defaultBirthday('2026-11-21')).toBe('1971-01-01');
    expect(defaultBirthday('2026-01-01')).toBe('1971-01-01');
  });
});
