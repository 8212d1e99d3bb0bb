import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../platform/sql';
import { type Database, openPglite } from './client';
import type { PgliteThread } from './pglite-thread';

/** How many turns the event loop makes until `work` settles (setImmediate after setImmediate). */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  await new Promise<void>((resolve) => {
    const turn = () => {
      if (done) return resolve();
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
  });
  await settled;
  return turns;
}

let database: Database;
beforeAll(async () => {
  database = await openPglite();
});
afterAll(async () => {
  await database.close();
});

describe('the embedded database on its own thread (decision 025)', () => {
  it('a long statement leaves the event loop free: other work goes on while it runs', async () => {
    const long = database.db.execute(sql`select sum(g) from generate_series(1, 1000000) g`);
    // in the app's own thread the statement would run as one synchronous call: no turn until it ends
    expect(await turnsDuring(long)).toBeGreaterThan(100);
    const { rows } = (await long) as unknown as { rows: { sum: string }[] };
    expect(String(rows[0]?.sum)).toBe('500000500000');
  });

  it("PostgreSQL's error fields cross the thread: a unique violation is known by its code and constraint", async () => {
    await database.db.execute(sql`create table t_unique (v text constraint t_unique_v unique)`);
    await database.db.execute(sql`insert into t_unique values ('a')`);
    const err = await database.db.execute(sql`insert into t_unique values ('a')`).catch((e: unknown) => e);
    expect(isUniqueViolation(err, 't_unique_v')).toBe(true);
    expect(isUniqueViolation(err, 'another')).toBe(false);
  });

  it('a transaction commits when its function resolves, rolls back when it throws, and others wait for it', async () => {
    await database.db.execute(sql`create table t_tx (v int)`);
    let inside = false;
    const outside: boolean[] = [];
    let read: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (t) => {
      inside = true;
      await t.execute(sql`insert into t_tx values (1)`);
      // a statement outside the transaction, sent now, answers only after it ends
      read = database.db.execute(sql`select count(*)::int as n from t_tx`).then((r) => {
        outside.push(inside);
        return r;
      });
      await t.execute(sql`insert into t_tx values (2)`);
      inside = false;
    });
    const seen = (await read) as { rows: unknown[] };
    expect(outside).toEqual([false]);
    expect(seen.rows).toEqual([{ n: 2 }]);
    await database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into t_tx values (3)`);
        throw new Error('changed my mind');
      })
      .catch(() => {});
    const after = (await database.db.execute(sql`select count(*)::int as n from t_tx`)) as unknown as {
      rows: unknown[];
    };
    expect(after.rows).toEqual([{ n: 2 }]);
  });

  it('only parsers that keep the text may cross the thread', async () => {
    const thread = (database.db as unknown as { $client: PgliteThread }).$client;
    await expect(thread.query('select 1', [], { parsers: { 1184: (v) => new Date(v) } })).rejects.toThrow(
      /only parsers that keep the text/,
    );
  });
});

describe('statements kept by name on the embedded database (issue 16)', () => {
  const thread = () => (database.db as unknown as { $client: PgliteThread }).$client;
  const keptAs = async (text: string) =>
    (
      await thread().query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [
        text,
      ])
    ).rows;

  it('a statement seen twice is parsed once under a name, and every call answers for its own values', async () => {
    const text =
      'select $1::int + 1 as n, $2::text as t, $3::boolean as b, $4::int[] as a, $5::jsonb as j, $6::text as z';
    const answers = [];
    for (const i of [1, 2, 3, 4, 5])
      answers.push(
        (await thread().query(text, [i, `値${i}`, i % 2 === 0, [i, i + 1], JSON.stringify({ i }), null]))
          .rows,
      );
    expect(answers).toEqual(
      [1, 2, 3, 4, 5].map((i) => [
        { n: i + 1, t: `値${i}`, b: i % 2 === 0, a: [i, i + 1], j: { i }, z: null },
      ]),
    );
    expect(await keptAs(text)).toHaveLength(1);
    // seen once: left unnamed
    const once = 'select $1::int * 3 as n';
    expect((await thread().query(once, [7])).rows).toEqual([{ n: 21 }]);
    expect(await keptAs(once)).toHaveLength(0);
  });

  it('a name outlives a rolled-back transaction, and serves rows, text-kept types and errors as before', async () => {
    await database.db.execute(sql`create table t_named (id int primary key, at timestamptz)`);
    const insert = 'insert into t_named values ($1, $2) returning id';
    const read = 'select id, at from t_named where id = $1';
    await database.db
      .transaction(async (t) => {
        await t.execute(sql.raw(`insert into t_named values (100, now())`));
        const tx = t as unknown as { session: { client: PgliteThread } };
        for (const id of [1, 2]) await tx.session.client.query(insert, [id, '2026-11-26T01:02:03Z']);
        throw new Error('changed my mind');
      })
      .catch(() => {});
    expect(await keptAs(insert)).toHaveLength(1);
    expect((await thread().query(read, [1])).rows).toEqual([]);
    await thread().query(insert, [3, '2026-11-26T01:02:03Z']);
    // a parser that keeps the text, on a named statement too
    for (const _ of [1, 2]) {
      const { rows } = await thread().query<{ at: string }>(read, [3], {
        parsers: { 1184: (v: string) => v },
      });
      expect(rows).toEqual([{ id: 3, at: '2026-11-26 01:02:03+00' }]);
    }
    const err = await thread()
      .query(insert, [3, null])
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err, 't_named_pkey')).toBe(true);
    // the connection is ready after the failed call
    expect((await thread().query(read, [3])).rows).toHaveLength(1);
  });
});
