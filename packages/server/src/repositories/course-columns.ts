import type { CourseAddBody } from '@manabi/shared/schemas/course';
import { isNotNull, isNull } from 'drizzle-orm';
import { courses } from '../db/schema';
import { isUniqueViolation } from '../platform/sql';

/**
 * How a course's authoring body becomes its row, shared by the two writers of courses: 講座の新規登録・変更
 * and the CSV upload (which must store a course exactly as the form would).
 */

/** 'YYYY-MM-DDTHH:MM' typed in Tokyo → instant. */
const tokyoDateTime = (local: string) => new Date(`${local}:00+09:00`);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Course content is stored as plain text (any HTML given is stripped). Block ends become line
 * breaks, script/style bodies are dropped, then tags go and basic entities are decoded — decoding last,
 * so an escaped `&lt;b&gt;` stays visible text rather than becoming a tag.
 */
export function stripHtml(input: string): string {
  return input
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const intOrNull = (v: string) => (v === '' ? null : Number(v));

/** A course's columns from the authoring body (content stripped of HTML); the CSV import uses it too. */
export function toColumns(input: CourseAddBody) {
  return {
    code: input.course_id === '' ? null : input.course_id,
    name: input.course_name,
    content: stripHtml(input.content),
    organ: input.organ,
    universityId: input.univ_id === '' ? null : input.univ_id,
    periodFrom: tokyoDateTime(input.period_f),
    periodTo: tokyoDateTime(input.period_t),
    capacity: intOrNull(input.capacity),
    minimum: intOrNull(input.minimum),
    period: input.period,
    allTimes: Number(input.all_times),
    tuitionFee: intOrNull(input.tuition_fee),
    tuitionFee1: intOrNull(input.tuition_fee1),
    materialCost: intOrNull(input.material_cost),
    venue: input.venue,
    streetAddress: input.street_address,
    isCancelable: input.cancel === '1',
    unit: Number(input.unit),
    imageUrl: input.image,
    status: input.status,
    attendee: input.attendee,
    keyword: input.keyword,
    permalink: input.permalink,
    howToApply: input.how_to_apply,
    applyUrl: input.apply_url,
    applyUrlText: input.apply_url_text,
    isLottery: input.is_lottery === '1',
    // '' (a client that does not know the switch) keeps the course's; a new course reminds
    ...(input.remind === '' ? {} : { remind: input.remind === '1' }),
    bring: input.bring,
  };
}

/** The course code's unique index can still fire when two admins save the same new code at once. */
export const codeTaken = (e: unknown) => isUniqueViolation(e, 'courses_code_unique');

/**
 * A course search's site_id (SPEC §9 "site ids 4 then 11"): 4 = the programme's own courses (no university),
 * 11 = partner universities; anything else, both.
 */
export const siteIs = (siteId: string | undefined) =>
  siteId === '4'
    ? isNull(courses.universityId)
    : siteId === '11'
      ? isNotNull(courses.universityId)
      : undefined;
