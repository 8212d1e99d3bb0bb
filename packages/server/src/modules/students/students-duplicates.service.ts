import type { DuplicateRow, StudentDuplicates } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import {
  DUPLICATE_GROUP_LIMIT,
  DUPLICATE_GROUPS,
  type DuplicateGroup,
} from '@manabi/shared/schemas/student-list';
import { and, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * The admin duplicate search (SPEC §2 "Students", §7 student/duplicate): a pending or rejected student and
 * the students who share its name, town or birthday, in exclusive groups. The roll is sized for 100 000
 * students: every duplicate group is one indexed query.
 */

// ---- duplicates ----

const duplicateColumns = {
  user_id: students.id,
  login_id: students.loginId,
  name: students.name,
  street_name1: students.streetName1,
  birthday: students.birthday,
  approval_status: students.approvalStatus,
};

/** Which of name (nm), town (sn), birthday (bd) each group matches; the others must differ. */
const GROUP_KEYS: Record<DuplicateGroup, { nm: boolean; sn: boolean; bd: boolean }> = {
  nm_sn_bd: { nm: true, sn: true, bd: true },
  nm_sn: { nm: true, sn: true, bd: false },
  nm_bd: { nm: true, sn: false, bd: true },
  sn_bd: { nm: false, sn: true, bd: true },
  nm: { nm: true, sn: false, bd: false },
  sn: { nm: false, sn: true, bd: false },
  bd: { nm: false, sn: false, bd: true },
};

/**
 * GET /api/admin/student/duplicate/?user_id=: the pending or rejected student and the other students
 * (any approval status) with the same name (folded as the duplicate scoring folds it: width, spaces and
 * 異体字, so 「髙橋　一郎」 is 「高橋 一郎」; decision 088), town (street_name1) or birthday. Groups are exclusive:
 * each student is in the strongest group it matches. A blank field of the target matches nothing. Each group
 * is one query led by an indexed condition (the folded name among the match keys, street_name1 or birthday)
 * answering at most DUPLICATE_GROUP_LIMIT rows and, by a count subquery, the group's full size.
 * Approved or missing → 404 (the screen goes to /admin/404, SPEC §2).
 */
export async function findDuplicates(db: Db, userId: number): Promise<StudentDuplicates> {
  const [target] = await db
    .select({ ...duplicateColumns, nameFold: students.nameFold })
    .from(students)
    .where(eq(students.id, userId));
  if (
    !target ||
    target.approval_status === APPROVAL.APPROVED ||
    target.approval_status === APPROVAL.MERGED ||
    target.approval_status === APPROVAL.WITHDRAWN
  )
    throw notFound();
  const { nameFold, ...userData } = target;
  // the folded name is one of the record's match keys ('n:…', students_match_keys_idx): the name groups
  // read that index, as the scored candidates do
  const nameKey = nameFold ? sql`array[${`n:${nameFold}`}::text]` : null;
  const town = target.street_name1;
  const birthday = target.birthday;

  const matches = {
    nm:
      nameKey === null
        ? null
        : {
            same: sql`${students.matchKeys} @> ${nameKey}`,
            differs: sql`not (${students.matchKeys} @> ${nameKey})`,
          },
    sn:
      town === '' ? null : { same: eq(students.streetName1, town), differs: ne(students.streetName1, town) },
    bd:
      birthday === null
        ? null
        : {
            same: eq(students.birthday, birthday),
            differs: or(isNull(students.birthday), ne(students.birthday, birthday)) as SQL,
          },
  };

  const group = async (name: DuplicateGroup) => {
    const conditions: SQL[] = [ne(students.id, target.user_id)];
    for (const field of ['nm', 'sn', 'bd'] as const) {
      const m = matches[field];
      if (GROUP_KEYS[name][field]) {
        if (m === null) return { rows: [] as DuplicateRow[], total: 0 };
        conditions.push(m.same);
      } else if (m !== null) {
        conditions.push(m.differs);
      }
    }
    const where = and(...conditions);
    // the group's size by its own subquery (an index-only count), not a window over the rows: the rows
    // then stop at the limit, read in login_id order from the matching key's index (decision 020)
    const counted = db.select({ n: count() }).from(students).where(where);
    const rows = await db
      .select({ ...duplicateColumns, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(students)
      .where(where)
      .orderBy(sql`${students.loginId} asc nulls last`, students.id)
      .limit(DUPLICATE_GROUP_LIMIT);
    return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
  };

  const found = await Promise.all(DUPLICATE_GROUPS.map(group));
  const lists = Object.fromEntries(DUPLICATE_GROUPS.map((g, i) => [g, found[i]?.rows ?? []])) as Record<
    DuplicateGroup,
    DuplicateRow[]
  >;
  const counts = Object.fromEntries(DUPLICATE_GROUPS.map((g, i) => [g, found[i]?.total ?? 0])) as Record<
    DuplicateGroup,
    number
  >;
  return { user_data: userData, ...lists, counts };
}
