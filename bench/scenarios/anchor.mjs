// The anchor's requests: GET /pk?id=N for ids spread over the table.
import { requestBytes } from '../lib/http.mjs';

export function createScenario({ host, maxId }) {
  const requests = Array.from({ length: 1024 }, (_, i) =>
    requestBytes({ path: `/pk?id=${1 + ((i * 7919) % maxId)}`, host }),
  );
  let i = 0;
  const task = (bytes) => (send) => send('pk', bytes);
  return { nextTask: () => task(requests[i++ & 1023]) };
}
