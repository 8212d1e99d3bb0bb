/**
 * A course's intake settings (decision 015): seats, waitlist, confirmation days, automatic promotion and its
 * last day, the draw's tiers. A course with none saved reads the defaults.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseIntake } from '../db/schema';

export type IntakeSettings = typeof courseIntake.$inferSelect;

/** The course's settings, or the defaults (no waitlist, nothing to confirm, automatic promotion). */
export async function intakeOf(tx: DbOrTx, courseId: number): Promise<IntakeSettings> {
  const [row] = await tx.select().from(courseIntake).where(eq(courseIntake.courseId, courseId));
  return row ?? defaultIntake(courseId);
}

/** The settings of a course that has none saved. */
export const defaultIntake = (courseId: number): IntakeSettings => ({
  courseId,
  seats: null,
  waitlist: false,
  confirmDays: null,
  autoPromote: true,
  promoteUntil: null,
  tiers: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** Writes the settings (insert or update); the caller checked `updated_at` and holds the course lock. */
export async function saveIntake(
  tx: DbOrTx,
  courseId: number,
  values: Partial<Omit<IntakeSettings, 'courseId' | 'createdAt' | 'updatedAt'>>,
  now = new Date(),
): Promise<IntakeSettings> {
  const [row] = await tx
    .insert(courseIntake)
    .values({ courseId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: courseIntake.courseId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('course_intake upsert returned nothing');
  return row;
}
