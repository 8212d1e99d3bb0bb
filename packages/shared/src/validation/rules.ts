/**
 * Rule builders (SPEC §5). Each returns a zod schema used twice: by the form (react-hook-form zodResolver)
 * and by the server as part of a body/query schema — so both show the same Japanese message.
 *
 * Conventions:
 * - Form values are strings; the output stays a string (the server converts).
 * - A missing value (undefined) is parsed as '' (`prefault`), so a required field says MSG.required and an
 *   optional one yields '' — never zod's English default.
 * - Format checks pass on '': emptiness is `required`'s job, so each field reports one message.
 * - Checks are non-aborting, so object-level refinements (sameAs, ...) still run when a field has an error.
 * - `required` defaults to false, except asciiPassword, mailAddress and codeOf (as in STYLE.md's example).
 * - Lengths count characters (code points), as PostgreSQL varchar does.
 */
import { z } from 'zod';
import { type CodeListId, isCode } from '../codes';
import { tokyoParts } from '../domain/dates';
import { FORBIDDEN_CONTROL } from './json-input';
import { type LengthUnit, MSG } from './messages';
import { charCount, formatPostcode, normalizeDigits, normalizeHyphens, toHalfWidth } from './normalize';
import { CONTROL_SINGLE_LINE, checkDate } from './plain-checks';

/** What every field builder returns: a string schema whose input may be undefined. */
export type FieldSchema = z.ZodPrefault<z.ZodString>;

interface BaseOptions {
  required?: boolean;
  /** required message (SPEC §5: overridable) */
  msg?: string;
  trim?: boolean;
  normalize?: (s: string) => string;
  /** a textarea: tab and line breaks are kept; every other field refuses them (after trimming) */
  multiline?: boolean;
}

/** Control characters per kind of field (json-input.ts refuses the rest for every field). */
const CONTROL_MULTILINE = FORBIDDEN_CONTROL;

function base({
  required = false,
  msg = MSG.required,
  trim = true,
  normalize,
  multiline = false,
}: BaseOptions): z.ZodString {
  // null/undefined read as "not entered"; a number or object only comes from a hand-made request (JSON
  // numbers and booleans are read as text before this: validation/json-input.ts)
  let s = z.string({ error: (iss) => (iss.input == null ? msg : MSG.invalidValue) });
  if (normalize) s = s.overwrite(normalize);
  if (trim) s = s.trim();
  const control = multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE;
  s = s.refine((v) => !control.test(v), { error: MSG.controlCharacter });
  if (required) s = s.min(1, { error: msg });
  return s;
}

const field = (s: z.ZodString): FieldSchema => s.prefault('');

const withMax = (s: z.ZodString, n: number | undefined, unit: LengthUnit = '文字'): z.ZodString =>
  n === undefined ? s : s.refine((v) => charCount(v) <= n, { error: MSG.maxLen(n, unit) });

const withMin = (s: z.ZodString, n: number | undefined): z.ZodString =>
  n === undefined ? s : s.refine((v) => v === '' || charCount(v) >= n, { error: MSG.minLen(n) });

const withPattern = (s: z.ZodString, re: RegExp, error: string): z.ZodString =>
  s.refine((v) => v === '' || re.test(v), { error });

// ---- length and text ----

/** Trimmed, at least one character. `required().pipe(maxLen(30))`. */
export function required(msg?: string): FieldSchema {
  return field(base({ required: true, msg }));
}

/** Trimmed; '' allowed; undefined → ''. */
export function optionalText(): FieldSchema {
  return field(base({}));
}

/** The confirmation twin of a field (mail2, password2): kept as typed; sameAs() reports the mismatch. */
export function confirmField(): FieldSchema {
  return field(base({ trim: false }));
}

/** For `.pipe()`: at most n characters (or digits with unit '桁'). */
export function maxLen(n: number, unit: LengthUnit = '文字'): z.ZodString {
  return withMax(z.string(), n, unit);
}

/** For `.pipe()`: at least n characters; '' passes (an optional field may stay empty). */
export function minLen(n: number): z.ZodString {
  return withMin(z.string(), n);
}

