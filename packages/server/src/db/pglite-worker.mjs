// The embedded database (PGlite) on a thread of its own (decision 025): the app's event loop answers
// requests while a statement runs here. Plain JavaScript, so the same file runs under vitest and beside the
// esbuild bundle. The other side is pglite-thread.ts; every message carries an id, every answer that id.
//
// Messages: query {text, params, rowMode, identity, tx?} · exec {text, tx?} · begin {tx} · end {tx, commit}
// · dump {compression} · close. `identity` lists the type OIDs whose values stay text (Drizzle's parsers,
// which are functions and cannot cross threads). A transaction is PGlite's own: `begin` answers once it is
// open; its statements name it by `tx`; `end` commits or rolls it back. Statements that name no transaction
// wait for an open one to end, as in PGlite itself.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

class Rollback extends Error {}

const identity = (value) => value;
const parsersOf = (types) => (types ? Object.fromEntries(types.map((t) => [t, identity])) : undefined);

/** An error as data: its message, name and the plain fields PostgreSQL gives (code, constraint, detail, …). */
function errorData(err) {
  const fields = {};
  if (err && typeof err === 'object')
    for (const [key, value] of Object.entries(err))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { message: err instanceof Error ? err.message : String(err), name: err?.name ?? 'Error', fields };
}

const db = await PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm },
  loadDataDir: workerData.load ? new Blob([workerData.load]) : undefined,
});

/** open transactions: id → { tx, finish(commit), done } */
const open = new Map();

function begin(id) {
  return new Promise((started, failed) => {
    const entry = { tx: null, finish: null, done: null };
    open.set(id, entry);
    entry.done = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          entry.tx = tx;
          entry.finish = (yes) => (yes ? commit() : rollback(new Rollback()));
          started(null);
        }),
    );
    // a BEGIN that fails answers the caller; the outcome of the rest is awaited by `end`
    entry.done.catch((err) => {
      if (entry.tx === null) {
        open.delete(id);
        failed(err);
      }
    });
  });
}

async function end(id, commit) {
  const entry = open.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  open.delete(id);
  entry.finish(commit);
  try {
    await entry.done;
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return null;
}

// ---- statements kept by name ----
// PGlite's own query() parses and plans every statement on every call: on the app's hot paths that costs more
// than running it. A text seen a second time is parsed once under a name of its own (PostgreSQL's extended
// protocol, as node-postgres does with a named statement); later calls only bind and execute it, and
// PostgreSQL keeps its plan. Named statements outlive transactions, committed or rolled back. PGlite
// serves one connection, so the names are this worker's alone.
const { serialize } = protocol;
/** text → { name, types }: the parameter types PostgreSQL inferred when the statement was parsed */
const named = new Map();
/** texts seen once, not yet named (bounded: cleared when full) */
const seenOnce = new Set();
const NAMED_MAX = 2000;
const SEEN_MAX = 10000;

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const send = (parts) => db.execProtocolStream(concat(parts), { syncToFs: false });

/**
 * Messages and a closing Sync, in one call. After a failure PostgreSQL skips to that Sync; one more, sent then,
 * is harmless and makes sure the connection is ready for the next call.
 */
async function exchange(parts) {
  try {
    return await send([...parts, serialize.sync()]);
  } catch (err) {
    await send([serialize.sync()]);
    throw err;
  }
}

/**
 * PGlite's parsers with the text-kept ones of a call over them, made once per set. Given as `parsers` in the
 * options, parseResults would copy PGlite's whole table of parsers on every call.
 */
const mergedParsers = new Map();
function parsersFor(identity) {
  const key = identity?.join() ?? '';
  let merged = mergedParsers.get(key);
  if (merged === undefined) {
    merged = { ...db.parsers, ...parsersOf(identity) };
    mergedParsers.set(key, merged);
  }
  return merged;
}

/** Whether this text is to be named: the second time it is seen, while there is room. */
function toName(text) {
  if (named.size >= NAMED_MAX) return false;
  if (seenOnce.has(text)) {
    seenOnce.delete(text);
    return true;
  }
  if (seenOnce.size >= SEEN_MAX) seenOnce.clear();
  seenOnce.add(text);
  return false;
}

/**
 * One statement by name. Runs under PGlite's query lock (`runExclusive`), and outside a transaction also under
 * its transaction lock, as PGlite's own query() does: so nothing else reaches the connection in between.
 */
async function namedQuery(m, inTx) {
  const run = async () => {
    let statement = named.get(m.text);
    if (!statement) {
      const name = `manabi_${named.size + 1}`;
      const described = await exchange([
        serialize.parse({ name, text: m.text }),
        serialize.describe({ type: 'S', name }),
      ]);
      statement = { name, types: parse.parseDescribeStatementResults(described) };
      named.set(m.text, statement);
    }
    const values = m.params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = await exchange([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    ]);
    if (!inTx) await db.syncToFs();
    const [result] = parse.parseResults(messages, parsersFor(m.identity), { rowMode: m.rowMode });
    return result;
  };
  return inTx ? db.runExclusive(run) : db._runExclusiveTransaction(() => db.runExclusive(run));
}

const target = (tx) => {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry?.tx) throw new Error(`no open transaction ${tx}`);
  return entry.tx;
};

async function handle(m) {
  switch (m.op) {
    case 'query': {
      const on = target(m.tx);
      const r =
        named.has(m.text) || toName(m.text)
          ? await namedQuery(m, m.tx !== undefined)
          : await on.query(m.text, m.params, { rowMode: m.rowMode, parsers: parsersOf(m.identity) });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec':
      return (await target(m.tx).exec(m.text)).map((r) => ({
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows,
      }));
    case 'begin':
      return begin(m.tx);
    case 'end':
      return end(m.tx, m.commit);
    case 'dump':
      return (await db.dumpDataDir(m.compression)).arrayBuffer();
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown message ${m.op}`);
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (err) => parentPort.postMessage({ id: m.id, error: errorData(err) }),
  );
});
parentPort.postMessage({ ready: true });
