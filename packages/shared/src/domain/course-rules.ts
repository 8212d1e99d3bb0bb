/**
 * When a student may apply for a course and cancel an application (SPEC §2 course/detail, §4 course
 * application and cancel, §6 "Cancellation only when the server flags is_cancelable"). The server computes
 * the flags of every answer with these functions and gates apply and cancel with the same ones, so what a
 * screen offers and what a request may do never differ. Decision 010 records the choices.
 */
import { ATTENDANCE, LOTTERY, PUBLISH } from '../codes';

/**
 * The application window is the minutes the office entered, both included: it opens at the start of
 * period_f's minute and closes at the end of period_t's minute (a form sent at 17:00:40 for
 * 「17:00まで」 is in time). Times are instants; the office types them in Tokyo time.
 */
export const WINDOW_END_MINUTE_MS = 60_000;

export interface CourseWindow {
  periodFrom: Date | null;
  periodTo: Date | null;
}

export interface CourseRule extends CourseWindow {
  /** CD007 '1' public */
  status: string;
  /** cancellation allowed after the application period */
  isCancelable: boolean;
  /** seats by lottery; otherwise first come, first served up to capacity */
  isLottery: boolean;
  capacity: number | null;
}

/** The student's live application (not cancelled), or null. */
export interface LiveApplication {
  lotteryStatus: string;
  attendanceStatus: string;
}

export type WindowPhase = 'before' | 'open' | 'closed';

/** Where `now` stands against the window; a course without both dates never opens. */
export function windowPhase(window: CourseWindow, now: Date): WindowPhase {
  const { periodFrom, periodTo } = window;
  if (!periodFrom || !periodTo) return 'before';
  if (now.getTime() < periodFrom.getTime()) return 'before';
  if (now.getTime() < periodTo.getTime() + WINDOW_END_MINUTE_MS) return 'open';
  return 'closed';
}

export const inPeriod = (window: CourseWindow, now: Date) => windowPhase(window, now) === 'open';

/** A first-come course whose seats are all taken (`liveCount` = live applications of the course). */
export const isFull = (course: CourseRule, liveCount: number) =>
  !course.isLottery && course.capacity !== null && liveCount >= course.capacity;

/**
 * May this application be cancelled now: it is live, not lost or declined (a 補欠 may leave the waitlist), not
 * yet being attended, and either the
 * window has not closed yet (an application the office entered before the window opens may be withdrawn
 * too) or the course allows cancelling after it.
 */
export function isCancelable(course: CourseRule, application: LiveApplication | null, now: Date): boolean {
  if (!application) return false;
  const over: string[] = [LOTTERY.LOST, LOTTERY.CANCELLED, LOTTERY.DECLINED];
  if (over.includes(application.lotteryStatus)) return false;
  if (application.attendanceStatus !== ATTENDANCE.NOT_ATTENDED) return false;
  return windowPhase(course, now) !== 'closed' || course.isCancelable;
}

export interface CourseFlags {
  in_period: boolean;
  is_cancelable: boolean;
  is_cancelable_pure: boolean;
  is_disp_applybtn: boolean;
  is_full: boolean;
}

/** Every flag of the course detail for one student at `now`. */
export function courseFlags(
  course: CourseRule,
  application: LiveApplication | null,
  liveCount: number,
  now: Date,
): CourseFlags {
  const open = inPeriod(course, now);
  const full = isFull(course, liveCount);
  return {
    in_period: open,
    is_cancelable: isCancelable(course, application, now),
    is_cancelable_pure: course.isCancelable,
    is_disp_applybtn: course.status === PUBLISH.PUBLIC && open && application === null && !full,
    is_full: full,
  };
}

/** Why an application is refused, or null when it may be made (the apply request checks exactly this). */
export type ApplyRefusal = 'notFound' | 'notInPeriod' | 'alreadyApplied' | 'full' | 'mustAgree';

export function applyRefusal(
  course: CourseRule,
  application: LiveApplication | null,
  liveCount: number,
  agreed: boolean,
  now: Date,
): ApplyRefusal | null {
  if (course.status !== PUBLISH.PUBLIC) return 'notFound';
  if (application) return 'alreadyApplied';
  if (!inPeriod(course, now)) return 'notInPeriod';
  if (isFull(course, liveCount)) return 'full';
  if (!course.isCancelable && !agreed) return 'mustAgree';
  return null;
}
