/**
 * An audit entry in the office's words (decisions 067, 088): what was recorded, field by field, for the viewer
 * and its CSV alike. Codes read as their names, instants and days as Tokyo dates, yen as yen, yes/no as
 * はい・いいえ, the students and courses a detail names by id as their names (the viewer reads them); a field
 * without words keeps its own name rather than vanish — and fails the test that holds every act to words.
 * Pure, so it is tested.
 */

import { codeText } from '../codes';
import type { AuditRow } from '../schemas/audit';
import { AUDIT_ACTION_WORDS, AUDIT_ACTOR_KINDS, AUDIT_ENTITY_WORDS, AUDIT_VIA } from '../schemas/audit';
import { CALL_OUTCOMES, PROXY_CHANNELS } from '../schemas/contact';
import {
  ACTION_WORDS,
  type AuditRefKind,
  CODE_FIELDS,
  COURSE_CODES,
  ENTITY_WORDS,
  FIELD_WORDS,
  FLAG_FIELDS,
  NOT_SHOWN,
  REF_MISSING,
  refKindOf,
  UNIT_FIELDS,
  VALUE_WORDS,
  YEN_FIELDS,
} from './audit-words';
import { formatDateJa, formatDateTimeJa } from './dates';
import { yenText } from './fees';

/** The records a detail names by id, by kind and id, in the words the office knows them (AuditRow.refs). */
export type AuditRefs = Partial<Record<AuditRefKind, Readonly<Record<string, string>>>>;

/** How a student a detail names reads: 「山田 花子（26040001）」. */
export const personRefText = (p: { name: string; login_id: string | null }) =>
  `${p.name || '氏名なし'}（${p.login_id || '学生番号なし'}）`;
/** How a course a detail names reads: 「江戸の町と暮らし（C2601）」. */
export const courseRefText = (c: { name: string; code: string | null }) =>
  c.code ? `${c.name}（${c.code}）` : c.name;

/** What the entry is about, for the words and values that depend on it. */
interface Context {
  entity?: AuditRow['entity'];
  action?: AuditRow['action'];
  refs?: AuditRefs;
}

/** The word of a field, 第N回の出欠 for a class's attendance; the field's own name when it has none. */
const wordOf = (field: string, c: Context): string => {
  const session = /^attendance(\d+)$/.exec(field);
  if (session) return `第${session[1]}回の出欠`;
  return (
    (c.action ? ACTION_WORDS[c.action]?.[field] : undefined) ??
    (c.entity ? ENTITY_WORDS[c.entity]?.[field] : undefined) ??
    FIELD_WORDS[field] ??
    field
  );
};

/**
 * Whether a field has words (or is left out of the text): on a record of `entity`, or on every record (its
 * words of last resort, FIELD_WORDS). What the audit tests hold every field written to.
 */
export function auditFieldHasWords(field: string, entity?: AuditRow['entity']): boolean {
  if (NOT_SHOWN.has(field) || field === 'changes' || field === 'changed_fields') return true;
  if (entity) return wordOf(field, { entity }) !== field;
  return field in FIELD_WORDS || /^attendance\d+$/.test(field);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A Tokyo wall time as a form sent it (datetime-local, no zone): read as written, not as an instant. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** An id (or ids) a detail names, as the viewer read its record's name. */
function refText(kind: AuditRefKind, value: unknown, refs: AuditRefs | undefined): string {
  const one = (v: unknown) => refs?.[kind]?.[String(v)] ?? REF_MISSING[kind](String(v));
  if (Array.isArray(value)) return value.length ? value.map(one).join('、') : '—';
  return one(value);
}

/** A code's words: a code list's, or one of the app's own (VALUE_WORDS); undefined when it has none. */
function codeWords(field: string, value: string | number, c: Context): string | undefined {
  const list =
    (c.entity === 'course' ? COURSE_CODES[field] : undefined) ??
    CODE_FIELDS[field] ??
    (/^attendance\d+$/.test(field) ? 'CD006' : undefined);
  const coded = list ? codeText(list, value) : '';
  if (coded) return coded;
  const own = VALUE_WORDS[field]?.[String(value)];
  if (own) return own;
  if (field === 'outcome' && String(value) in CALL_OUTCOMES)
    return CALL_OUTCOMES[String(value) as keyof typeof CALL_OUTCOMES];
  if (field === 'channel' && String(value) in PROXY_CHANNELS)
    return PROXY_CHANNELS[String(value) as keyof typeof PROXY_CHANNELS];
  return undefined;
}

function valueText(field: string, value: unknown, c: Context): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  const kind = refKindOf(field, c.entity);
  if (kind) return refText(kind, value, c.refs);
  if (FLAG_FIELDS.has(field) && (value === '0' || value === '1')) return value === '1' ? 'はい' : 'いいえ';
  if (typeof value === 'string' || typeof value === 'number') {
    const words = codeWords(field, value, c);
    if (words !== undefined) return words;
  }
  if (YEN_FIELDS.has(field) && (typeof value === 'number' || /^\d+$/.test(String(value))))
    return yenText(Number(value));
  if (field === 'session_no' && typeof value === 'number') return `第${value}回`;
  const unit = UNIT_FIELDS[field];
  if (unit && (typeof value === 'number' || /^\d+$/.test(String(value))))
    return `${Number(value).toLocaleString('ja-JP')}${unit}`;
  if (typeof value === 'string') return stringText(value);
  if (typeof value === 'number') return value.toLocaleString('ja-JP');
  if (Array.isArray(value)) return listText(field, value, c);
  if (typeof value === 'object') return objectText(value as Record<string, unknown>, c);
  return String(value);
}

