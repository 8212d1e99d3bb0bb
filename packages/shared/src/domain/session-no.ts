/** SPEC §9: 15 sessions per applicant. */
export type SessionNo = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
/** attendance1..attendance15, each a CD006 value. */
export type SessionAttendance = { [K in `attendance${SessionNo}`]: string };
