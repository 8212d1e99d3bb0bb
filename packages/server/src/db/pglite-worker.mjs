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
import { PGlite } from '@electric-sql/pglite';
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

const target = (tx) => {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry?.tx) throw new Error(`no open transaction ${tx}`);
  return entry.tx;
};

async function handle(m) {
  switch (m.op) {
    case 'query': {
      const r = await target(m.tx).query(m.text, m.params, {
        rowMode: m.rowMode,
        parsers: parsersOf(m.identity),
      });
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
