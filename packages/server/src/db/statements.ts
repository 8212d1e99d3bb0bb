/**
 * Named and prepared statements: the one place that reaches into Drizzle's internals (its session's
 * `prepareQuery`, its dialect's `sqlToQuery`) and holds the casts that takes. Everything else calls these
 * functions by name; db/statements.test.ts fails if another file reaches in. A Drizzle upgrade that changes
 * the session API fails here, and every apply and cancel test with it.
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Statements built once per database handle and prepared under their names (decision 023): the
 * hot my-page reads keep their SQL text fixed, values in placeholders, so Drizzle builds the text once and
 * PostgreSQL plans it once per connection instead of on every call. `make` runs on first use.
 */
export function preparedPerDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let statements = made.get(db);
    if (statements === undefined) {
      statements = make(db);
      made.set(db, statements);
    }
    return statements;
  };
}

/** What a Drizzle prepared select keeps (Drizzle internals, read once; see {@link preparedInTransaction}). */
interface BuiltSelect {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap: unknown;
}
/** The part of a Drizzle database or transaction handle that prepares a built statement on its own connection. */
interface HandleSession {
  session: {
    prepareQuery(
      query: BuiltSelect['query'],
      fields: unknown,
      name: string,
      isResponseInArrayMode: boolean,
    ): { joinsNotNullableMap: unknown; execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * A select built once, with its values in placeholders, and run by name on the connection of the transaction
 * it is given (decision 023). {@link preparedPerDatabase} binds a statement to the pool, so it cannot serve a
 * read that must run inside a transaction, such as the row lock of an apply or a cancel. Here Drizzle builds
 * the SQL text and the result mapping on the first call only; each later call hands them to the
 * transaction's own session, and PostgreSQL plans the named statement once per connection. Drizzle's
 * session API is the one its own `prepare` uses; a Drizzle upgrade that changes it fails every apply and
 * cancel test at once.
 */
export function preparedInTransaction<
  B extends { prepare(name: string): { execute(values?: never): Promise<unknown> } },
>(
  name: string,
  make: (tx: DbOrTx) => B,
): (tx: DbOrTx, values: Record<string, unknown>) => ReturnType<ReturnType<B['prepare']>['execute']> {
  let built: BuiltSelect | undefined;
  return ((tx: DbOrTx, values: Record<string, unknown>) => {
    if (built === undefined) {
      const first = make(tx).prepare(name) as unknown as BuiltSelect;
      built = { query: first.query, fields: first.fields, joinsNotNullableMap: first.joinsNotNullableMap };
    }
    const statement = (tx as unknown as HandleSession).session.prepareQuery(
      built.query,
      built.fields,
      name,
      true,
    );
    statement.joinsNotNullableMap = built.joinsNotNullableMap;
    return statement.execute(values);
  }) as never;
}

/** The texts {@link executeNamed} has named, and their names. */
const namedTexts = new Map<string, string>();
/** More texts than the app's writes have: past it, a new text runs unnamed (a caller whose text varies). */
const NAMED_TEXTS_MAX = 200;

/**
 * Runs a statement whose text is the same on every call (every value a parameter) under a name made from the
 * text, on the handle's own connection, in or out of a transaction: PostgreSQL parses and plans it once per
 * connection instead of on every call (the apply's and the cancel's write, decision 023). Answers the driver's
 * result, `{ rows }`, as `execute` does.
 */
export async function executeNamed(tx: DbOrTx, statement: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const handle = tx as unknown as HandleSession & { dialect: { sqlToQuery(s: SQL): BuiltSelect['query'] } };
  const query = handle.dialect.sqlToQuery(statement);
  let name = namedTexts.get(query.sql);
  if (name === undefined && namedTexts.size < NAMED_TEXTS_MAX) {
    name = `named_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
    namedTexts.set(query.sql, name);
  }
  if (name === undefined)
    return (await tx.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  const run = handle.session.prepareQuery(query, undefined, name, false);
  return (await run.execute({})) as { rows: Record<string, unknown>[] };
}

/**
 * The rows of a statement written as SQL (a set-based insert's RETURNING, a report's query). node-postgres and
 * PGlite both answer `execute` with `{ rows }`; Drizzle types it as the driver's own result, so the one cast
 * of it is here, and every raw read goes through this instead of casting the answer itself.
 */
export async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/**
 * A placeholder where Drizzle types a value (an update's `set`, typed by its column): the statement is built
 * once and the value is given at each run, encoded as the column's value (a Date as a timestamptz).
 */
export const placeholderAs = <T>(name: string): T => sql.placeholder(name) as unknown as T;
