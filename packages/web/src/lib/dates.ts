/**
 * Date helpers for screens (business dates are Asia/Tokyo: ARCHITECTURE "Conventions").
 * The formatting rules live in @manabi/shared so server (CSV, mail) and web agree.
 */
export { formatDateJa, formatDateTimeJa, todayTokyo } from '@manabi/shared/domain/dates';

/** Largest value accepted by date inputs (SPEC §5). */
export const DATE_MAX = '9999-12-31';
/** Largest value accepted by date-time inputs (SPEC §5). */
export const DATETIME_MAX = '9999-12-31T23:59';