/** Free text; `trim: false` keeps the value as typed (secrets); `multiline` for a textarea. */
export function text({
  required = false,
  max,
  min,
  msg,
  trim = true,
  multiline = false,
}: {
  required?: boolean;
  max?: number;
  min?: number;
  msg?: string;
  trim?: boolean;
  multiline?: boolean;
} = {}): FieldSchema {
  return field(withMax(withMin(base({ required, msg, trim, multiline }), min), max));
}

// ---- digits and numbers (full-width digits accepted: IME input is forgiven, the output is half-width) ----

export function digitsOnly({
  required = false,
  max,
  length,
  msg,
}: {
  required?: boolean;
  max?: number;
  length?: number;
  msg?: string;
} = {}): FieldSchema {
  let s = withPattern(
    base({ required, normalize: normalizeDigits }),
    /^\d*$/,
    msg ?? (length === undefined ? MSG.halfDigits : MSG.digitsN(length)),
  );
  if (length !== undefined) {
    s = s.refine((v) => v === '' || v.length === length, { error: msg ?? MSG.digitsN(length) });
  }
  return field(withMax(s, max, '桁'));
}

/** '0' or a positive integer without leading zeros (SPEC §5 total_units, sort_number, generation_id). */
export function zeroOrPositiveInt({
  required = false,
  maxDigits,
}: {
  required?: boolean;
  maxDigits?: number;
} = {}): FieldSchema {
  const s = withPattern(
    base({ required, normalize: normalizeDigits }),
    /^(0|[1-9]\d*)$/,
    MSG.zeroOrPositiveInt,
  );
  return field(withMax(s, maxDigits, '桁'));
}

/** 1 or more, no leading zero (SPEC §5 lottery win_num). */
export function positiveInt({
  required = false,
  maxDigits,
}: {
  required?: boolean;
  maxDigits?: number;
} = {}): FieldSchema {
  const s = withPattern(base({ required, normalize: normalizeDigits }), /^[1-9]\d*$/, MSG.positiveInt);
  return field(withMax(s, maxDigits, '桁'));
}

/** Largest PostgreSQL `integer`: a bigger id would make the database throw instead of answering 404. */
export const ID_MAX = 2147483647;

/**
 * A record id from a query string ('12') or a JSON body (12); output is a number. For API calls only.
 */
export function recordId(msg: string = MSG.invalidValue) {
  return z.union([z.number(), z.string()], { error: msg }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : normalizeDigits(v).trim();
    const n = /^[1-9]\d{0,9}$/.test(s) ? Number(s) : Number.NaN;
    if (n <= ID_MAX) return n;
    ctx.issues.push({ code: 'custom', message: msg, input: v });
    return z.NEVER;
  });
}

// ---- ASCII (never width-normalised: a password is taken as typed) ----

const ASCII_PRINTABLE = /^[\x21-\x7e]*$/;

/** Printable ASCII, min..max characters (SPEC §5: 8 to 12). Not trimmed. */
export function asciiPassword({
  required = true,
  min = 8,
  max = 12,
}: {
  required?: boolean;
  min?: number;
  max?: number;
} = {}): FieldSchema {
  const s = withPattern(base({ required, trim: false }), ASCII_PRINTABLE, MSG.asciiPrintable);
  return field(withMax(withMin(s, min), max));
}

/** Printable ASCII up to n characters; trimmed unless `trim: false` (use that for secrets). */
export function asciiMax(
  n: number,
  { required = false, trim = true }: { required?: boolean; trim?: boolean } = {},
) {
  return field(withMax(withPattern(base({ required, trim }), ASCII_PRINTABLE, MSG.asciiPrintable), n));
}

// ---- contact data ----

const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function mailAddress({ required = true, max = 100 }: { required?: boolean; max?: number } = {}) {
  return field(withPattern(withMax(base({ required, normalize: toHalfWidth }), max), MAIL, MSG.mail));
}

const digitField = (s: string) => normalizeHyphens(toHalfWidth(s));

/** 'NNN-NNNN' or 'NNNNNNN' (SPEC §5, max 8); the output is always 'NNN-NNNN'. */
export function postcode({ required = false }: { required?: boolean } = {}): FieldSchema {
  const s = withPattern(
    withMax(base({ required, normalize: digitField }), 8),
    /^\d{3}-?\d{4}$/,
    MSG.postcode,
  );
  return field(s.overwrite(formatPostcode));
}

