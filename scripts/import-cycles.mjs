#!/usr/bin/env node
// Lists the import cycles between the source files of the packages (relative imports and dynamic
// import() alike, type-only imports too: a cycle of types still ties two files' meanings together).
// Exits 1 when there is one. Part of `npm run check`.
// Usage: node scripts/import-cycles.mjs [folder…] (default: the three packages' src).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.slice(2);
const roots = folders.length ? folders : ['packages/shared/src', 'packages/server/src', 'packages/web/src'];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...roots], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && existsSync(join(root, f)));

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"`;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveFile(from, spec) {
  const base = resolve(root, dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx']) {
    const candidate = base.replace(/\.js$/, '') + ext;
    if (existsSync(candidate) && /\.(ts|tsx|mjs)$/.test(candidate)) return relative(root, candidate);
  }
  return null;
}

const edges = new Map();
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const targets = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveFile(file, m[3] ?? m[4]);
    if (target) targets.add(target);
  }
  edges.set(file, targets);
}

// Tarjan's strongly connected components: each component of two or more files is a cycle
let index = 0;
const stack = [];
const info = new Map();
const cycles = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) {
      info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const file of edges.keys()) if (!info.has(file)) visit(file);

for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ↔ ')}`);
console.log(`import cycles: ${cycles.length} (${files.length} files read)`);
process.exit(cycles.length ? 1 : 0);
