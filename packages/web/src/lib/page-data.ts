/**
 * The first screen's answers that came inside the page's HTML (decision 048; the server's
 * platform/page-data.ts writes `#page-data`: request URL → JSON answer). Until the app asks for one of
 * those URLs, a GET of it is answered from the page, once, without the network; every other call, and the
 * same call asked again, goes to the server as before. Answering at the fetch keeps every query, its key
 * and its side effects (the idle tracker, the activity listeners) exactly as they are.
 */
/**
 * How long after the page began loading its answers may still be served: as long as the query client
 * keeps an answer fresh (staleTime in lib/query-client.ts). A call the first screen did not make by then
 * (a later visit to the same screen in this page) goes to the server.
 */
const FRESH_FOR = 30_000;

export function answerFromPageData(): void {
  const element = document.getElementById('page-data');
  if (!element?.textContent) return;
  let answers: Map<string, unknown>;
  try {
    answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return;
  }
  element.remove();
  if (answers.size === 0) return;
  const networkFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const fresh = performance.now() < FRESH_FOR;
    if (fresh && method === 'GET' && typeof input === 'string' && answers.has(input)) {
      const body = JSON.stringify(answers.get(input));
      answers.delete(input);
      return Promise.resolve(
        new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }),
      );
    }
    return networkFetch(input, init);
  };
}
