/**
 * The database's own logic as it is today (docs/database.md): every SQL function and trigger has one file in
 * sql/ (`functions/<name>.sql`, `triggers/<table>.<trigger>.sql`) holding its current definition, and the
 * migration step applies them after drizzle's migrations, as repeatable definitions: CREATE OR REPLACE, in a
 * fixed order, in one transaction. drizzle.sql_definitions (migration 0034) records each file's hash and the
 * newest migration that had run; when neither changed, nothing is applied. The migrations keep the history,
 * these files the present.
 *
 * Status codes are written as placeholders, `{{LOTTERY.WON}}`, replaced by the quoted value of the constant of
 * packages/shared/src/codes.ts; a placeholder that names no constant is an error.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APPROVAL,
  ATTENDANCE,
  AUTHORITY,
  HOW_APPLY,
  LOTTERY,
  PUBLISH,
  SESSION_ATTENDANCE,
  STUDENT_TYPE,
  TARGET,
} from '@manabi/shared/codes';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Next to this module in the sources (src/db/sql) and in the bundle (dist/sql, which build.mjs copies): the
 * same relative place from src/ under tsx and vitest and from dist/.
 */
export const SQL_DEFINITIONS_DIR = fileURLToPath(new URL('./sql/', import.meta.url));

/** The code lists a placeholder may name: `{{LOTTERY.WON}}` is LOTTERY.WON's value, quoted. */
const CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  APPROVAL,
  ATTENDANCE,
  AUTHORITY,
  HOW_APPLY,
  LOTTERY,
  PUBLISH,
  SESSION_ATTENDANCE,
  STUDENT_TYPE,
  TARGET,
};

/** drizzle.sql_definitions' row that holds the hash of the newest migration run when the files were applied. */
export const MIGRATION_ROW = '@migration';

export interface SqlDefinition {
  /** the file's path under sql/, e.g. `functions/course_catalog_bump.sql`: the row's name in drizzle.sql_definitions */
  name: string;
  kind: 'function' | 'trigger';
  /** the function's name, or the trigger's table and name (`students.students_counts_insert`) */
  object: string;
  /** the statement, its placeholders replaced */
  sql: string;
  sha256: string;
}

/** `text` with each `{{LIST.KEY}}` replaced by the quoted code; throws on one that names no code. */
export function renderPlaceholders(text: string, where: string): string {
  return text.replace(/\{\{([^{}]*)\}\}/g, (placeholder, inner: string) => {
    const [list, key, ...rest] = inner.trim().split('.');
    const value =
      list !== undefined && key !== undefined && rest.length === 0 ? CODES[list]?.[key] : undefined;
    if (typeof value !== 'string') {
      throw new Error(
        `${where}: unknown placeholder ${placeholder} (a placeholder is {{LIST.KEY}}, LIST one of ` +
          `${Object.keys(CODES).join(', ')} of packages/shared/src/codes.ts)`,
      );
    }
    return `'${value.replaceAll("'", "''")}'`;
  });
}

const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '');