const PHONE_HYPHENATED = /^\d{2,4}-\d{2,4}-\d{4}$/;
const PHONE_DIGITS = /^0\d{9,10}$/;

/** Digit groups 2-4, 2-4, 4 with hyphens, or 10–11 digits from 0 (SPEC §5; max 20). */
export function phoneJp({ required = false }: { required?: boolean } = {}): FieldSchema {
  const s = withMax(base({ required, normalize: digitField }), 20).refine(
    (v) => v === '' || PHONE_HYPHENATED.test(v) || PHONE_DIGITS.test(v),
    { error: MSG.phone },
  );
  return field(s);
}

/** Inquiry phone: digits only, from 0, 10 or 11 digits (SPEC §5: max 11). */
export function phoneNoHyphen({ required = false }: { required?: boolean } = {}): FieldSchema {
  return field(
    withMax(
      withPattern(base({ required, normalize: normalizeDigits }), PHONE_DIGITS, MSG.phoneNoHyphen),
      11,
      '桁',
    ),
  );
}

// ---- dates ----

const withDate = (s: z.ZodString, withTime: boolean) =>
  s.superRefine((v, ctx) => {
    const error = v === '' ? null : checkDate(v, withTime);
    if (error) ctx.addIssue({ code: 'custom', message: error, input: v });
  });

/** 'YYYY-MM-DD', a real calendar date, at most 9999-12-31. */
export function dateYmd({ required = false }: { required?: boolean } = {}): FieldSchema {
  return field(withDate(base({ required, normalize: toHalfWidth }), false));
}

