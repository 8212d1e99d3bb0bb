/**
 * Date helpers for screens (business dates are Asia/Tokyo: ARCHITECTURE "Conventions").
 * The formatting rules live in @manabi/shared so server (CSV, mail) and web agree.
 */
export { formatDateJa, formatDateTimeJa, todayTokyo } from '@manabi/shared/domain/dates';
