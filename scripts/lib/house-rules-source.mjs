// How the house rules read a folder's source (scripts/lib/house-rules.mjs, which re-exports what is exported
// here): the files, their code with comments blanked, the matches of patterns in it, and their functions by
// name. Comments are blanked before any pattern is looked for (their line breaks kept), so a doc comment that
// names a forbidden write does not trip a rule.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = 'packages/server/src';

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

// ---- functions by name ----

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
