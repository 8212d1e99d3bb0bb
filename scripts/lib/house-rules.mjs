// The house rules of docs/architecture.md as functions over a folder (the repository, or a test's planted
// tree): each answers what it found, and the violations as { rule, file, line, message }. The script
// scripts/check-house-rules.mjs runs them on the repository with its allowlists; the server's
// house-rules.test.ts runs them on planted files. How a file is read (its code with comments blanked, its
// functions by name) is house-rules-source.mjs's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  codeOf,
  functionsOf,
  isTestFile,
  matchesIn,
  SERVER_SRC,
  sourceFiles,
} from './house-rules-source.mjs';

export { SERVER_SRC } from './house-rules-source.mjs';

/** The folders the size rule reads (`packages/*\/src` is expanded from what exists). */
export const SIZE_FOLDERS = ['packages/*/src', 'scripts', 'bench', 'e2e'];

/** Does a root-relative path match an allowlist entry: an exact path, `dir/` (everything under it), or a RegExp. */
const entryMatches = (entry, file) =>
  entry.pattern instanceof RegExp
    ? entry.pattern.test(file)
    : entry.file.endsWith('/')
      ? file.startsWith(entry.file)
      : file === entry.file;

/**
 * The names a table goes by in a file's code: its schema name, a local alias (`const a = courseApplications`)
 * and an import renamed (`courseApplications as ca`).
 */
function namesOf(text, table) {
  const names = [table];
  for (const m of text.matchAll(
    new RegExp(`\\b(?:const|let|var)\\s+(\\w+)\\s*=\\s*${table}\\s*[;,\\n)]`, 'g'),
  ))
    names.push(m[1]);
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const r of m[1].matchAll(new RegExp(`\\b${table}\\s+as\\s+(\\w+)`, 'g'))) names.push(r[1]);
  return names;
}

/** Raw SQL naming a table (quoted or not, schema-qualified or not) or interpolating it (`${name}`). */
const tableInSql = (sqlName, alt) =>
  `(?:(?:"?public"?\\.)?"?${sqlName}"?(?![\\w])|\\$\\{\\s*(?:${alt})\\s*\\})`;

/** The innermost function holding a line of the file, by {@link functionsOf}'s name ('' at the top level). */
function functionAt(root, file, line) {
  let best = null;
  for (const fn of functionsOf(root, file))
    if (fn.line <= line && line < fn.line + fn.lines && (!best || fn.line >= best.line)) best = fn;
  return best ? best.name : '';
}

/**
 * Does an allowlist entry let this write be: with `name` (a function of an exact file), only a write inside
 * that function (its callbacks too, `name > …`); else any write of the files it matches.
 */
const entryAllows = (root, entry, file, write) => {
  if (!entryMatches(entry, file)) return false;
  if (!entry.name) return true;
  const at = functionAt(root, file, write.line);
  return at === entry.name || at.startsWith(`${entry.name} > `);
};

/**
 * A one-writer rule (`rule`) over the writes `writesIn` finds of `what`: `owner` may write; a write that an
 * `allow` entry ({ file | pattern, name?, reason }) lets be may too. Answers the violations (every write
 * elsewhere, and an exact-file entry that lets no write be any more: stale) and the notes (a stale entry marked
 * `moving`: its writes are being moved into the owner, and its entry goes then).
 */
function checkWriters(root, { rule, what, writesIn, owner, allow, folders = [SERVER_SRC] }) {
  const violations = [];
  const notes = [];
  const used = new Set();
  for (const file of sourceFiles(root, folders)) {
    if (file === owner) continue;
    for (const w of writesIn(root, file)) {
      const entry = allow.find((e) => entryAllows(root, e, file, w));
      if (entry) {
        used.add(entry);
        continue;
      }
      violations.push({
        rule,
        file,
        line: w.line,
        message: `writes ${what} (${w.text}): only ${owner} does; add a function there`,
      });
    }
  }
  for (const e of allow) {
    if (!e.file || e.file.endsWith('/') || used.has(e)) continue;
    const stale = { rule, file: e.file, line: 0 };
    const where = e.name ? `function ${e.name} ` : '';
    if (e.moving)
      notes.push({ ...stale, message: `${where}no direct write left: its "being moved" entry can go` });
    else
      violations.push({
        ...stale,
        message: `allowlisted but ${where}writes ${what} no more: remove its entry`,
      });
  }
  return { violations, notes };
}

// ---- rule 1: one writer of course_applications ----

/**
 * The writes of course_applications in a file: Drizzle's `.insert/.update/.delete(courseApplications)` (or
 * of a local alias, `const a = courseApplications`, or an import renamed), `insertUnnest(db, courseApplications`,
 * and raw SQL `insert into`,
 * `update`, `delete from` the table, by name (quoted or not) or interpolated (`${courseApplications}`).
 */
