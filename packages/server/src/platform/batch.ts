/**
 * One statement for the look-ups that arrive in the same turn of the event loop (decision 032).
 *
 * Every guarded call reads its session. Under load, dozens of calls reach their guard in the same turn; each
 * statement costs two system calls and PostgreSQL's per-statement work, more than the row itself. The keys
 * asked for in one turn go out together (`run(keys)`, e.g. `id_hash = any($1)`) when the turn ends
 * (`setImmediate`), or as soon as `max` distinct keys are waiting. Nothing is kept between turns: each call
 * still reads what the database holds after it arrived, as a statement of its own would.
 *
 * A key asked for twice in one turn is sent once, and both callers get the same row (read-only). A key with
 * no row answers undefined. When the statement fails, every caller of that batch gets its error, and the
 * next turn starts a new batch.
 */
export function batchedLookup<R>(
  run: (keys: string[]) => Promise<R[]>,
  keyOf: (row: R) => string,
  max = 100,
): (key: string) => Promise<R | undefined> {
  type Waiter = { resolve: (row: R | undefined) => void; reject: (err: unknown) => void };
  let open: Map<string, Waiter[]> | null = null;

  const send = async (batch: Map<string, Waiter[]>) => {
    try {
      const rows = await run([...batch.keys()]);
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(byKey.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };
  const close = (batch: Map<string, Waiter[]>) => {
    if (open === batch) open = null;
    void send(batch);
  };

  return (key) =>
    new Promise<R | undefined>((resolve, reject) => {
      let batch = open;
      if (!batch) {
        const fresh = new Map<string, Waiter[]>();
        open = batch = fresh;
        setImmediate(() => {
          if (open === fresh) close(fresh);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= max) close(batch);
    });
}
