import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// base/ is the server's lowest layer: node-only helpers that import nothing of the project, so db/ and
// platform/ can both use them without an arrow pointing upward.

/**
 * The server package root (packages/server), found by walking up from this module: the same answer
 * from src/ under vitest and from the esbuild bundle in dist/ (ARCHITECTURE.md: paths move when bundled).
 */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error(
    'Cannot find packages/server (drizzle/meta/_journal.json); set MIGRATIONS_DIR and WEB_DIST',
  );
}