export function applicationWritesIn(root, file) {
  const alt = namesOf(codeOf(root, file), 'courseApplications').join('|');
  return matchesIn(root, file, [
    new RegExp(`\\.\\s*(?:insert|update|delete)\\s*\\(\\s*(?:${alt})\\s*\\)`),
    // platform/sql's set-based insert
    new RegExp(`\\binsertUnnest\\s*\\(\\s*[\\w.]+\\s*,\\s*(?:${alt})\\b`),
    new RegExp(
      `\\b(?:insert\\s+into|update(?:\\s+only)?|delete\\s+from)\\s+${tableInSql('course_applications', alt)}`,
      'i',
    ),
  ]);
}

/**
 * Rule 1. `owner` may write the table; a file matching an `allow` entry ({ file | pattern, reason }) may too.
 * Answers the violations (every write elsewhere, and an exact-file entry that writes no more: stale) and the
 * notes (a stale entry marked `moving`: its writes are being moved into the owner, and its entry goes then).
 */
export function checkApplicationWriters(root, { owner, allow, folders = [SERVER_SRC] }) {
  return checkWriters(root, {
    rule: 'one-writer',
    what: 'course_applications',
    writesIn: applicationWritesIn,
    owner,
    allow,
    folders,
  });
}

// ---- rule 5: one writer of the outbox ----

/**
 * The inserts into the outbox's tables in a file: mail_outbox and notices, by Drizzle's `.insert(mailOutbox)` /
 * `.insert(notices)` (or an alias of either, or an import renamed), `insertUnnest(db, mailOutbox` and raw SQL
 * `insert into mail_outbox` / `insert into notices`, by name (quoted or not) or interpolated.
 */
export function outboxWritesIn(root, file) {
  const text = codeOf(root, file);
  const alt = [...namesOf(text, 'mailOutbox'), ...namesOf(text, 'notices')].join('|');
  return matchesIn(root, file, [
    new RegExp(`\\.\\s*insert\\s*\\(\\s*(?:${alt})\\s*\\)`),
    new RegExp(`\\binsertUnnest\\s*\\(\\s*[\\w.]+\\s*,\\s*(?:${alt})\\b`),
    new RegExp(
      `\\binsert\\s+into\\s+(?:${tableInSql('mail_outbox', alt)}|${tableInSql('notices', alt)})`,
      'i',
    ),
  ]);
}

/**
 * Rule 5. Only `owner` (platform/outbox.ts) puts mail in the outbox or a notice on the my-page; an `allow`
 * entry lets a file, or one function of a file (`name`), do so too. Answers as rule 1 does.
 */
export function checkOutboxWriters(root, { owner, allow, folders = [SERVER_SRC] }) {
  return checkWriters(root, {
    rule: 'outbox-writer',
    what: 'the outbox (mail_outbox, notices)',
    writesIn: outboxWritesIn,
    owner,
    allow,
    folders,
  });
}

// ---- rule 2: sizes ----

