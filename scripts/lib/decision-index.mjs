// The decision index (docs/decisions/README.md) against the records beside it: every record is listed once,
// with its own title and a status, and every row names a record that is there. `npm run check` runs it
// (scripts/check-decisions.mjs), so the index cannot fall behind the records.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;
const ROW = /^\| (\d{3}) \| \[(.+)\]\((\d{3}-[a-z0-9-]+\.md)\) \| (.+) \|$/;
const STATUS = /^(current|amended by \d{3}|superseded by \d{3})(; .+)?$/;

/** Each problem in words; [] when the index and the records agree. */
export function decisionIndexProblems(dir) {
  const records = readdirSync(dir).filter((f) => RECORD.test(f));
  const rows = readFileSync(join(dir, 'README.md'), 'utf8')
    .split('\n')
    .map((line) => ROW.exec(line))
    .filter((m) => m !== null);
  const problems = [];
  const listed = new Map();
  for (const [, no, title, file, status] of rows) {
    if (listed.has(file)) problems.push(`${file} is listed twice`);
    listed.set(file, true);
    if (!records.includes(file)) {
      problems.push(`${file} is listed and is not there`);
      continue;
    }
    if (file.slice(0, 3) !== no) problems.push(`${file} is listed as ${no}`);
    const heading = readFileSync(join(dir, file), 'utf8')
      .split('\n')[0]
      .replace(/^#\s*\d{3}\s*/, '')
      .trim();
    if (heading !== title) problems.push(`${file}: the index says "${title}", the record "${heading}"`);
    if (!STATUS.test(status.trim()))
      problems.push(`${file}: "${status}" is no status (current, amended by N, superseded by N)`);
  }
  for (const file of records) if (!listed.has(file)) problems.push(`${file} is not in the index`);
  return problems;
}
