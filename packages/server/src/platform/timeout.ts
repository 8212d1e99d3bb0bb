/** Thrown by {@link withTimeout} when the work did not settle in time. */
export class TimeoutError extends Error {}

/**
 * The work's answer, or a TimeoutError after `ms`. The work itself goes on (a statement sent stays sent): the
 * caller only stops waiting for it, which is what a probe or a scrape needs — an answer in bounded time.
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
