import { index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { students } from './students';

/**
 * Each course's application figures (decision 062), kept exact by statement triggers on course_applications
 * (migration 0021): every column is a sum over the course's application rows of that row's own value, so a
 * statement adds its rows' differences; `applications` is the number of (course, student) pairs, which a
 * statement changes only when it adds the first row of a pair or removes the last. The statistics read these
 * instead of a year's application rows.
 */
export const courseFigures = pgTable('course_figures', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  /** people who applied: (course, student) pairs, whether or not they cancelled */
  applications: integer('applications').notNull().default(0),
  /** live applications (not cancelled) */
  live: integer('live').notNull().default(0),
  /** 当選 at some point: live 当選 and every 辞退 */
  winners: integer('winners').notNull().default(0),
  /** live 当選 confirmed, or with nothing to confirm: seats taken */
  confirmed: integer('confirmed').notNull().default(0),
  declined: integer('declined').notNull().default(0),
  lapsed: integer('lapsed').notNull().default(0),
  promoted: integer('promoted').notNull().default(0),
  /** sessions recorded (出席・欠席・遅刻早退) of the seats taken */
  sessionsRecorded: integer('sessions_recorded').notNull().default(0),
  /** sessions attended (出席・遅刻早退) of the seats taken */
  sessionsAttended: integer('sessions_attended').notNull().default(0),
  /** seats taken that have not come to any session */
  absent: integer('absent').notNull().default(0),
  /** live 受講済み */
  completed: integer('completed').notNull().default(0),
  /** units of the live 受講済み */
  units: integer('units').notNull().default(0),
});

/**
 * The students of each fiscal year (decisions 062, 063): a row while the student has live applications (`n`)
 * to courses of that year (by the course's first day, manabi_course_day) at that university ('' none), and one
 * for the whole programme ('*', every university's rows summed), kept by the same triggers and by one on
 * courses when a course's day or university changes. The years' students are counted from here, not from a
 * year's applications.
 */
export const studentYears = pgTable(
  'student_years',
  {
    fy: integer('fy').notNull(),
    universityId: varchar('university_id', { length: 30 }).notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fy, t.universityId, t.studentId] }),
    // a student's years: their first year, and the rows an edit of their birthday, gender, town or cohort moves
    index('student_years_student_idx').on(t.studentId, t.universityId, t.fy),
  ],
);

/**
 * Who each fiscal year's students are (decision 063): for each (year, university or '*') the number of its
 * students (student_years' rows) with each age on the year's last day, gender, town key and cohort, and `new`
 * ('') the number whose first year there it is. Kept by the triggers that keep student_years and by one on
 * students; spread over eight shards by student id so that two students' first applications of a year do not
 * wait on one row. Read as the sum over shards.
 */
export const studentYearFigures = pgTable(
  'student_year_figures',
  {
    fy: integer('fy').notNull(),
    universityId: varchar('university_id', { length: 30 }).notNull(),
    /** age | gender | town | generation | new */
    kind: varchar('kind', { length: 10 }).notNull(),
    value: text('value').notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fy, t.universityId, t.kind, t.value, t.shard] })],
);

/**
 * Applications made and cancelled per course and Tokyo month (decision 064): `made` counts the course's rows
 * created that month, `cancelled` those cancelled that month, cancelled or not since; kept by statement
 * triggers on course_applications. The statistics' months of a span of whole months are read from here.
 */
export const courseMonths = pgTable(
  'course_months',
  {
    /** 'YYYY-MM', Tokyo */
    month: varchar('month', { length: 7 }).notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    made: integer('made').notNull(),
    cancelled: integer('cancelled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.courseId] })],
);
