// The house rules of docs/architecture.md as functions over a folder (the repository, or a test's planted
// tree): each answers what it found, and the violations as { rule, file, line, message }. The script
// scripts/check-house-rules.mjs runs them on the repository with its allowlists; the server's
// house-rules.test.ts runs them on planted files. Comments are blanked before any pattern is looked for
// (their line breaks kept), so a doc comment that names a forbidden write does not trip a rule.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = 'packages/server/src';

/** The folders the size rule reads (`packages/*\/src` is expanded from what exists). */
export const SIZE_FOLDERS = ['packages/*/src', 'scripts', 'bench', 'e2e'];

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'drizzle',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** A test file: vitest's *.test.* and Playwright's *.spec.*. */
export const isTestFile = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);

/** The source files under `folders` of `root`, as root-relative paths with forward slashes, sorted. */
export function sourceFiles(root, folders) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !e.name.startsWith('.')) walk(path);
      } else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts'))
        out.push(path);
    }
  };
  for (const folder of expandFolders(root, folders)) walk(folder);
  return [...new Set(out)].sort();
}

function expandFolders(root, folders) {
  return folders.flatMap((f) => {
    if (!f.includes('*')) return existsSync(join(root, f)) ? [f] : [];
    const [head, tail] = f.split('/*/');
    if (!existsSync(join(root, head))) return [];
    return readdirSync(join(root, head), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(root, head, e.name, tail)))
      .map((e) => `${head}/${e.name}/${tail}`);
  });
}

const parsed = new Map();

