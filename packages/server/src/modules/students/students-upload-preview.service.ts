import type { StudentUploadPreview } from '@manabi/shared/api';
import { GENDER_OPTIONS } from '@manabi/shared/schemas/student';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CsvUploadError, type RowIssue, refused, type UploadAnswer } from '../../platform/csv-upload';
import { CappedList, type FieldChange } from '../../platform/import-preview';
import type { TextPieces } from '../../platform/sliced';
import { readStudentUpload, walkStudentUpload } from './students-upload.service';
import { type DuplicateSuspect, likelyDuplicatesOf, type UploadPerson } from './students-upload-duplicates';

const GENDER_WORDS: Record<string, string> = Object.fromEntries(
  GENDER_OPTIONS.map((o) => [o.value, o.label]),
);

/** A change as the office reads it: gender in words, not its code. */
const readable = (c: FieldChange): FieldChange =>
  c.field === 'gender'
    ? { ...c, before: GENDER_WORDS[c.before] ?? c.before, after: GENDER_WORDS[c.after] ?? c.after }
    : c;

/**
 * POST /api/admin/student/upload/preview/ (decision 070): what POST student/upload/ would do with this file
 * and type, worked out by the same walk in a read-only transaction, nothing written. Counts are exact;
 * each list keeps its first PREVIEW_LIST_LIMIT entries, so a 100 000-row file costs what its upload costs.
 * `preview_hash` is the digest the upload works out again before it writes. The likely duplicates of the
 * new rows are advisory and not part of the digest: they change nothing the upload writes.
 */
export async function previewStudentUpload(
  db: Db,
  dataUrl: TextPieces,
  studentType: string,
): Promise<StudentUploadPreview | UploadAnswer> {
  const upload = await readStudentUpload(dataUrl, studentType);
  if (!('text' in upload)) return upload;
  const counts = { rows: 0, new: 0, changed: 0, unchanged: 0, errors: 0 };
  const changes = new CappedList<StudentUploadPreview['changes'][number]>();
  const errors = new CappedList<RowIssue>();
  const newRows = new CappedList<StudentUploadPreview['new_rows'][number]>();
  const duplicates = new CappedList<DuplicateSuspect>();
  try {
    await db.transaction(async (tx) => {
      // the database itself refuses a write from here on, whatever the walk's callers do
      await tx.execute(sql`set transaction read only`);
      await walkStudentUpload(tx, upload, async (outcomes) => {
        const people: UploadPerson[] = [];
        for (const o of outcomes) {
          counts.rows++;
          if (o.kind === 'new') {
            counts.new++;
            const r = o.row;
            newRows.push({ line: o.line, login_id: r.login_id, name: r.name });
            people.push({
              line: o.line,
              login_id: r.login_id,
              name: r.name,
              name_kana: r.name_kana,
              birthday: r.birthday,
              phone_1: r.phone_1,
              phone_2: r.phone_2,
              mail_1: r.mail_1,
              mail_2: r.mail_2,
              postcode: r.postcode,
              street_name1: r.street_name1,
            });
          } else if (o.kind === 'registered') {
            if (o.changes.length === 0) counts.unchanged++;
            else {
              counts.changed++;
              changes.push({
                line: o.line,
                login_id: o.loginId,
                name: o.name,
                fields: o.changes.map(readable),
              });
            }
          } else {
            counts.errors++;
            for (const issue of o.issues) errors.push(issue);
          }
        }
        // once the list is past full, more suspects would only be counted as "more": no more queries
        if (people.length > 0 && !duplicates.truncated) {
          for (const d of await likelyDuplicatesOf(tx, people)) duplicates.push(d);
        }
      });
    });
  } catch (e) {
    if (e instanceof CsvUploadError) return refused(e.message);
    throw e;
  }
  return {
    preview_hash: upload.digest.hex(),
    counts,
    changes: changes.items,
    changes_truncated: changes.truncated,
    errors: errors.items,
    errors_truncated: errors.truncated,
    new_rows: newRows.items,
    new_rows_truncated: newRows.truncated,
    duplicates: duplicates.items,
    duplicates_truncated: duplicates.truncated,
  };
}