function load(dir: string, kind: SqlDefinition['kind']): SqlDefinition[] {
  const folder = kind === 'function' ? 'functions' : 'triggers';
  if (!existsSync(join(dir, folder))) throw new Error(`${join(dir, folder)}: no such folder`);
  return readdirSync(join(dir, folder))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = `${folder}/${file}`;
      const object = file.slice(0, -'.sql'.length);
      const text = renderPlaceholders(readFileSync(join(dir, folder, file), 'utf8'), `sql/${name}`);
      const statement = withoutComments(text).trim();
      const [table, trigger] = object.split('.');
      const expected =
        kind === 'function'
          ? /^\w+$/.test(object) && statement.startsWith(`CREATE OR REPLACE FUNCTION public.${object}(`)
          : /^\w+\.\w+$/.test(object) &&
            new RegExp(`^CREATE OR REPLACE TRIGGER ${trigger}\\s[^;]*\\sON public\\.${table}\\s`).test(
              statement,
            );
      if (!expected) {
        throw new Error(
          kind === 'function'
            ? `sql/${name}: expected "CREATE OR REPLACE FUNCTION public.${object}(…" after its comments`
            : `sql/${name}: expected "CREATE OR REPLACE TRIGGER <trigger> … ON public.<table> …" after its ` +
                'comments, its file named <table>.<trigger>.sql',
        );
      }
      return { name, kind, object, sql: text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * The functions in an order where each comes after the others its body calls (names breaking ties), as a SQL
 * function's body is checked against what exists when it is created.
 */
function inCallOrder(functions: SqlDefinition[]): SqlDefinition[] {
  const calls = new Map(
    functions.map((f) => {
      const body = withoutComments(f.sql);
      const called = functions.filter(
        (g) => g !== f && new RegExp(`(^|[^\\w.]|public\\.)${g.object}\\s*\\(`).test(body),
      );
      return [f, called] as const;
    }),
  );
  const done = new Set<SqlDefinition>();
  const order: SqlDefinition[] = [];
  const visit = (f: SqlDefinition, path: SqlDefinition[]) => {
    if (done.has(f)) return;
    if (path.includes(f)) {
      throw new Error(
        `sql/functions: the functions call each other in a cycle: ${[...path, f].map((g) => g.object).join(' → ')}`,
      );
    }
    for (const g of calls.get(f) ?? []) visit(g, [...path, f]);
    done.add(f);
    order.push(f);
  };
  for (const f of functions) visit(f, []);
  return order;
}

/** Every definition in the order it is applied: the functions (callees first), then the triggers by name. */
export function loadSqlDefinitions(dir = SQL_DEFINITIONS_DIR): SqlDefinition[] {
  return [...inCallOrder(load(dir, 'function')), ...load(dir, 'trigger')];
}

/** What applying needs of a database handle: drizzle's Db, a transaction, or the migrating connection's. */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}
interface TransactionalExecutor extends Executor {
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
}

const rowsOf = async <T>(db: Executor, query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;

/** A deadlock with the app's writers (the triggers' tables are locked while replaced): tried again. */
const isDeadlock = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '40P01' || (e?.cause !== undefined && isDeadlock(e.cause));
};

/**
 * Applies every definition, in one transaction, unless drizzle.sql_definitions says this very set was applied
 * after the newest migration that has run. Runs after the migrations (which create that table), in the same
 * hold of the migration lock on PostgreSQL. `applied` says whether it did.
 */
export async function applySqlDefinitions(
  db: TransactionalExecutor,
  { dir = SQL_DEFINITIONS_DIR }: { dir?: string } = {},
): Promise<{ applied: boolean; definitions: number }> {
  // read and checked before the database is touched: a bad file applies nothing
  const definitions = loadSqlDefinitions(dir);
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await db.transaction(async (tx) => {
        const [newest] = await rowsOf<{ hash: string }>(
          tx,
          sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
        );
        const wanted = new Map([
          ...definitions.map((d) => [d.name, d.sha256] as const),
          [MIGRATION_ROW, newest?.hash ?? ''],
        ]);
        const recorded = await rowsOf<{ name: string; sha256: string }>(
          tx,
          sql`select name, sha256 from drizzle.sql_definitions`,
        );
        if (recorded.length === wanted.size && recorded.every((r) => wanted.get(r.name) === r.sha256)) {
          return false;
        }
        for (const d of definitions) await tx.execute(sql.raw(d.sql));
        await tx.execute(sql`delete from drizzle.sql_definitions`);
        const rows = [...wanted].map(([name, sha256]) => sql`(${name}, ${sha256})`);
        await tx.execute(
          sql`insert into drizzle.sql_definitions (name, sha256) values ${sql.join(rows, sql`, `)}`,
        );
        return true;
      });
      return { applied, definitions: definitions.length };
    } catch (err) {
      if (attempt >= 3 || !isDeadlock(err)) throw err;
    }
  }
}
