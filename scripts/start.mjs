#!/usr/bin/env node
// `npm start`: builds only when the build is missing or older than what it is built from, then runs the
// server in this process's place (its "ready" line is the last thing it prints once it listens).
// Built from: every package's sources and build files, the package manifests and the lockfile.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => join(root, ...p);

/** What the build writes; the oldest of them is the build's age. */
const OUTPUTS = [
  at('packages/web/dist/index.html'),
  at('packages/server/dist/main.js'),
  at('packages/server/dist/cli.js'),
];
/** What the build reads (folders are walked; node_modules and dist are never part of them). */
const INPUTS = [
  at('package.json'),
  at('package-lock.json'),
  at('tsconfig.base.json'),
  ...['shared', 'server', 'web'].map((p) => at('packages', p)),
];
const SKIP = new Set(['node_modules', 'dist', 'drizzle']);

/** The newest modification time under `path` (a file, or a folder walked without recursion). */
function newest(path) {
  if (!existsSync(path)) return 0;
  let latest = 0;
  const stack = [path];
  while (stack.length > 0) {
    const p = stack.pop();
    const s = statSync(p);
    if (!s.isDirectory()) {
      latest = Math.max(latest, s.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      if (entry.isDirectory() && (SKIP.has(entry.name) || entry.name.startsWith('.'))) continue;
      stack.push(join(p, entry.name));
    }
  }
  return latest;
}

const builtAt = OUTPUTS.every(existsSync) ? Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs)) : 0;
const changedAt = Math.max(...INPUTS.map(newest));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'Building Manabi (first start)…' : 'Sources changed since the last build: building…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The build is up to date: starting without building (delete packages/*/dist to build again).');
}

// the server gets Ctrl-C itself (same process group) and shuts down cleanly; this process waits for it
const server = spawn(process.execPath, [at('packages/server/dist/main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
