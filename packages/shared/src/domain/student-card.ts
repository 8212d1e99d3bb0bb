/**
 * The student ID card's validity: one rule for the server (which answers the card's expiry with the session)
 * and the my-page (which says when a card has passed it).
 */

/**
 * The card is valid to the end of the second fiscal year (31 March) after its issue — the programme's
 * two-year course (the spec shows an expiry date but not its rule). null without an issue date.
 */
export function studentCardExpiry(issue: string | null): string | null {
  if (!issue) return null;
  const [y, m] = issue.split('-').map(Number) as [number, number];
  const fiscalYear = m >= 4 ? y : y - 1;
  return `${fiscalYear + 2}-03-31`;
}

/**
 * Whether a card with this expiry ('YYYY-MM-DD', valid through that whole day) has passed on `today`
 * ('YYYY-MM-DD', Tokyo). A card without an expiry (no issue date) has nothing to pass.
 */
export function isStudentCardExpired(expiry: string | null, today: string): boolean {
  if (!expiry) return false;
  return today > expiry;
}
