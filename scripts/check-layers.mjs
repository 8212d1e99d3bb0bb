#!/usr/bin/env node
// Proves the layer rules of biome.json hold: for each edge of docs/architecture.md it plants a
// file with one forbidden import, runs Biome on it, and fails unless Biome refuses it; then it plants an
// allowed import of the same layer and fails if Biome refuses that. The planted files are removed again.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** [file to plant, forbidden import, allowed import, the edge in words] */
const EDGES = [
  [
    'packages/shared/src/__layer.ts',
    '../../server/src/config',
    './codes',
    'shared imports only zod (no server)',
  ],
  ['packages/shared/src/__layer.ts', '../../web/src/lib/api', './codes', 'shared imports only zod (no web)'],
  ['packages/shared/src/__layer.ts', 'drizzle-orm', 'zod', 'shared imports only zod (no drizzle)'],
  [
    'packages/server/src/modules/courses/__layer.routes.ts',
    '../../db/schema/courses',
    './courses.service',
    'routes never touch the database (schema file)',
  ],
  [
    'packages/server/src/modules/courses/__layer.routes.ts',
    '../../db/schema',
    '../../platform/context',
    'routes never touch the database (schema index)',
  ],
  [
    'packages/server/src/modules/courses/__layer.routes.ts',
    'drizzle-orm',
    '../../platform/errors',
    'routes never touch the database (drizzle)',
  ],
  [
    'packages/server/src/modules/courses/__layer.routes.ts',
    '../../repositories/course-applications',
    './courses.service',
    'routes go through their service, not a repository',
  ],
  [
    'packages/server/src/modules/courses/__layer.routes.ts',
    '../applicants/applicants.service',
    './courses.service',
    'a route does not import another module',
  ],
  [
    'packages/server/src/platform/__layer.ts',
    '../modules/courses/courses.service',
    './errors',
    'platform does not import modules',
  ],
  [
    'packages/server/src/repositories/__layer.ts',
    '../modules/courses/courses.service',
    '../platform/errors',
    'repositories do not import modules',
  ],
  [
    'packages/server/src/__layer.ts',
    '../../web/src/lib/api',
    './config',
    'the server does not import the web app',
  ],
  [
    'packages/web/src/lib/__layer.ts',
    '../../../server/src/config',
    './api',
    'the web app does not import the server',
  ],
  [
    'packages/web/src/lib/__layer.ts',
    'drizzle-orm',
    './api',
    'the web app does not import the database layer',
  ],
  [
    'packages/web/src/admin/__layer.ts',
    '../mypage/layout/mypage-search',
    '../lib/api',
    'admin does not import mypage',
  ],
  [
    'packages/web/src/mypage/__layer.ts',
    '../admin/server-list',
    '../lib/api',
    'mypage does not import admin',
  ],
  ['packages/web/src/ui/__layer.ts', '../admin/server-list', '../lib/api', 'ui does not import screens'],
  [
    'packages/web/src/admin/notices/__layer.ts',
    '../courses/lottery-modal',
    '../attendance/table-notice',
    'an admin family imports lib, ui and the common parts, not another family',
  ],
  [
    'packages/web/src/admin/notices/__layer.ts',
    '../categories/api/categories',
    '../server-list',
    "an admin family uses the area's root files, not another family's api",
  ],
  [
    'packages/web/src/admin/notices/api/__layer.ts',
    '../../courses/api/courses',
    '../../layout/admin-menu',
    'a file deeper in an admin family does not reach another family either',
  ],
  [
    'packages/web/src/mypage/news/__layer.ts',
    '../schedule/next-class-box',
    '../layout/mypage-search',
    'a my-page family imports lib, ui and layout/, not another family',
  ],
  [
    'packages/web/src/mypage/layout/__layer.ts',
    '../courses/course-card',
    '../../lib/api',
    "the my-page's common folder does not import a family",
  ],
  [
    'packages/server/src/modules/mypage-news/__layer.service.ts',
    '../mypage-courses/mypage-courses.service',
    '../../repositories/student-history',
    "a module's service does not import another module's service",
  ],
  [
    'packages/server/src/db/__layer.ts',
    '../platform/paths',
    '../base/server-root',
    'db does not import platform',
  ],
  ['packages/server/src/base/__layer.ts', '../db/client', 'node:path', 'base imports nothing of the project'],
];

function refused(file, specifier) {
  // a name of this run's own: two checks running at once must not see each other's planted file
  const path = join(root, file.replace('__layer', `__layer_${process.pid}`));
  writeFileSync(path, `import * as planted from '${specifier}';\nexport const used = planted;\n`);
  try {
    execFileSync('npx', ['biome', 'lint', '--only=style/noRestrictedImports', path], {
      cwd: root,
      stdio: 'pipe',
    });
    return false;
  } catch {
    return true;
  } finally {
    rmSync(path, { force: true });
  }
}

let failed = 0;
for (const [file, forbidden, allowed, edge] of EDGES) {
  const bad = refused(file, forbidden);
  const good = !refused(file, allowed);
  if (!bad || !good) failed++;
  console.log(
    `${bad && good ? 'ok  ' : 'FAIL'} ${edge}: '${forbidden}' ${bad ? 'refused' : 'ALLOWED'}, '${allowed}' ${good ? 'allowed' : 'REFUSED'}`,
  );
}
console.log(`layers: ${EDGES.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
