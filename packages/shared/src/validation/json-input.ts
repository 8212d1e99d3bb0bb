/**
 * How an API body or query reaches its schema (SPEC §7: "a client that sends back what our API gave it
 * must succeed"). The one place that decides which JSON types a field takes:
 *
 * - Our form schemas read every value as a string ('12', '1'), as an HTML form holds it. The API hands
 *   ids, codes, flags and counts out as JSON numbers (`id: 1`, `cancel: 0`), so a JSON number at the top
 *   level of a body (or inside a top-level array) is read as its decimal text (1 → '1', 1.5 → '1.5',
 *   which the integer rules then refuse), and a boolean as the flag it stands for (true → '1', false → '0').
 *   A top-level null reads as a field not sent (the API gives null for an empty optional value).
 *   Nested objects (an uploaded file's metadata) are left as they are.
 * - A control character (C0 or DEL) other than tab, line feed and carriage return is refused wherever it
 *   stands, with the field named: PostgreSQL cannot store NUL, and nothing a person types contains one.
 *   Single-line fields refuse tab and line breaks too (rules.ts `base`); multi-line ones keep them.
 * - Unknown fields are not refused: object schemas strip what they do not read, and the control-character
  check looks only at the fields a call reads.
 */
import { z } from 'zod';
import { MSG } from './messages';

/** Control characters no field accepts (tab, LF and CR are judged per field). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const asText = (v: unknown): unknown =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? (v ? '1' : '0') : v;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Numbers and booleans of a body's top level (and of its top-level arrays) as the strings forms hold. */
export function jsonScalarsAsText(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    // a null our API gave out (an empty optional field) comes back meaning "not entered"
    if (value === null) continue;
    out[key] = Array.isArray(value) ? value.map(asText) : asText(value);
  }
  return out;
}

/**
 * The top-level keys a body or query schema reads: its properties, and the patterns of a flattened body
 * (`x-pattern-properties`, shared/schemas/applicant.ts). null when the schema cannot say (every key counts).
 */
export function readKeys(schema: z.ZodType): ((key: string) => boolean) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      'x-pattern-properties'?: Record<string, unknown>;
    };
    const names = new Set(Object.keys(json.properties ?? {}));
    const patterns = Object.keys(json['x-pattern-properties'] ?? {}).map((p) => new RegExp(p));
    return (key) => names.has(key) || patterns.some((re) => re.test(key));
  } catch {
    return null;
  }
}

/**
 * What a reader of the input already found in a string of it, at `container[key]`: whether it holds a
 * forbidden control character. The server's body reader tests a long string (an upload's data URL, tens of
 * megabytes) piece by piece as it arrives, so that no one pass over the whole of it holds the server; the
 * check below then takes that verdict instead of scanning the string again — only while that very string
 * is still there. Held weakly: it goes with the input.
 */
const knownControl = new WeakMap<object, Map<string | number, { text: string; control: boolean }>>();

export function knowControlCharacters(
  container: object,
  key: string | number,
  text: string,
  control: boolean,
): void {
  let known = knownControl.get(container);
  if (known === undefined) {
    known = new Map();
    knownControl.set(container, known);
  }
  known.set(key, { text, control });
}

/**
 * Paths of every string (at any depth) holding a forbidden control character, in document order. A walk
 * with a stack of its own, not recursion: however deep the input nests, it cannot overflow the call stack
 * (the server refuses bodies nested deeper than 32 before this runs; a query is flat).
 */
export function controlCharacterPaths(input: unknown): (string | number)[][] {
  // each entry knows its parent, so a path is built only for a string that holds one
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let e: Entry | undefined = entry; e?.parent; e = e.parent) path.push(e.key as string | number);
    return path.reverse();
  };
  const found: (string | number)[][] = [];
  const stack: Entry[] = [{ value: input }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      const known = entry.parent && knownControl.get(entry.parent.value as object)?.get(entry.key as string);
      // the same string object compares equal at once, without reading its characters
      const control =
        known !== undefined && known.text === value ? known.control : FORBIDDEN_CONTROL.test(value);
      if (control) found.push(pathOf(entry));
      continue;
    }
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : isPlainObject(value)
        ? Object.entries(value)
        : [];
    // pushed last first, so the first child is walked first
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i] as [string | number, unknown];
      stack.push({ value: child, key, parent: entry });
    }
  }
  return found;
}

/**
 * The schema a route validates its body or query with: `schema` behind the two input rules above. The
 * server's validator compiler applies it to every route, so no route can forget it.
 */
export function apiInput<T extends z.ZodType>(schema: T) {
  // only the fields the call reads are judged: a field it ignores may hold anything (SPEC §7: a client
  // may send more than we read)
  const isRead = readKeys(schema);
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of controlCharacterPaths(value)) {
        if (isRead && !isRead(String(path[0]))) continue;
        ctx.addIssue({ code: 'custom', message: MSG.controlCharacter, path, input: undefined });
      }
    })
    .transform(jsonScalarsAsText)
    .pipe(schema);
}
