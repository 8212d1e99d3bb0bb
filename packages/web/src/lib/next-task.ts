/**
 * Resolves in a later task of the event loop, so the browser may paint and answer input in between. On a
 * slow phone the app's start-up work (evaluating its modules, building the router, drawing the first
 * screen) would otherwise run as one long task that blocks the page (decision 052).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
