#!/usr/bin/env node
// The house rules of docs/architecture.md that no compiler checks, checked (part of `npm run check`):
//   1. one writer of course_applications: repositories/course-applications.ts (allowlist below);
//   2. sizes: no function over 100 lines, no file over 500, outside tests (exceptions in
//      scripts/house-rules-exceptions.json, which may only shrink);
//   3. at most UNKNOWN_CASTS_MAX `as unknown as` in packages/server/src (db/statements.ts and tests aside);
//   4. one way each: one spelling of a seat's net paid, one insert of a payment (repositories/payments.ts);
//   5. one writer of the outbox: mail_outbox and the personal notices are inserted by platform/outbox.ts only
//      (allowlist below).
// Each violation is printed as `file:line [rule] message`; exit 1 when there is one.
// `--write-baseline` rewrites the exceptions' todo lists from what is long today (the lead's tool, not a fix).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkApplicationWriters,
  checkOneWay,
  checkOutboxWriters,
  checkSizes,
  checkUnknownCasts,
  formatViolations,
  NET_PAID_PATTERNS,
  PAYMENT_INSERT_PATTERNS,
  SERVER_SRC,
} from './lib/house-rules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// ---- rule 1 ----

const APPLICATIONS_OWNER = `${SERVER_SRC}/repositories/course-applications.ts`;

/** Who else may write course_applications, and why. */
const APPLICATION_WRITERS = [
  // tests set up the states they test, row by row
  { pattern: /\.test\.tsx?$/, reason: 'tests' },
  // the test harness's factories (makeApplication) make the rows tests start from
  { file: `${SERVER_SRC}/test/`, reason: 'test harness' },
  // the demo seed (seed/demo.ts, seed/demo-payments.ts) writes its story of data as it is, in order
  { file: `${SERVER_SRC}/db/seed/`, reason: 'demo seed' },
];

// ---- rule 2 ----

const EXCEPTIONS_FILE = join(root, 'scripts/house-rules-exceptions.json');
const MAX_FUNCTION_LINES = 100;
const MAX_FILE_LINES = 500;
/**
 * A listed function or file that grew past its recorded length: warned, not failed, while the files being
 * rewritten (and repositories/course-applications.ts, where new functions go) still move. Set it to true to
 * hold every listed one at its length.
 */
const FAIL_ON_GROWTH = false;

// ---- rule 3 ----

/**
 * The count when the rule came in, all in files being rewritten: db/client.ts 4 (the drivers built),
 * modules/lifecycle/retention.service.ts 3 and repositories/person-data.ts 1 (raw rows),
 * repositories/course-applications.ts 2 (raw rows, for rowsOf). Lower it as they go.
 */
const UNKNOWN_CASTS_MAX = 4;
/** The one door to Drizzle's internals holds the casts that takes (decision 044). */
const UNKNOWN_CASTS_EXEMPT = [`${SERVER_SRC}/db/statements.ts`];

// ---- rule 4 ----

const PAYMENTS_OWNER = `${SERVER_SRC}/repositories/payments.ts`;
/** Who else may spell a payment out, and why. */
const PAYMENT_WRITERS = [
  // the demo seed writes its payments as they are (seed/demo-payments.ts, decision 078)
  { file: `${SERVER_SRC}/db/seed/`, reason: 'demo seed' },
  // the test harness
  { file: `${SERVER_SRC}/test/`, reason: 'test harness' },
];

// ---- rule 5 ----

const OUTBOX_OWNER = `${SERVER_SRC}/platform/outbox.ts`;

/** Who else may insert into mail_outbox or notices, and why. */
const OUTBOX_WRITERS = [
  // tests set up the mails and notices they read
  { pattern: /\.test\.tsx?$/, reason: 'tests' },
  // the test harness's factories (makeNotice) make the notices tests start from
  { file: `${SERVER_SRC}/test/`, reason: 'test harness' },
  // the demo seed writes its story of data as it is (its notices, a failed mail for the work list)
  { file: `${SERVER_SRC}/db/seed/`, reason: 'demo seed' },
  // the office's notice form publishes an audience notice (no student_id): the office's own writing, not the
  // outbox; its mails (queueNoticeMail) go through the outbox like every other
  {
    file: `${SERVER_SRC}/modules/notices/notices-form.service.ts`,
    name: 'addNotice',
    reason: "the office's notice form: an audience notice, not a personal one",
  },
];

// ---- run ----

const exceptions = JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8'));
const sizes = checkSizes(root, {
  exceptions,
  maxFunction: MAX_FUNCTION_LINES,
  maxFile: MAX_FILE_LINES,
  failOnGrowth: FAIL_ON_GROWTH,
});

if (process.argv.includes('--write-baseline')) {
  const reasonOf = new Map(
    [...(exceptions.files ?? []), ...(exceptions.functions ?? [])].map((e) => [
      `${e.file}\0${e.name ?? ''}`,
      e.reason,
    ]),
  );
  const todo = 'over the limit when the rule came in: split it, then remove this entry';
  exceptions.files = sizes.long.files.map((f) => ({
    file: f.file,
    lines: f.lines,
    todo: true,
    reason: reasonOf.get(`${f.file}\0`) ?? todo,
  }));
  exceptions.functions = sizes.long.functions.map((f) => ({
    file: f.file,
    name: f.name,
    lines: f.lines,
    todo: true,
    reason: reasonOf.get(`${f.file}\0${f.name}`) ?? todo,
  }));
  writeFileSync(EXCEPTIONS_FILE, `${JSON.stringify(exceptions, null, 2)}\n`);
  console.log(
    `house rules: ${EXCEPTIONS_FILE} rewritten (${exceptions.files.length} files, ${exceptions.functions.length} functions)`,
  );
  process.exit(0);
}

const writers = checkApplicationWriters(root, { owner: APPLICATIONS_OWNER, allow: APPLICATION_WRITERS });
const outbox = checkOutboxWriters(root, { owner: OUTBOX_OWNER, allow: OUTBOX_WRITERS });
const casts = checkUnknownCasts(root, { limit: UNKNOWN_CASTS_MAX, exempt: UNKNOWN_CASTS_EXEMPT });
const netPaid = checkOneWay(root, {
  name: 'net-paid',
  patterns: NET_PAID_PATTERNS,
  owner: PAYMENTS_OWNER,
  allow: PAYMENT_WRITERS,
});
const paymentInsert = checkOneWay(root, {
  name: 'payment-insert',
  patterns: PAYMENT_INSERT_PATTERNS,
  owner: PAYMENTS_OWNER,
  allow: PAYMENT_WRITERS,
});

const violations = [
  ...writers.violations,
  ...outbox.violations,
  ...sizes.violations,
  ...casts.violations,
  ...netPaid.violations,
  ...paymentInsert.violations,
];
for (const line of formatViolations([...writers.notes, ...outbox.notes, ...sizes.warnings]))
  console.log(line);
console.log(
  `house rules: ${sizes.long.functions.length} functions over ${MAX_FUNCTION_LINES} lines and ${sizes.long.files.length} files over ${MAX_FILE_LINES} (all listed), ` +
    `${casts.count} \`as unknown as\` (at most ${UNKNOWN_CASTS_MAX}: ${[...casts.perFile].map(([f, n]) => `${f.replace(`${SERVER_SRC}/`, '')} ${n}`).join(', ')})`,
);
if (violations.length > 0) {
  for (const line of formatViolations(violations)) console.error(line);
  console.error(
    `house rules: ${violations.length} violation(s) (docs/architecture.md, scripts/check-house-rules.mjs)`,
  );
  process.exit(1);
}