/** The file parsed by TypeScript (cached per root and path for one run). */
function sourceFileOf(root, file) {
  const key = join(root, file);
  let sf = parsed.get(key);
  if (!sf) {
    const kind = /\.[cm]?tsx$|\.jsx$/.test(file)
      ? ts.ScriptKind.TSX
      : /\.[cm]?ts$/.test(file)
        ? ts.ScriptKind.TS
        : ts.ScriptKind.JS;
    sf = ts.createSourceFile(file, readFileSync(key, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(key, sf);
  }
  return sf;
}

const blanked = new Map();

/**
 * The file's text with every comment replaced by spaces (line breaks kept, so offsets and lines stay): the
 * trivia before each token is blanked; strings and template literals are tokens, so SQL in them stays.
 */
export function codeOf(root, file) {
  const key = join(root, file);
  const done = blanked.get(key);
  if (done !== undefined) return done;
  const sf = sourceFileOf(root, file);
  const chars = sf.text.split('');
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  };
  const visit = (node) => {
    const kids = node.getChildren(sf);
    if (kids.length === 0) blank(node.pos, node.getStart(sf));
    else for (const k of kids) visit(k);
  };
  visit(sf);
  const text = chars.join('');
  blanked.set(key, text);
  return text;
}

/** The 1-based line of an offset. */
const lineAt = (text, offset) => {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
};

/** Every match of the patterns in the file's code (comments blanked), with its line. */
export function matchesIn(root, file, patterns) {
  const text = codeOf(root, file);
  const found = [];
  for (const p of patterns) {
    const re = new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`);
    for (const m of text.matchAll(re))
      found.push({ line: lineAt(text, m.index), text: m[0].replace(/\s+/g, ' ') });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Does a root-relative path match an allowlist entry: an exact path, `dir/` (everything under it), or a RegExp. */
const entryMatches = (entry, file) =>
  entry.pattern instanceof RegExp
    ? entry.pattern.test(file)
    : entry.file.endsWith('/')
      ? file.startsWith(entry.file)
      : file === entry.file;

// ---- rule 1: one writer of course_applications ----

/**
 * The writes of course_applications in a file: Drizzle's `.insert/.update/.delete(courseApplications)` (or
 * of a local alias, `const a = courseApplications`, or an import renamed), `insertUnnest(db, courseApplications`,
 * and raw SQL `insert into`,
 * `update`, `delete from` the table, by name (quoted or not) or interpolated (`${courseApplications}`).
 */
export function applicationWritesIn(root, file) {
  const text = codeOf(root, file);
  const names = ['courseApplications'];
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*courseApplications\s*[;,\n)]/g))
    names.push(m[1]);
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const r of m[1].matchAll(/\bcourseApplications\s+as\s+(\w+)/g)) names.push(r[1]);
  const alt = names.join('|');
  return matchesIn(root, file, [
    new RegExp(`\\.\\s*(?:insert|update|delete)\\s*\\(\\s*(?:${alt})\\s*\\)`),
    // platform/sql's set-based insert
    new RegExp(`\\binsertUnnest\\s*\\(\\s*[\\w.]+\\s*,\\s*(?:${alt})\\b`),
    new RegExp(
      `\\b(?:insert\\s+into|update(?:\\s+only)?|delete\\s+from)\\s+(?:(?:"?public"?\\.)?"?course_applications"?(?![\\w])|\\$\\{\\s*(?:${alt})\\s*\\})`,
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
  const violations = [];
  const notes = [];
  const used = new Set();
  for (const file of sourceFiles(root, folders)) {
    if (file === owner) continue;
    const writes = applicationWritesIn(root, file);
    if (writes.length === 0) continue;
    const entry = allow.find((e) => entryMatches(e, file));
    if (entry) {
      used.add(entry);
      continue;
    }
    for (const w of writes)
      violations.push({
        rule: 'one-writer',
        file,
        line: w.line,
        message: `writes course_applications (${w.text}): only ${owner} does; add a function there`,
      });
  }
  for (const e of allow) {
    if (!e.file || e.file.endsWith('/') || used.has(e)) continue;
    const stale = { rule: 'one-writer', file: e.file, line: 0 };
    if (e.moving) notes.push({ ...stale, message: 'no direct write left: its "being moved" entry can go' });
    else
      violations.push({
        ...stale,
        message: 'allowlisted but writes course_applications no more: remove its entry',
      });
  }
  return { violations, notes };
}

// ---- rule 2: sizes ----

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
]);

const propName = (name, sf) =>
  !name
    ? ''
    : ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)
      ? name.text
      : name.getText(sf);

/** What a function is called where it stands: its own name, the binding it is assigned to, or the call it is passed to. */
function ownName(node, sf) {
  if (node.name) {
    const own = propName(node.name, sf);
    const holder = node.parent;
    if ((ts.isClassLike(holder) || ts.isObjectLiteralExpression(holder)) && !ts.isFunctionDeclaration(node))
      return `${holderName(holder, sf)}.${own}`;
    return own;
  }
  if (ts.isConstructorDeclaration(node)) return `${holderName(node.parent, sf)}.constructor`;
  if (ts.isFunctionDeclaration(node)) return 'default';
  // climb through wrappers (parentheses, casts, calls it is an argument of) to what names it
  let at = node;
  let via = '';
  for (;;) {
    const p = at.parent;
    if (!p) break;
    if (
      ts.isParenthesizedExpression(p) ||
      ts.isAsExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      ts.isNonNullExpression(p)
    ) {
      at = p;
      continue;
    }
    if (ts.isCallExpression(p) && p.arguments.includes(at)) {
      const callee = p.expression;
      const calleeName = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : callee.getText(sf).slice(0, 40);
      if (!via) via = `${calleeName}(…) callback`;
      at = p;
      continue;
    }
    if (ts.isVariableDeclaration(p) && p.initializer === at)
      return via ? `${propName(p.name, sf)} > ${via}` : propName(p.name, sf);
    if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === at) {
      const key = propName(p.name, sf);
      const name =
        ts.isObjectLiteralExpression(p.parent) || ts.isClassLike(p.parent)
          ? `${holderName(p.parent, sf)}.${key}`
          : key;
      return via ? `${name} > ${via}` : name;
    }
    if (ts.isExportAssignment(p)) return via ? `default > ${via}` : 'default';
    break;
  }
  return via || (ts.isArrowFunction(node) ? 'arrow function' : 'function expression');
}

function holderName(holder, sf) {
  if (ts.isClassLike(holder)) return holder.name ? holder.name.text : 'class';
  const p = holder.parent;
  if (p && ts.isVariableDeclaration(p)) return propName(p.name, sf);
  if (p && ts.isPropertyAssignment(p)) return propName(p.name, sf);
  return '{…}';
}

/**
 * Every function of the file with its name and extent: a nested function's name is prefixed by its enclosing
 * function's (`outer > inner`), and a name met twice in the file gets `#2`, `#3`… in source order.
 */
export function functionsOf(root, file) {
  const sf = sourceFileOf(root, file);
  const out = [];
  const seen = new Map();
  const visit = (node, outer) => {
    let here = outer;
    if (FUNCTION_KINDS.has(node.kind) && (node.body || ts.isArrowFunction(node))) {
      const base = outer ? `${outer} > ${ownName(node, sf)}` : ownName(node, sf);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const name = n === 1 ? base : `${base} #${n}`;
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.end).line + 1;
      out.push({ name, line: start, lines: end - start + 1 });
      here = base;
    }
    ts.forEachChild(node, (k) => visit(k, here));
  };
  visit(sf, '');
  return out;
}

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
