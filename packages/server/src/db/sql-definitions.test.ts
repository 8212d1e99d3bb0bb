import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import type { DbOrTx } from './client';
import {
  applySqlDefinitions,
  loadSqlDefinitions,
  MIGRATION_ROW,
  renderPlaceholders,
  SQL_DEFINITIONS_DIR,
} from './sql-definitions';

/**
 * The repeatable definitions of src/db/sql against a migrated database: one file for each function and
 * trigger there is, and what runs is what the file says; the placeholders come from the shared codes; applying
 * again changes nothing, and is skipped unless a file or the migrations changed.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Our functions (not an extension's) and triggers (not a constraint's), by schema-less name. */
const FUNCTIONS = sql`from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    and not exists (select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;
const TRIGGERS = sql`from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where not t.tgisinternal`;

/** Every function's and trigger's definition as the database prints it, by the name of its file. */
async function liveDefinitions(db: DbOrTx): Promise<Record<string, string>> {
  const found = await rows<{ name: string; def: string }>(
    db,
    sql`select 'functions/' || p.proname || '.sql' as name, pg_get_functiondef(p.oid) as def ${FUNCTIONS}
      union all
      select 'triggers/' || c.relname || '.' || t.tgname || '.sql', pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
      ${TRIGGERS}
      order by 1`,
  );
  return Object.fromEntries(found.map((r) => [r.name, r.def]));
}

const recorded = (db: DbOrTx) =>
  rows<{ name: string; sha256: string; applied_at: string }>(
    db,
    sql`select name, sha256, applied_at::text from drizzle.sql_definitions order by name`,
  );

/** Runs `fn` in a transaction that is rolled back, and returns what it returned. */
async function rolledBack<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const undo = new Error('roll back');
  let result: T | undefined;
  await t.db
    .transaction(async (tx) => {
      result = await fn(tx);
      throw undo;
    })
    .catch((err) => {
      if (err !== undo) throw err;
    });
  return result as T;
}

/** `fn` given a copy of the sql folder to change, removed afterwards. */
async function withCopyOfFolder(fn: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'manabi-sql-'));
  try {
    cpSync(SQL_DEFINITIONS_DIR, dir, { recursive: true });
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const definitions = loadSqlDefinitions();

describe('one file for each function and trigger', () => {
  it('every function and trigger of the migrated database has its file, and every file its object', async () => {
    const live = await rows<{ name: string; schema: string }>(
      t.db,
      sql`select 'functions/' || p.proname || '.sql' as name, n.nspname as schema ${FUNCTIONS}
        union all select 'triggers/' || c.relname || '.' || t.tgname || '.sql', n.nspname ${TRIGGERS}
        order by 1`,
    );
    // in the public schema only, and no two of one name (an overload would share its file)
    expect(live.filter((o) => o.schema !== 'public')).toEqual([]);
    expect(live.map((o) => o.name)).toEqual(definitions.map((d) => d.name).sort());
    expect(definitions.length).toBeGreaterThanOrEqual(53);
  });

  it('the functions come before the triggers, each function after those it calls', () => {
    const at = (object: string) => definitions.findIndex((d) => d.object === object);
    expect(definitions.findLastIndex((d) => d.kind === 'function')).toBeLessThan(
      definitions.findIndex((d) => d.kind === 'trigger'),
    );
    expect(at('manabi_name_key')).toBeLessThan(at('manabi_kana_key'));
    expect(at('manabi_kana_key')).toBeLessThan(at('manabi_kana_fold'));
    expect(at('manabi_kana_fold')).toBeLessThan(at('manabi_match_keys'));
    expect(at('manabi_course_day')).toBeLessThan(at('manabi_course_year'));
    expect(at('manabi_statistics_recount_courses_and_students')).toBeLessThan(
      at('manabi_statistics_recount'),
    );
  });
});

describe('what runs is what the file says', () => {
  it("each function's body is its file's, placeholders replaced", async () => {
    const live = await rows<{ name: string; src: string }>(
      t.db,
      sql`select 'functions/' || p.proname || '.sql' as name, p.prosrc as src ${FUNCTIONS}`,
    );
    const source = Object.fromEntries(live.map((r) => [r.name, r.src]));
    for (const d of definitions.filter((x) => x.kind === 'function')) {
      const body = /\bAS \$\$([\s\S]*)\$\$;\s*$/.exec(d.sql)?.[1];
      expect(body, `${d.name}: its body is written between "AS $$" and the closing "$$;"`).toBeDefined();
      expect(source[d.name], d.name).toBe(body);
    }
  });

  it("each trigger is its file's statement", async () => {
    const live = await liveDefinitions(t.db);
    const normal = (s: string) =>
      s
        .replace(/--[^\n]*/g, '')
        .replace(/\s+/g, ' ')
        .replace(/EXECUTE FUNCTION public\./, 'EXECUTE FUNCTION ')
        .replace(/;\s*$/, '')
        .trim();
    for (const d of definitions.filter((x) => x.kind === 'trigger')) {
      // enabled ('O'), as PostgreSQL prints the statement
      expect(normal(live[d.name] ?? ''), d.name).toBe(
        `${normal(d.sql).replace('CREATE OR REPLACE', 'CREATE')} O`,
      );
    }
  });

  it('applying every file again leaves every definition as it was', async () => {
    const before = await liveDefinitions(t.db);
    const after = await rolledBack(async (tx) => {
      for (const d of definitions) await tx.execute(sql.raw(d.sql));
      return liveDefinitions(tx);
    });
    expect(after).toEqual(before);
    expect(Object.keys(after)).toHaveLength(definitions.length);
  });
});

describe('status codes come from the shared codes', () => {
  it('a placeholder is the quoted code', () => {
    expect(renderPlaceholders('s = {{LOTTERY.WON}} OR s = {{ LOTTERY.DECLINED }}', 'here')).toBe(
      `s = '${LOTTERY.WON}' OR s = '${LOTTERY.DECLINED}'`,
    );
    // braces that are no placeholder (an array literal) stay
    expect(renderPlaceholders("'{{1,2},{3,4}}'", 'here')).toBe("'{{1,2},{3,4}}'");
    const figures = definitions.find((d) => d.object === 'manabi_application_figures');
    expect(figures?.sql).toContain(`a.lottery_status = '${LOTTERY.WON}'`);
    expect(figures?.sql).toContain(`${`'${SESSION_ATTENDANCE.NOT_HELD}'`} || '${SESSION_ATTENDANCE.ABSENT}'`);
  });

  it('an unknown placeholder fails, naming the file and the placeholder', () => {
    for (const bad of ['{{LOTTERY.NOPE}}', '{{NOPE.WON}}', '{{LOTTERY}}', '{{LOTTERY.WON.X}}', '{{}}']) {
      expect(() => renderPlaceholders(`x = ${bad}`, 'sql/functions/x.sql'), bad).toThrow(
        `sql/functions/x.sql: unknown placeholder ${bad}`,
      );
    }
  });

  it('the files write no status code as a literal', () => {
    // a code column (…_status, student_type, attendance, …) on a line with a quoted code-like literal
    const CODE_COLUMN =
      /\b(\w+_status|student_type|attendance|authority|how_apply|publish\w*|published_to)\b/;
    const literal = (line: string) => CODE_COLUMN.test(line) && /'[0-9]'/.test(line);
    expect(literal("a.lottery_status = '2'")).toBe(true);
    expect(literal("translate(array_to_string(a.attendance, ''), '02', '')")).toBe(false);
    expect(literal("ARRAY['1', '3'] && a.attendance")).toBe(true);
    for (const d of definitions) {
      const raw = readFileSync(join(SQL_DEFINITIONS_DIR, d.name), 'utf8');
      const lines = raw.split('\n').map((l) => l.replace(/--.*$/, ''));
      expect(lines.filter(literal), d.name).toEqual([]);
    }
  });

  it('a bad file applies nothing: the error names it, and the database is as it was', () =>
    withCopyOfFolder(async (dir) => {
      const file = join(dir, 'functions', 'course_catalog_bump.sql');
      writeFileSync(file, readFileSync(file, 'utf8').replace('version + 1', 'version + {{LOTTERY.NOPE}}'));
      const before = { defs: await liveDefinitions(t.db), recorded: await recorded(t.db) };
      await expect(applySqlDefinitions(t.db, { dir })).rejects.toThrow(
        'sql/functions/course_catalog_bump.sql: unknown placeholder {{LOTTERY.NOPE}}',
      );
      writeFileSync(
        file,
        '-- a function\nCREATE OR REPLACE FUNCTION public.another() RETURNS int AS $$ SELECT 1 $$;',
      );
      await expect(applySqlDefinitions(t.db, { dir })).rejects.toThrow(
        'sql/functions/course_catalog_bump.sql: expected "CREATE OR REPLACE FUNCTION public.course_catalog_bump(',
      );
      expect({ defs: await liveDefinitions(t.db), recorded: await recorded(t.db) }).toEqual(before);
    }));
});

describe('applying', () => {
  it('records each file and the newest migration, and applying twice changes nothing', async () => {
    const [newest] = await rows<{ hash: string }>(
      t.db,
      sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const first = await recorded(t.db);
    expect(first.map(({ name, sha256 }) => ({ name, sha256 }))).toEqual(
      [
        ...definitions.map(({ name, sha256 }) => ({ name, sha256 })),
        { name: MIGRATION_ROW, sha256: newest?.hash },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    const defs = await liveDefinitions(t.db);
    expect(await applySqlDefinitions(t.db)).toEqual({ applied: false, definitions: definitions.length });
    expect(await recorded(t.db)).toEqual(first);
    expect(await liveDefinitions(t.db)).toEqual(defs);
  });

  it('applies all again after a migration, or with nothing recorded, to the same definitions', async () => {
    const defs = await liveDefinitions(t.db);
    await t.db.execute(
      sql`update drizzle.sql_definitions set sha256 = 'a migration ago' where name = ${MIGRATION_ROW}`,
    );
    expect((await applySqlDefinitions(t.db)).applied).toBe(true);
    expect(await liveDefinitions(t.db)).toEqual(defs);
    await t.db.execute(sql`delete from drizzle.sql_definitions`);
    expect((await applySqlDefinitions(t.db)).applied).toBe(true);
    expect(await liveDefinitions(t.db)).toEqual(defs);
    expect(await recorded(t.db)).toHaveLength(definitions.length + 1);
    expect((await applySqlDefinitions(t.db)).applied).toBe(false);
  });

  it('a changed file is applied, and the folder as it is puts it back', () =>
    withCopyOfFolder(async (dir) => {
      const file = join(dir, 'functions', 'course_catalog_bump.sql');
      writeFileSync(file, readFileSync(file, 'utf8').replace('RETURN NULL;', '-- changed\n  RETURN NULL;'));
      const bodyOf = async () =>
        (
          await rows<{ src: string }>(
            t.db,
            sql`select prosrc as src from pg_proc where proname = 'course_catalog_bump'`,
          )
        )[0]?.src;
      expect((await applySqlDefinitions(t.db, { dir })).applied).toBe(true);
      expect(await bodyOf()).toContain('-- changed');
      expect((await applySqlDefinitions(t.db)).applied).toBe(true);
      expect(await bodyOf()).not.toContain('-- changed');
      expect((await applySqlDefinitions(t.db)).applied).toBe(false);
    }));

  it('the kept counts still follow the writes after applying again (the triggers are in place)', async () => {
    const version = async () =>
      (await rows<{ v: string }>(t.db, sql`select version::text as v from course_catalog_version`))[0]?.v;
    const before = Number(await version());
    await t.db.execute(sql`update course_categories set name = name`);
    expect(Number(await version())).toBe(before + 1);
  });
});
