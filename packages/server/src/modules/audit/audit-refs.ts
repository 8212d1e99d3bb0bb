/**
 * The records an audit entry's detail names by id — the student a merge kept, the courses of an upload, a
 * notice's category — read by key for a page's entries, so the viewer shows their names instead of their ids
 * (decision 088). Which fields name what is the shared words' table (REF_FIELDS), the same one the text reads.
 */
import { courseRefText, personRefText } from '@manabi/shared/domain/audit-text';
import { refKindOf } from '@manabi/shared/domain/audit-words';
import { AUDIT_REF_KINDS, type AuditRefKind, type AuditRow } from '@manabi/shared/schemas/audit';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseCategories, courses, noticeCategories, students, universities } from '../../db/schema';

type Detail = Record<string, unknown> | null;
/** An entry's detail and the kind of record it is about (which decides what some fields name). */
type About = { detail: Detail; entity: AuditRow['entity'] };
type Names = Record<AuditRefKind, Map<string, string>>;

/** A record id a detail may hold (as JSON keeps it, or as text). */
const RECORD_ID = /^[1-9][0-9]{0,8}$/;
/** A university's id as the office types it (U01). */
const UNIVERSITY_ID = /^[0-9A-Za-z_-]{1,30}$/;

/** Each id the value names: one, or a list of them. */
const idsIn = (kind: AuditRefKind, value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((v) => typeof v === 'number' || typeof v === 'string')
    .map(String)
    .filter((v) => (kind === 'university' ? UNIVERSITY_ID : RECORD_ID).test(v));

/** For each field of the detail (and of an update's `changes` pairs) that names records: the kind and ids. */
function* namedIn({ detail, entity }: About): Generator<[AuditRefKind, string[]]> {
  if (!detail) return;
  for (const [field, value] of Object.entries(detail)) {
    const kind = refKindOf(field, entity);
    if (kind) yield [kind, idsIn(kind, value)];
  }
  const changes = detail.changes;
  if (changes && typeof changes === 'object' && !Array.isArray(changes))
    for (const [field, pair] of Object.entries(changes)) {
      const kind = refKindOf(field, entity);
      if (kind && Array.isArray(pair)) yield [kind, pair.flatMap((v) => idsIn(kind, v))];
    }
}

const noNames = (): Names =>
  Object.fromEntries(AUDIT_REF_KINDS.map((k) => [k, new Map<string, string>()])) as Names;

/** The names of every record the details name: one look-up by key a kind, only for the kinds named. */
async function readNames(db: DbOrTx, details: readonly About[]): Promise<Names> {
  const wanted = Object.fromEntries(AUDIT_REF_KINDS.map((k) => [k, new Set<string>()])) as Record<
    AuditRefKind,
    Set<string>
  >;
  for (const d of details) for (const [kind, ids] of namedIn(d)) for (const id of ids) wanted[kind].add(id);
  const nums = (kind: AuditRefKind) => [...wanted[kind]].map(Number);
  const names = noNames();
  const [people, named, courseCats, noticeCats, univs] = await Promise.all([
    wanted.student.size
      ? db
          .select({ id: students.id, name: students.name, login_id: students.loginId })
          .from(students)
          .where(inArray(students.id, nums('student')))
      : [],
    wanted.course.size
      ? db
          .select({ id: courses.id, name: courses.name, code: courses.code })
          .from(courses)
          .where(inArray(courses.id, nums('course')))
      : [],
    wanted.course_category.size
      ? db
          .select({ id: courseCategories.id, name: courseCategories.name })
          .from(courseCategories)
          .where(inArray(courseCategories.id, nums('course_category')))
      : [],
    wanted.notice_category.size
      ? db
          .select({ id: noticeCategories.id, name: noticeCategories.name })
          .from(noticeCategories)
          .where(inArray(noticeCategories.id, nums('notice_category')))
      : [],
    wanted.university.size
      ? db
          .select({ id: universities.id, name: universities.name })
          .from(universities)
          .where(inArray(universities.id, [...wanted.university]))
      : [],
  ]);
  for (const p of people) names.student.set(String(p.id), personRefText(p));
  for (const c of named) names.course.set(String(c.id), courseRefText(c));
  for (const c of courseCats) names.course_category.set(String(c.id), c.name);
  for (const c of noticeCats) names.notice_category.set(String(c.id), c.name);
  for (const u of univs) names.university.set(u.id, u.name);
  return names;
}

/** Each detail's references: the names of the records it names, by kind and id. */
export async function refsOf(db: DbOrTx, details: readonly About[]): Promise<AuditRow['refs'][]> {
  const names = await readNames(db, details);
  return details.map((d) => {
    const refs = Object.fromEntries(AUDIT_REF_KINDS.map((k) => [k, {}])) as AuditRow['refs'];
    for (const [kind, ids] of namedIn(d))
      for (const id of ids) {
        const name = names[kind].get(id);
        if (name !== undefined) refs[kind][id] = name;
      }
    return refs;
  });
}
