import { APPROVAL } from '@manabi/shared/codes';
import {
  MATCH_KEY_COMMON,
  MATCH_REASONS,
  type MatchPerson,
  matchKeys,
  type PreparedPerson,
  preparePerson,
  sameOrSwappedBirthdays,
  scorePrepared,
} from '@manabi/shared/domain/person-match';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { nextTurn } from '../../platform/sliced';
import { arrayLiteral, sqlLiteral } from '../../platform/sql';

/** A new row of a student upload, by the fields a person is recognised by. */
export interface UploadPerson {
  line: number;
  login_id: string;
  name: string;
  name_kana: string;
  birthday: string;
  phone_1: string;
  phone_2: string;
  mail_1: string;
  mail_2: string;
  postcode: string;
  street_name1: string;
}

/** A new row that looks like a student already registered. */
export interface DuplicateSuspect {
  line: number;
  login_id: string;
  name: string;
  match_user_id: number;
  match_login_id: string;
  match_name: string;
  /** 0–100 */
  score: number;
  reasons: string[];
}

/** The best matches listed for one new row. */
const PER_ROW = 3;
/**
 * Rows keyed, or scored against what their look-ups found, in one turn of the event loop: a chunk's 500 rows
 * at once held every other call for tens of milliseconds.
 */
const ROW_SLICE = 50;

/**
 * The registered students each new row of an upload may be the same person as, for the preview's
 * 「重複の疑い」 (decisions 069, 070): the roster's own scoring — 異体字, kana, swapped or mistyped birthdays,
 * phones, mail — of each row against the records sharing one of its match keys. One statement a chunk: each
 * key looked up — a name or reading among the records born on the row's birthday or on it with month and
 * day swapped (through the birthday's index: a common name alone would bring a city's namesakes), a phone or
 * mail through the GIN index — at most
 * MATCH_KEY_COMMON + 1 records a key (a key held by more says nothing, as in the roster scan); the pairs
 * scored here; each row's best PER_ROW candidates.
 */
export async function likelyDuplicatesOf(
  db: DbOrTx,
  people: readonly UploadPerson[],
): Promise<DuplicateSuspect[]> {
  const rows: MatchRow[] = [];
  for (let i = 0; i < people.length; i++) {
    if (i > 0 && i % ROW_SLICE === 0) await nextTurn();
    rows.push(asMatchRow(people[i] as UploadPerson));
  }
  const { asks, rowAsks } = asksOf(rows);
  if (asks.length === 0) return [];
  const numbered = asks.map((a, i) => ({ ...a, i }));
  const found = [
    ...(await lookUp(
      db,
      numbered.filter((a) => a.births !== null),
      true,
    )),
    ...(await lookUp(
      db,
      numbered.filter((a) => a.births === null),
      false,
    )),
  ];
  const byAsk: Registered[][] = asks.map(() => []);
  for (const r of found) byAsk[Number(r.i)]?.push(r);
  const prepared = new Map<number, PreparedPerson>();
  const suspects: DuplicateSuspect[] = [];
  for (let n = 0; n < rows.length; n++) {
    if (n > 0 && n % ROW_SLICE === 0) await nextTurn();
    suspects.push(...bestMatchesOf(rows[n] as MatchRow, rowAsks[n] ?? [], byAsk, prepared));
  }
  return suspects;
}

/** A new row with its look-ups and its scoring form. */
interface MatchRow {
  p: UploadPerson;
  lookUps: LookUp[];
  prepared: PreparedPerson;
}

/** One key a new row is looked up by; for a name or reading, the dates it is looked up among. */
export interface LookUp {
  key: string;
  births: string[] | null;
}

/**
 * A new row's look-ups: each of its match keys; a name or reading only among the dates its birthday may have
 * been entered as with month and day swapped (without a birthday it is no candidate through its name alone),
 * a phone or mail among all.
 */
export function lookUpsOf(person: MatchPerson): LookUp[] {
  const out: LookUp[] = [];
  let births: string[] | undefined;
  for (const key of matchKeys(person)) {
    if (!(key.startsWith('n:') || key.startsWith('k:'))) {
      out.push({ key, births: null });
      continue;
    }
    births ??= sameOrSwappedBirthdays(person.birthday);
    if (births.length > 0) out.push({ key, births });
  }
  return out;
}

function asMatchRow(p: UploadPerson): MatchRow {
  const person: MatchPerson = {
    name: p.name,
    name_kana: p.name_kana,
    birthday: p.birthday || null,
    phone1: p.phone_1,
    phone2: p.phone_2,
    mail1: p.mail_1,
    mail2: p.mail_2,
    postcode: p.postcode,
    street_name1: p.street_name1,
  };
  return { p, lookUps: lookUpsOf(person), prepared: preparePerson(person) };
}

