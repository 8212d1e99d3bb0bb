import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { serverRoot } from '../base/server-root';

/**
 * The embedded database on its own thread (decision 025): PGlite runs in a worker (pglite-worker.mjs) and
 * this object answers for it with the part of PGlite's API that Drizzle's PGlite driver and our code use:
 * `query`, `exec`, `transaction`, `dumpDataDir`, `close`. The app's event loop keeps reading and answering
 * requests while a statement runs, and the two cores share the work.
 */

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's parsers: functions cannot cross threads, and Drizzle's all keep the text as it is */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface ThreadResult<R = Record<string, unknown>> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface Queryable {
  query<R>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult<R>>;
  exec(text: string): Promise<ThreadResult[]>;
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** An error the worker sent back, with PostgreSQL's fields (code, constraint, detail, …) on it. */
function rebuild(data: { message: string; name: string; fields: Record<string, unknown> }): Error {
  return Object.assign(new Error(data.message), data.fields, { name: data.name });
}

/** The type OIDs of `parsers`, each checked to keep its text unchanged (the only kind that can cross). */
function identityTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse('2026-01-01', Number(oid)) !== '2026-01-01')
      throw new Error(`PGlite thread: only parsers that keep the text can cross threads (type ${oid})`);
    return Number(oid);
  });
}

export class PgliteThread implements Queryable {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id?: number; result?: unknown; error?: Parameters<typeof rebuild>[0] }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(rebuild(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread ended (exit code ${code})`)));
  }

  /** Starts the worker and resolves once the database is open. `dataDir` undefined → in memory. */
  static create(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    return (async () => {
      const load = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
      const worker = new Worker(join(serverRoot(), 'src', 'db', 'pglite-worker.mjs'), {
        workerData: { dataDir: options.dataDir, load },
        transferList: load ? [load] : [],
      });
      await new Promise<void>((resolve, reject) => {
        const onMessage = (m: { ready?: boolean }) => {
          if (!m.ready) return;
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
      });
      return new PgliteThread(worker);
    })();
  }

  /** Statements and transaction steps sent to the thread and not yet answered (the metrics read it). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private statements(tx?: number): Queryable {
    return {
      query: async <R>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.call<ThreadResult<R>>({
          op: 'query',
          tx,
          text,
          params,
          rowMode: options.rowMode,
          identity: identityTypes(options.parsers),
        }),
      exec: (text: string) => this.call<ThreadResult[]>({ op: 'exec', tx, text }),
    };
  }

  query<R>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult<R>> {
    return this.statements().query<R>(text, params, options);
  }

  exec(text: string): Promise<ThreadResult[]> {
    return this.statements().exec(text);
  }

  /**
   * PGlite's transaction, run by the worker: `fn` gets a handle whose statements go to it; the transaction
   * commits when `fn` resolves and rolls back when it throws. Statements outside it wait for it to end.
   */
  async transaction<T>(fn: (tx: Queryable & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.call({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn({
        ...this.statements(tx),
        rollback: () =>
          Promise.reject(new Error('PGlite thread: roll back by throwing from the transaction')),
      });
    } catch (err) {
      // the caller's error is the one to report, whatever the rollback answers
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The database as a tarball (tests keep a migrated one and load it into each new database). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