/** An instant as a Tokyo date and time, a day as a date, a typed wall time as written; other text as it is. */
function stringText(value: string): string {
  if (ISO_INSTANT.test(value)) return formatDateTimeJa(value);
  const wall = WALL_TIME.exec(value);
  if (wall) return `${wall[1]}年${Number(wall[2])}月${Number(wall[3])}日 ${wall[4]}:${wall[5]}`;
  if (YMD.test(value)) return formatDateJa(value);
  return value;
}

/** A list of codes or words reads as them; a list of ids (applications, notices) as how many. */
function listText(field: string, value: unknown[], c: Context): string {
  if (value.length === 0) return 'なし';
  if (value.every((v) => typeof v === 'string'))
    return value.map((v) => codeWords(field, v as string, c) ?? stringText(v as string)).join('、');
  return `${value.length.toLocaleString('ja-JP')}件`;
}

/** A record's values kept whole (a payment before its correction): 「金額 1,000円、入金日 2026年12月1日」. */
const objectText = (value: Record<string, unknown>, c: Context): string =>
  Object.entries(value)
    .filter(([f]) => !NOT_SHOWN.has(f))
    .map(([f, v]) => `${wordOf(f, c)} ${valueText(f, v, c)}`)
    .join('、') || '—';

const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2;

/**
 * The entry's detail, one 「項目：値」 a field, in the order it was written; an update's `changes` one
 * 「項目：前 → 後」 each, and its `changed_fields` (a person's data, kept without values) in one line. The
 * records it names by id read as `refs` names them (the viewer's); without, as their kind and id.
 */
export function auditDetailLines(
  detail: AuditRow['detail'],
  entity?: AuditRow['entity'],
  more: { action?: AuditRow['action']; refs?: AuditRefs } = {},
): string[] {
  if (!detail) return [];
  const c: Context = { entity, ...more };
  const word = (field: string) => wordOf(field, c);
  return Object.entries(detail).flatMap(([field, value]): string[] => {
    if (NOT_SHOWN.has(field)) return [];
    if (field === 'changes' && value && typeof value === 'object' && !Array.isArray(value))
      return Object.entries(value)
        .filter(([, pair]) => isPair(pair))
        .map(([f, [before, after]]) => `${word(f)}：${valueText(f, before, c)} → ${valueText(f, after, c)}`);
    if (field === 'changed_fields' && Array.isArray(value))
      return value.length
        ? [`変更した項目：${value.map((f) => word(String(f))).join('、')}（内容は記録していません）`]
        : [];
    return [`${word(field)}：${valueText(field, value, c)}`];
  });
}

/** The entry's text as a row carries it: its detail, in the words of its record, act and references. */
export const auditRowLines = (row: Pick<AuditRow, 'detail' | 'entity' | 'action' | 'refs'>): string[] =>
  auditDetailLines(row.detail, row.entity, { action: row.action, refs: row.refs });

/** What was done, to what: 「申込の変更」, 「学生の登録」, or the act alone where the record goes without saying. */
export function auditActionText(row: Pick<AuditRow, 'action' | 'entity'>): string {
  const act = AUDIT_ACTION_WORDS[row.action];
  return row.action === 'create' || row.action === 'update' || row.action === 'update_batch'
    ? `${AUDIT_ENTITY_WORDS[row.entity]}の${act}`
    : act;
}

/** Who acted: the staff member's name (事務局 when the account is gone), 「学生本人」, 「自動処理」. */
export function auditActorText(row: Pick<AuditRow, 'actor_kind' | 'actor_name'>): string {
  if (row.actor_kind === 'admin') return row.actor_name || AUDIT_ACTOR_KINDS.admin;
  return AUDIT_ACTOR_KINDS[row.actor_kind];
}

/** How it came: 画面, API, 自動処理, or 不明 for an entry written before this was recorded. */
export const auditViaText = (via: AuditRow['via']): string => (via ? AUDIT_VIA[via] : '不明');