/** One look-up: a key, and for a name or reading the dates (an array literal) it is looked up among. */
interface Ask {
  key: string;
  births: string | null;
}

/** The look-ups the chunk asks, and each row's (indexes into them). */
function asksOf(rows: readonly MatchRow[]): { asks: Ask[]; rowAsks: number[][] } {
  // one look-up a key (and dates) the chunk asks, however many rows ask it
  const askIndex = new Map<string, number>();
  const asks: Ask[] = [];
  const rowAsks = rows.map((r) => {
    const mine: number[] = [];
    for (const { key, births } of r.lookUps) {
      const literal = births ? arrayLiteral(births) : null;
      const id = `${key}\t${literal ?? ''}`;
      let i = askIndex.get(id);
      if (i === undefined) {
        i = asks.length;
        askIndex.set(id, i);
        asks.push({ key, births: literal });
      }
      mine.push(i);
    }
    return mine;
  });
  return { asks, rowAsks };
}

/** A registered record a look-up found, with the look-up's index `i`. */
type Registered = MatchPerson & { i: number; id: number; login_id: string | null };

const s = students;
const columns = sql`${s.id} as id, ${s.loginId} as login_id, ${s.name} as name, ${s.nameKana} as name_kana,
    ${s.birthday}::text as birthday, ${s.phone1} as phone1, ${s.phone2} as phone2, ${s.mail1} as mail1,
    ${s.mail2} as mail2, ${s.postcode} as postcode, ${s.streetName1} as street_name1`;
const live = sql`${s.approvalStatus} <> ${sqlLiteral(APPROVAL.MERGED)}`;

/** The look-ups of one kind in one statement: at most MATCH_KEY_COMMON + 1 records each. */
async function lookUp(
  db: DbOrTx,
  which: (Ask & { i: number })[],
  byBirthday: boolean,
): Promise<Registered[]> {
  if (which.length === 0) return [];
  const keys = sql.param(arrayLiteral(which.map((a) => a.key)));
  const births = sql.param(arrayLiteral(which.map((a) => a.births)));
  const ids = sql.param(arrayLiteral(which.map((a) => a.i)));
  return rowsOf<Registered>(
    db,
    sql`
      select k.i, m.* from unnest(${keys}::text[], ${births}::text[], ${ids}::int[]) as k(key, births, i)
      cross join lateral (
        select ${columns} from ${s}
        where ${live} and ${
          byBirthday
            ? // a name or reading: the birthday's index finds the few born on those days and the key is checked
              // on them (the key's own look-up would read every namesake of a common name)
              sql`${s.birthday} = any(k.births::date[]) and array_cat(${s.matchKeys}, '{}') @> array[k.key]`
            : // a phone or mail: the key's GIN index
              sql`${s.matchKeys} @> array[k.key]`
        }
        limit ${MATCH_KEY_COMMON + 1}
      ) m`,
  );
}

/**
 * One row's best PER_ROW candidates among the records its look-ups found (a key that found more than
 * MATCH_KEY_COMMON says nothing); `prepared` keeps each record's scoring form across the rows.
 */
function bestMatchesOf(
  { p, prepared: me }: MatchRow,
  mine: readonly number[],
  byAsk: readonly Registered[][],
  prepared: Map<number, PreparedPerson>,
): DuplicateSuspect[] {
  const seen = new Map<number, Registered>();
  for (const a of mine) {
    const list = byAsk[a] ?? [];
    if (list.length > MATCH_KEY_COMMON) continue;
    for (const r of list) if (r.login_id !== p.login_id) seen.set(r.id, r);
  }
  return [...seen.values()]
    .map((r) => {
      let other = prepared.get(r.id);
      if (!other) {
        other = preparePerson(r);
        prepared.set(r.id, other);
      }
      return { r, score: scorePrepared(me, other) };
    })
    .filter((x) => x.score.candidate)
    .sort((x, y) => y.score.score - x.score.score || x.r.id - y.r.id)
    .slice(0, PER_ROW)
    .map(({ r, score }) => ({
      line: p.line,
      login_id: p.login_id,
      name: p.name,
      match_user_id: r.id,
      match_login_id: r.login_id ?? '',
      match_name: r.name,
      score: score.score,
      reasons: score.reasons.map((x) => MATCH_REASONS[x].words),
    }));
}
