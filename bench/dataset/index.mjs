// The dataset for a run: built fresh (the app migrates the empty database once, then the bench fills it),
// or, with --reuse, the one a previous run left at the same scale.
import { mkdirSync, rmSync } from 'node:fs';
import { buildDataset, readFixtures } from './build.mjs';
import { createDatabase, databaseExists, hashPassword, openPglite, openPostgres } from './db.mjs';
import { planDataset } from './plan.mjs';

export const STUDENT_PASSWORD = 'benchpass1';
export const ADMIN = { login_id: 'benchadmin', password: 'benchadmin1' };

const open = (target) => (target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir));

async function existing(target, scale, log) {
  if (target.kind === 'postgres' && !(await databaseExists(target.url))) return null;
  const db = await open(target).catch(() => null);
  if (!db) return null;
  try {
    const fixtures = await readFixtures(db);
    if (!fixtures || fixtures.scale !== scale) return null;
    const hours = (Date.now() - Date.parse(fixtures.builtAt)) / 3_600_000;
    if (hours > 12) log(`note: the dataset was built ${hours.toFixed(0)} h ago; open windows may have moved`);
    return fixtures;
  } finally {
    await db.close();
  }
}

/**
 * Answers the fixtures (ids the runs use) and how the dataset was had. `migrate` starts the app on the
 * empty database and stops it: the app's own migrations and code-list sync, whatever they are at this commit.
 */
export async function prepareDataset({ target, scale, reuse, migrate, log }) {
  if (reuse) {
    const fixtures = await existing(target, scale, log);
    if (fixtures) {
      log(`reusing the dataset at scale ${scale} built ${fixtures.builtAt}`);
      return { fixtures, buildSeconds: null, rows: null };
    }
  }
  const t0 = performance.now();
  if (target.kind === 'postgres') await createDatabase(target.url);
  else {
    rmSync(target.dataDir, { recursive: true, force: true });
    mkdirSync(target.dataDir, { recursive: true });
  }
  log('migrating the empty database (the app starts once and stops)');
  await migrate();
  const plan = planDataset(scale);
  const [studentHash, adminHash] = await Promise.all([
    hashPassword(STUDENT_PASSWORD),
    hashPassword(ADMIN.password),
  ]);
  log(`building the dataset at scale ${scale}`);
  const db = await open(target);
  let rows;
  try {
    rows = await buildDataset(db, plan, { studentHash, adminHash }, log);
  } finally {
    await db.close();
  }
  const buildSeconds = (performance.now() - t0) / 1000;
  log(`dataset built in ${buildSeconds.toFixed(0)} s: ${JSON.stringify(rows)}`);
  return { fixtures: plan.fixtures, buildSeconds, rows };
}