/** An ISO instant as the API gives dates out ('2026-11-01T00:00:00.000Z'): matched to read it as Tokyo time. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant the API gave back ('…Z' or with an offset) as the Tokyo wall-clock time a form holds. */
function instantAsTokyoLocal(v: string): string {
  if (!ISO_INSTANT.test(v)) return v;
  const t = new Date(v);
  if (Number.isNaN(t.getTime())) return v;
  const p = tokyoParts(t);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * 'YYYY-MM-DDTHH:MM' (input type=datetime-local), at most 9999-12-31T23:59. An ISO instant — what the API
 * answers with — is read as its Tokyo time, so a client that sends back what it got succeeds.
 */
export function dateTimeLocal({ required = false }: { required?: boolean } = {}): FieldSchema {
  return field(withDate(base({ required, normalize: (v) => instantAsTokyoLocal(toHalfWidth(v)) }), true));
}

/**
 * An `updated_at` echoed back for optimistic locking (the ISO text the API gave out), decision 041: every
 * call with a stamp requires it. Absent or '' is a 422 on the field (never a silent 409, never skipped), and
 * the API document lists it as required (no default). `emptyMeansNone`: '' is the stamp the API gives for a
 * record not saved yet (the intake settings), so '' passes — absent is still refused. A date the database
 * could not compare (a year past 9999 or before 1) is refused here. Any other text passes: it cannot match
 * the row, so the update is refused as stale (409) by the service.
 */
export function timestamp({ emptyMeansNone = false }: { emptyMeansNone?: boolean } = {}): z.ZodString {
  return base({ required: !emptyMeansNone, msg: MSG.lockStampMissing }).refine(
    (v) => {
      const t = Date.parse(v);
      if (Number.isNaN(t)) return true;
      const year = new Date(t).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { error: MSG.dateMax },
  );
}

/** True for a valid 'YYYY-MM-DD' up to 9999-12-31. */
export function isYmd(v: string): boolean {
  return checkDate(v, false) === null;
}

// ---- choices, links ----

/** One of the code list's d_value. */
export function codeOf(code: CodeListId, { required = true }: { required?: boolean } = {}): FieldSchema {
  return field(base({ required }).refine((v) => v === '' || isCode(code, v), { error: MSG.invalidChoice }));
}

/** http:// or https:// (rendered as a link, so javascript: and the like never get through). */
export function url({ required = false, max = 250 }: { required?: boolean; max?: number } = {}): FieldSchema {
  return field(
    withPattern(
      withMax(base({ required, normalize: toHalfWidth }), max),
      /^https?:\/\/[^\s/?#][^\s]*$/i,
      MSG.url,
    ),
  );
}

// ---- object-level refinements: `z.object({...}).superRefine(sameAs('mail2', 'mail', 'メールアドレス'))` ----

type Refinement<K extends string> = (value: { [P in K]: unknown }, ctx: z.RefinementCtx) => void;

/** Compare as the fields parse (width and surrounding spaces do not make two entries differ). */
const comparable = (v: unknown, exact: boolean): string => {
  const s = typeof v === 'string' ? v : v == null ? '' : String(v);
  return exact ? s : toHalfWidth(s).trim();
};

/**
 * `confirmField` must equal `field` unless both are empty (SPEC §5); the issue goes on `confirmField`.
 * `exact: true` compares the raw strings.
 */
export function sameAs<K extends string>(
  confirmField: K,
  field: K,
  label: string,
  { exact = false }: { exact?: boolean } = {},
): Refinement<K> {
  return (value, ctx) => {
    const a = comparable(value[field], exact);
    const b = comparable(value[confirmField], exact);
    if (a === b) return;
    ctx.addIssue({
      code: 'custom',
      message: MSG.notMatch(label),
      path: [confirmField],
      input: value[confirmField],
    });
  };
}

/** `field` must differ from `otherField` when both are filled (SPEC §5: phone_2 vs phone_1, mail_2 vs mail_1). */
export function differentFrom<K extends string>(field: K, otherField: K, label: string): Refinement<K> {
  return (value, ctx) => {
    const a = comparable(value[field], false);
    if (a === '' || a !== comparable(value[otherField], false)) return;
    ctx.addIssue({ code: 'custom', message: MSG.mustDiffer(label), path: [field], input: value[field] });
  };
}

/** `endField` must not be earlier than `startField` (ISO strings compare in order); skipped while either is empty. */
export function notBefore<K extends string>(endField: K, startField: K): Refinement<K> {
  return (value, ctx) => {
    const end = comparable(value[endField], false);
    const start = comparable(value[startField], false);
    if (end === '' || start === '' || end >= start) return;
    ctx.addIssue({ code: 'custom', message: MSG.periodOrder, path: [endField], input: value[endField] });
  };
}

/** Student number's first 4 digits equal the generation id (SPEC §5, admin student form). */
export function loginIdMatchesGeneration<K extends string>(
  loginIdField: K,
  generationField: K,
): Refinement<K> {
  return (value, ctx) => {
    const loginId = comparable(value[loginIdField], false);
    const generation = comparable(value[generationField], false);
    if (
      loginId === '' ||
      generation === '' ||
      normalizeDigits(loginId).slice(0, 4) === normalizeDigits(generation)
    ) {
      return;
    }
    ctx.addIssue({
      code: 'custom',
      message: MSG.loginIdGeneration,
      path: [loginIdField],
      input: value[loginIdField],
    });
  };
}

// ---- file input ----

/** SPEC §9: upload maximum. */
export const CSV_MAX_BYTES = 20971520;

/** What the form holds: a browser File (or its metadata); the parsed value is the same object. */
export interface FileMeta {
  name: string;
  size: number;
  type: string;
}

// Excel on Windows labels .csv as application/vnd.ms-excel; some browsers send no type at all.
const CSV_TYPES_WITH_CSV_NAME = new Set([
  '',
  'text/csv',
  'application/csv',
  'text/x-csv',
  'text/plain',
  'application/vnd.ms-excel',
]);

function isFileMeta(v: unknown): v is FileMeta {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return typeof f.name === 'string' && typeof f.size === 'number' && typeof f.type === 'string';
}

export function isCsvFile(f: FileMeta): boolean {
  const hasCsvName = f.name.toLowerCase().endsWith('.csv');
  return f.type === 'text/csv' || (hasCsvName && CSV_TYPES_WITH_CSV_NAME.has(f.type.toLowerCase()));
}

/** Required CSV file of at most maxBytes (SPEC §5): one message, the first that applies. */
export function csvFile<T extends FileMeta = FileMeta>({
  maxBytes = CSV_MAX_BYTES,
}: {
  maxBytes?: number;
} = {}) {
  return z.custom<T>().superRefine((v, ctx) => {
    const message = !isFileMeta(v)
      ? MSG.fileRequired
      : !isCsvFile(v)
        ? MSG.fileCsv
        : v.size > maxBytes
          ? MSG.fileSize(maxBytes)
          : null;
    if (message) ctx.addIssue({ code: 'custom', message, input: v });
  });
}
