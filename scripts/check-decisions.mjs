#!/usr/bin/env node
// npm run check: the decision index lists every decision record, with its title and status
// (scripts/lib/decision-index.mjs).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decisionIndexProblems } from './lib/decision-index.mjs';

const dir = join(fileURLToPath(new URL('..', import.meta.url)), 'docs/decisions');
const problems = decisionIndexProblems(dir);
for (const p of problems) console.error(`docs/decisions: ${p}`);
console.log(
  `decision index: ${problems.length === 0 ? 'every record listed' : `${problems.length} problems`}`,
);
process.exit(problems.length === 0 ? 0 : 1);
