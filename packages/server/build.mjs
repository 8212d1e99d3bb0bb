// Bundles the server (and @manabi/shared, which ships as TypeScript) into dist/. Dependencies stay external.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((d) => [d, `${d}/*`]);

// the commit a backup's header names as the app's version (none outside a git checkout)
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {}

const result = await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  define: { 'process.env.MANABI_COMMIT': JSON.stringify(commit) },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
// a clean build output: esbuild has printed any warning above, and one fails the build
if (result.warnings.length > 0) process.exit(1);
// the functions and triggers the migration step applies (src/db/sql-definitions.ts): read at run time from the
// folder next to the bundle, as from the one next to the module in the sources
rmSync('dist/sql', { recursive: true, force: true });
cpSync('src/db/sql', 'dist/sql', { recursive: true });
