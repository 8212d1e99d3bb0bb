#!/usr/bin/env node
// After the browser journeys: the whole log of every journey server (scripts/e2e-server.sh writes them to
// .e2e/server-<port>.log) holds none of the demo students' personal data — no name, reading, phone, mail
// address or town of the demo's seed (packages/server/src/db/seed/demo.ts), however a request or an error
// carried it. The values are read from the seed itself, so a student added there is looked for too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoValues, valuesIn } from './lib/log-scan.mjs';

const root = join(import.meta.dirname, '..');
// a line is read decoded as well (scripts/lib/log-scan.mjs): a URL carries a name percent-escaped, a form's
// query with + for its space
const found = demoValues(readFileSync(join(root, 'packages/server/src/db/seed/demo.ts'), 'utf8'));

const dir = join(root, '.e2e');
const logs = readdirSync(dir).filter((f) => /^server-\d+\.log$/.test(f));
if (logs.length === 0) {
  console.error('log scan: no journey server log in .e2e/ (scripts/e2e-server.sh writes them)');
  process.exit(1);
}
let lines = 0;
const hits = [];
for (const f of logs) {
  const text = readFileSync(join(dir, f), 'utf8');
  const split = text.split('\n');
  lines += split.length;
  split.forEach((line, i) => {
    for (const v of valuesIn(line, found)) hits.push(`${f}:${i + 1}: ${JSON.stringify(v)}`);
  });
}
// a log of a few lines proves nothing: the journeys make thousands of requests
if (lines < 500) {
  console.error(`log scan: only ${lines} lines in ${logs.join(', ')}: the servers' requests were not logged`);
  process.exit(1);
}
if (hits.length > 0) {
  console.error(
    `log scan: personal data of the demo students in the journeys' server logs:\n${hits.slice(0, 50).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `log scan: ${found.size} names, readings, phones, mail addresses and towns of the demo looked for in ${lines} lines of ${logs.length} server logs: none found`,
);