/** The file's line count (a final line break ends the last line, it does not start one). */
export function lineCount(root, file) {
  const text = readFileSync(join(root, file), 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** A file that says it is generated in its first lines. */
const isGenerated = (root, file) => /@generated\b/.test(readFileSync(join(root, file), 'utf8').slice(0, 500));

/**
 * Rule 2. A function over `maxFunction` lines or a file over `maxFile` lines fails, unless listed in
 * `exceptions`: `exempt` ([{ file, reason }]: the whole file, its functions too), `files` and `functions`
 * ([{ file, name?, lines, todo, reason }]: today's long ones, each at its recorded length). One back under the
 * limit (or gone) is stale and fails, so the list can only shrink. A listed one that grew past its recorded
 * length is a warning, or with `failOnGrowth` a violation. Answers the violations, the warnings and every long
 * file and function found (listed or not).
 */
export function checkSizes(
  root,
  { exceptions, maxFunction = 100, maxFile = 500, folders = SIZE_FOLDERS, failOnGrowth = false },
) {
  const violations = [];
  const warnings = [];
  const grown = failOnGrowth ? violations : warnings;
  const long = { files: [], functions: [] };
  const exempt = new Set((exceptions.exempt ?? []).map((e) => e.file));
  const fileEntries = new Map((exceptions.files ?? []).map((e) => [e.file, e]));
  const fnEntries = new Map((exceptions.functions ?? []).map((e) => [`${e.file}\0${e.name}`, e]));
  const met = new Set();
  const files = sourceFiles(root, folders).filter((f) => !isTestFile(f));
  for (const file of files) {
    if (exempt.has(file) || isGenerated(root, file)) continue;
    const lines = lineCount(root, file);
    if (lines > maxFile) {
      long.files.push({ file, lines });
      const entry = fileEntries.get(file);
      if (entry) met.add(entry);
      if (!entry)
        violations.push({
          rule: 'size',
          file,
          line: 1,
          message: `the file has ${lines} lines (over ${maxFile}): split it`,
        });
      else if (lines > entry.lines)
        grown.push({
          rule: 'size',
          file,
          line: 1,
          message: `the file grew to ${lines} lines (listed at ${entry.lines}, limit ${maxFile}): split it`,
        });
    }
    for (const fn of functionsOf(root, file)) {
      if (fn.lines <= maxFunction) continue;
      long.functions.push({ file, ...fn });
      const entry = fnEntries.get(`${file}\0${fn.name}`);
      if (entry) met.add(entry);
      if (!entry)
        violations.push({
          rule: 'size',
          file,
          line: fn.line,
          message: `function ${fn.name} has ${fn.lines} lines (over ${maxFunction}): split it`,
        });
      else if (fn.lines > entry.lines)
        grown.push({
          rule: 'size',
          file,
          line: fn.line,
          message: `function ${fn.name} grew to ${fn.lines} lines (listed at ${entry.lines}, limit ${maxFunction}): split it`,
        });
    }
  }
  for (const entry of [...fileEntries.values(), ...fnEntries.values()])
    if (!met.has(entry))
      violations.push({
        rule: 'size',
        file: entry.file,
        line: 0,
        message: `stale exception: ${entry.name ? `function ${entry.name}` : 'the file'} is no longer over the limit (or is gone): remove its entry`,
      });
  for (const e of exceptions.exempt ?? [])
    if (!existsSync(join(root, e.file)))
      violations.push({
        rule: 'size',
        file: e.file,
        line: 0,
        message: 'stale exemption: the file is gone: remove its entry',
      });
  return { violations, warnings, long };
}

// ---- rule 3: `as unknown as` ----

/**
 * Rule 3. The `as unknown as` casts in the code of packages/server/src, tests (and the test harness in
 * `src/test/`) and the `exempt` files left out. Above `limit`, each cast is a violation.
 */
export function checkUnknownCasts(root, { limit, exempt = [], folders = [SERVER_SRC] }) {
  const perFile = new Map();
  const found = [];
  for (const file of sourceFiles(root, folders)) {
    if (isTestFile(file) || file.startsWith(`${SERVER_SRC}/test/`) || exempt.includes(file)) continue;
    const casts = matchesIn(root, file, [/\bas\s+unknown\s+as\b/]);
    if (casts.length === 0) continue;
    perFile.set(file, casts.length);
    for (const c of casts) found.push({ file, line: c.line });
  }
  const count = found.length;
  const violations =
    count > limit
      ? found.map((c) => ({
          rule: 'unknown-casts',
          file: c.file,
          line: c.line,
          message: `\`as unknown as\` (${count} in all, at most ${limit}): read raw rows with rowsOf (db/statements)`,
        }))
      : [];
  return { violations, count, perFile };
}

// ---- rule 4: one way each ----

/**
 * Rule 4, for one thing done one way (`name`): `patterns` may match in `owner` only, and there at most
 * `most` times (default 1); a file matching an `allow` entry is left out. Tests are always left out.
 */
export function checkOneWay(root, { name, patterns, owner, most = 1, allow = [], folders = [SERVER_SRC] }) {
  const violations = [];
  for (const file of sourceFiles(root, folders)) {
    if (isTestFile(file) || allow.some((e) => entryMatches(e, file))) continue;
    const hits = matchesIn(root, file, patterns);
    if (file === owner) {
      for (const h of hits.slice(most))
        violations.push({
          rule: name,
          file,
          line: h.line,
          message: `${name}: a second place in ${owner} (${h.text}): use the one that is there`,
        });
      continue;
    }
    for (const h of hits)
      violations.push({
        rule: name,
        file,
        line: h.line,
        message: `${name} outside ${owner} (${h.text}): call it`,
      });
  }
  return { violations };
}

/** The net paid of a seat, spelled out: a refund's amount negated in a CASE (SQL) or a ternary (TypeScript). */
export const NET_PAID_PATTERNS = [/\bthen\s+-\s*(?:\$\{\s*)?(?:\w+\.)?amount\b/i, /REFUNDED\s*\?\s*-/];

/** An insert of a payment row: Drizzle's `.insert(payments)`, `insertUnnest(db, payments`, raw SQL `insert into payments`. */
export const PAYMENT_INSERT_PATTERNS = [
  /\.\s*insert\s*\(\s*payments\s*\)/,
  /\binsertUnnest\s*\(\s*[\w.]+\s*,\s*payments\b/,
  /\binsert\s+into\s+(?:(?:"?public"?\.)?"?payments"?(?![\w])|\$\{\s*payments\s*\})/i,
];

/** `file:line message` lines of the violations, sorted by file and line. */
export const formatViolations = (violations) =>
  [...violations]
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    .map((v) => `${v.file}${v.line ? `:${v.line}` : ''}  [${v.rule}] ${v.message}`);
