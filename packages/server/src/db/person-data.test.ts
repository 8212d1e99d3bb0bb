import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/sql';
import { createTestDatabase, type TestDatabase } from '../test/db';
import type { DbOrTx } from './client';
import { NOT_PERSONAL, PERSON_DATA, type PersonTable } from './person-data';

/**
 * The registry of a person's data (decision 081) against the live schema: a column that points to a
 * student, or could hold a person's name, reading, contact, address or free text, must be declared — in the
 * registry with what each act does with it, or in NOT_PERSONAL with why it is none of a person's.
 */

/** Column names that say what they hold, whatever their type. */
const PERSONAL_NAME =
  /(^|_)(name|kana|birth|birthday|phone|mail|email|address|postcode|street|note|remarks?|reason|detail|content|body|subject|ip|agent)(_|$|\d)/;
/** Types that hold a flag, an instant or a number: no name, contact or words, whatever the column's name. */
const NOT_WORDS = new Set(['boolean', 'timestamp with time zone', 'smallint', 'integer', 'bigint']);
/** Types that can hold any text. */
const FREE_TYPES = new Set(['character varying', 'text', 'character', 'json', 'jsonb', 'ARRAY']);

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  references_student: boolean;
}

async function liveColumns(db: DbOrTx): Promise<Column[]> {
  return rowsOf<Column>(
    db,
    sql`select c.table_name, c.column_name, c.data_type,
        exists (select 1 from information_schema.key_column_usage k
          join information_schema.referential_constraints r using (constraint_schema, constraint_name)
          join information_schema.table_constraints p
            on p.constraint_schema = r.unique_constraint_schema and p.constraint_name = r.unique_constraint_name
          where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
            and p.table_name = 'students') as references_student
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name not like '\\_\\_%'
      order by c.table_name, c.ordinal_position`,
  );
}

/** Each undeclared or stale name, in words; [] when the registry and the schema agree. */
export function registryGaps(
  columns: readonly Column[],
  registry: Readonly<Record<string, PersonTable>> = PERSON_DATA,
  notPersonal = NOT_PERSONAL,
): string[] {
  const gaps: string[] = [];
  const tables = new Set(columns.map((c) => c.table_name));
  for (const c of columns) {
    const entry = registry[c.table_name];
    const exempt = notPersonal[c.table_name];
    const where = `${c.table_name}.${c.column_name}`;
    const pointsToStudent =
      c.references_student ||
      /(^|_)student(_id|_a|_b)?$|^(kept|merged)_id$|^merged_into$/.test(c.column_name);
    if (pointsToStudent && !(c.table_name === 'students' && c.column_name === 'id')) {
      if (!entry?.person.includes(c.column_name))
        gaps.push(`${where} points to a student and is not registered`);
      continue;
    }
    const mayHoldPerson =
      FREE_TYPES.has(c.data_type) || (PERSONAL_NAME.test(c.column_name) && !NOT_WORDS.has(c.data_type));
    if (!mayHoldPerson) continue;
    if (entry && c.column_name in entry.personal) continue;
    if (typeof exempt === 'string' && !entry) continue;
    if (typeof exempt === 'object' && c.column_name in exempt) continue;
    gaps.push(`${where} may hold a person's data and is not registered`);
  }
  const has = (t: string, col: string) => columns.some((c) => c.table_name === t && c.column_name === col);
  for (const [t, entry] of Object.entries(registry)) {
    if (!tables.has(t)) {
      gaps.push(`${t} is registered and is not in the schema`);
      continue;
    }
    for (const col of [...entry.person, ...Object.keys(entry.personal)])
      if (!has(t, col)) gaps.push(`${t}.${col} is registered and is not in the schema`);
    if (typeof notPersonal[t] === 'string') gaps.push(`${t} is both registered and declared not personal`);
  }
  for (const [t, exempt] of Object.entries(notPersonal)) {
    if (!tables.has(t)) gaps.push(`${t} is declared not personal and is not in the schema`);
    if (typeof exempt === 'object')
      for (const col of Object.keys(exempt))
        if (!has(t, col)) gaps.push(`${t}.${col} is declared not personal and is not in the schema`);
  }
  return gaps;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the registry of a person’s data', () => {
  it('names every column of the live schema that points to a student or may hold a person’s data', async () => {
    const gaps = registryGaps(await liveColumns(database.db));
    expect(gaps, gaps.join('\n')).toEqual([]);
  });

  it('fails on a planted column that points to a student, one that holds a phone, and a stale entry', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table courses add column contact_student integer references students(id)`);
        await tx.execute(sql`alter table payments add column planted_phone varchar(20)`);
        const gaps = registryGaps(await liveColumns(tx));
        expect(gaps).toEqual([
          'courses.contact_student points to a student and is not registered',
          "payments.planted_phone may hold a person's data and is not registered",
        ]);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
      });
    // a column named for a person's data is caught whatever its type holds words in (a date here)
    const planted = [
      ...(await liveColumns(database.db)),
      {
        table_name: 'student_calls',
        column_name: 'caller_birthday',
        data_type: 'date',
        references_student: false,
      },
    ];
    expect(registryGaps(planted)).toEqual([
      "student_calls.caller_birthday may hold a person's data and is not registered",
    ]);
    const stale = {
      ...PERSON_DATA,
      payments: { ...PERSON_DATA.payments, person: ['student_id', 'payer_id'] },
    };
    expect(registryGaps(await liveColumns(database.db), stale)).toEqual([
      'payments.payer_id is registered and is not in the schema',
    ]);
  });

  it('declares every act for every table, and erases each personal column by a rule', () => {
    for (const [t, entry] of Object.entries(PERSON_DATA) as [string, PersonTable][]) {
      expect(entry.what, t).not.toBe('');
      expect(entry.undo, t).not.toBe('');
      for (const [col, p] of Object.entries(entry.personal)) expect(p.erasure, `${t}.${col}`).toBeTruthy();
    }
  });
});
