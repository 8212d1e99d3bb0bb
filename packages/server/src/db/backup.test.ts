import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../platform/paths';
import { backup, restore, type Target } from './backup';
import { BackupRefusal, codeSchemaVersion, readBackupHeader, schemaRefusal } from './backup-file';
import { type Database, lockDataDir, openPglite, openPostgres } from './client';

// Backup and restore on both databases (decision 074): a backup of an older schema is migrated on, one of a
// newer schema is refused, and a database with tables in it is replaced only with --force.

const CODE = migrationsDir();
const work = mkdtempSync(join(tmpdir(), 'manabi-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** A copy of the migrations whose journal `edit` changes: an older or a newer version of the app. */
function migrationsVariant(name: string, edit: (journal: Journal, dir: string) => void): string {
  const dir = join(work, name);
  cpSync(CODE, dir, { recursive: true });
  const file = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  edit(journal, dir);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

const OLDER = migrationsVariant('older', (j) => {
  j.entries.pop();
});
const NEWER = migrationsVariant('newer', (j, dir) => {
  const last = j.entries.at(-1);
  if (!last) throw new Error('no migrations');
  j.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_backup_test_newer' });
  writeFileSync(join(dir, '9999_backup_test_newer.sql'), 'CREATE TABLE "backup_test_newer" ("id" integer);');
});
const code = codeSchemaVersion(CODE);

const count = async (database: Database, table: string) =>
  Number(
    (
      (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

async function refusal(promise: Promise<unknown>): Promise<BackupRefusal> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof BackupRefusal) return err;
    throw err;
  }
  throw new Error('expected a refusal, the restore went ahead');
}

describe('schemaRefusal', () => {
  it('takes this code’s version and any older one, refuses a newer or a foreign one', () => {
    expect(schemaRefusal(code, code, CODE)).toBeNull();
    expect(schemaRefusal(codeSchemaVersion(OLDER), code, CODE)).toBeNull();
    expect(schemaRefusal(codeSchemaVersion(NEWER), code, CODE)).toMatch(/newer schema/);
    expect(schemaRefusal({ ...code, lastWhen: 1 }, code, CODE)).toMatch(/not one this version/);
    expect(schemaRefusal({ migrations: 0, lastTag: null, lastWhen: null }, code, CODE)).toMatch(
      /no migrated/,
    );
  });
});

describe('the embedded database in use', () => {
  it('is neither backed up nor restored while a process holds it: a short pause, said so', async () => {
    const dataDir = join(work, 'in-use');
    mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(join(dataDir, 'pgdata', 'PG_VERSION'), '18');
    const unlock = lockDataDir(dataDir);
    try {
      const file = join(work, 'in-use.backup');
      const refused = await refusal(backup({ dataDir }, file, { migrationsDir: CODE, appVersion: 'test' }));
      expect(refused.exitCode).toBe(3);
      expect(refused.message).toMatch(/Stop the app first/);
      expect(existsSync(file)).toBe(false);
    } finally {
      unlock();
    }
  });
});

/**
 * One kind's rules. `source` is a database migrated by OLDER with a session in it; `fresh()` an empty
 * target; `open(target)` opens a target to look into it.
 */
function rulesFor(
  kind: string,
  setup: () => Promise<{
    source: Target;
    openSource: () => Promise<Database>;
    fresh: () => Promise<Target>;
    open: (t: Target) => Promise<Database>;
  }>,
) {
  describe(`backup and restore on ${kind}`, () => {
    let ctx: Awaited<ReturnType<typeof setup>>;
    let olderFile: string;
    let newerFile: string;

    beforeAll(async () => {
      ctx = await setup();
      olderFile = join(work, `${kind}-older.backup`);
      newerFile = join(work, `${kind}-newer.backup`);
      await backup(ctx.source, olderFile, { migrationsDir: OLDER, appVersion: 'test' });
      const source = await ctx.openSource();
      try {
        await source.migrate(NEWER);
      } finally {
        await source.close();
      }
      await backup(ctx.source, newerFile, { migrationsDir: NEWER, appVersion: 'test' });
    }, 180_000);

    it('writes the schema version, the kind and the time in the header', () => {
      const { header } = readBackupHeader(olderFile);
      expect(header.kind).toBe(kind);
      expect(header.schema.migrations).toBe(code.migrations - 1);
      expect(header.schema.lastTag).not.toBe(code.lastTag);
      expect(Number.isNaN(Date.parse(header.createdAt))).toBe(false);
      expect(header.counts.students).toBe(0);
    });

    it('migrates a backup of an older schema to this code’s, and restores no session', async () => {
      const target = await ctx.fresh();
      const result = await restore(target, olderFile, { migrationsDir: CODE });
      expect(result.replaced).toBeNull();
      expect(result.schema).toEqual(code);
      const restored = await ctx.open(target);
      try {
        expect(await count(restored, 'sessions')).toBe(0);
        expect(await count(restored, 'drizzle.__drizzle_migrations')).toBe(code.migrations);
      } finally {
        await restored.close();
      }
    }, 120_000);

    it('refuses a backup of a newer schema, and leaves the target as it was', async () => {
      const target = await ctx.fresh();
      const refused = await refusal(restore(target, newerFile, { migrationsDir: CODE }));
      expect(refused.exitCode).toBe(4);
      expect(refused.message).toMatch(/newer schema/);
      if (target.databaseUrl) {
        const database = await ctx.open(target);
        try {
          const tables = (await database.db.execute(
            sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
          )) as unknown as { rows: { n: number }[] };
          expect(tables.rows[0]?.n).toBe(0);
        } finally {
          await database.close();
        }
      } else expect(existsSync(join(target.dataDir, 'pgdata'))).toBe(false);
    }, 120_000);

    it('refuses to replace a database with tables in it unless forced, and says what it holds', async () => {
      const target = await ctx.fresh();
      await restore(target, olderFile, { migrationsDir: CODE });
      const refused = await refusal(restore(target, olderFile, { migrationsDir: CODE }));
      expect(refused.exitCode).toBe(3);
      expect(refused.message).toMatch(/not empty/);
      expect(refused.message).toMatch(/--force/);
      expect(refused.message).toMatch(/students/);
      const forced = await restore(target, olderFile, { migrationsDir: CODE, force: true });
      expect(forced.replaced).toMatch(/students/);
      if (!target.databaseUrl) expect(forced.keptAside && existsSync(forced.keptAside)).toBe(true);
    }, 180_000);

    it('refuses a damaged file before it touches the target', async () => {
      const damaged = join(work, `${kind}-damaged.backup`);
      const bytes = readFileSync(olderFile);
      bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
      writeFileSync(damaged, bytes);
      const refused = await refusal(restore(await ctx.fresh(), damaged, { migrationsDir: CODE }));
      expect(refused.exitCode).toBe(4);
      expect(refused.message).toMatch(/damaged/);
    });
  });
}

async function withSession(database: Database) {
  await database.db.execute(
    sql`insert into sessions (id_hash, kind, expires_at) values (${randomBytes(32).toString('hex')}, 'admin', now() + interval '1 hour')`,
  );
}

rulesFor('pglite', async () => {
  let n = 0;
  const source = { dataDir: join(work, 'pglite-source') };
  const database = await openPglite(source.dataDir);
  try {
    await database.migrate(OLDER);
    await withSession(database);
  } finally {
    await database.close();
  }
  return {
    source,
    openSource: () => openPglite(source.dataDir),
    fresh: async () => ({ dataDir: join(work, `pglite-target-${++n}`) }),
    open: (t) => openPglite(t.dataDir),
  };
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const created: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const createDb = async () => {
    const name = `manabi_h_backup_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    return urlOf(name);
  };
  afterAll(async () => {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const open = (url: string) => openPostgres(url, 2, () => {});

  rulesFor('postgres', async () => {
    const url = await createDb();
    const database = await open(url);
    try {
      await database.migrate(OLDER);
      await withSession(database);
    } finally {
      await database.close();
    }
    return {
      source: { databaseUrl: url, dataDir: '' },
      openSource: () => open(url),
      fresh: async () => ({ databaseUrl: await createDb(), dataDir: '' }),
      open: (t) => open(t.databaseUrl ?? ''),
    };
  });

  describe('a backup of one kind into the other', () => {
    it('is refused both ways, before either database is touched', async () => {
      const pgliteFile = join(work, 'cross-pglite.backup');
      const dataDir = join(work, 'cross-pglite');
      const database = await openPglite(dataDir);
      await database.migrate(CODE);
      await database.close();
      await backup({ dataDir }, pgliteFile, { migrationsDir: CODE, appVersion: 'test' });
      const intoPostgres = await refusal(
        restore({ databaseUrl: await createDb(), dataDir: '' }, pgliteFile, { migrationsDir: CODE }),
      );
      expect(intoPostgres.exitCode).toBe(4);
      expect(intoPostgres.message).toMatch(/embedded database \(PGlite\)/);

      const postgresFile = join(work, 'cross-postgres.backup');
      const url = await createDb();
      const pgDatabase = await open(url);
      await pgDatabase.migrate(CODE);
      await pgDatabase.close();
      await backup({ databaseUrl: url, dataDir: '' }, postgresFile, {
        migrationsDir: CODE,
        appVersion: 'test',
      });
      const intoPglite = await refusal(
        restore({ dataDir: join(work, 'cross-target') }, postgresFile, { migrationsDir: CODE }),
      );
      expect(intoPglite.exitCode).toBe(4);
      expect(existsSync(join(work, 'cross-target', 'pgdata'))).toBe(false);
    }, 120_000);
  });
} else {
  describe.skip('backup and restore on postgres: TEST_DATABASE_URL is not set (CI sets it)', () => {
    it('runs with TEST_DATABASE_URL', () => {});
  });
}
