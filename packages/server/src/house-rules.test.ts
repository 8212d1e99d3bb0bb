import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AllowEntry,
  checkApplicationWriters,
  checkOneWay,
  checkOutboxWriters,
  checkSizes,
  checkUnknownCasts,
  NET_PAID_PATTERNS,
  PAYMENT_INSERT_PATTERNS,
} from '../../../scripts/lib/house-rules.mjs';

/**
 * scripts/check-house-rules.mjs's rules (part of `npm run check`) fail on a planted violation, naming its file
 * and line, and pass on clean input: each case plants a small tree in a folder of its own.
 */

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fresh folder holding `files` (root-relative path → text). */
function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'house-rules-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SRC = 'packages/server/src';
const OWNER = `${SRC}/repositories/course-applications.ts`;
const ALLOW: AllowEntry[] = [{ pattern: /\.test\.tsx?$/, reason: 'tests' }];
const writers = (files: Record<string, string>, allow = ALLOW) =>
  checkApplicationWriters(plant(files), { owner: OWNER, allow });

/** Planted code that interpolates in a template literal: `#{x}` stands for the dollar-brace of `x`. */
const code = (text: string) => text.replaceAll('#{', '$' + '{');

/** `n` lines of statements. */
const statements = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
/** A function of exactly `lines` lines, its header on line 1. */
const fn = (name: string, lines: number) => `export function ${name}() {\n${statements(lines - 2)}\n}\n`;

describe('rule 1: one writer of course_applications', () => {
  it('fails on a write in a service, naming the file and line', () => {
    const file = `${SRC}/modules/fake/fake.service.ts`;
    const { violations } = writers({
      [file]:
        "import { courseApplications } from '../../db/schema';\n\nexport async function f(db) {\n  await db.update(courseApplications).set({ remarks: '' });\n}\n",
    });
    expect(violations).toMatchObject([{ rule: 'one-writer', file, line: 4 }]);
  });

  it('catches raw SQL (any case, quoted), an alias and a renamed import', () => {
    const file = `${SRC}/jobs/fake.ts`;
    const { violations } = writers({
      [file]: [
        "import { courseApplications as ca } from '../db/schema';",
        'const a = courseApplications;',
        'sql`UPDATE "course_applications" SET remarks = 1`;',
        'sql`delete from course_applications where id = 1`;',
        code('sql`insert into #{courseApplications} (id) values (1)`;'),
        'tx.delete(a);',
        'tx.insert(ca);',
        code('sql`update #{a} set x = 1`;'),
        'insertUnnest(tx, courseApplications, {}, []);',
      ].join('\n'),
    });
    expect(violations.map((v) => v.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('passes on clean input: the repository, reads, comments and allowlisted files', () => {
    const { violations } = writers({
      [OWNER]: 'tx.update(courseApplications);\n',
      [`${SRC}/modules/fake/fake.service.ts`]:
        '// a comment naming db.update(courseApplications) is no write\ndb.select().from(courseApplications);\nsql`select * from course_applications`;\n',
      [`${SRC}/modules/fake/fake.test.ts`]: 'db.update(courseApplications);\n',
    });
    expect(violations).toEqual([]);
  });

  it('fails on an exact entry that writes no more; notes a stale entry being moved', () => {
    const clean = {
      [`${SRC}/a.ts`]: 'export const a = 1;\n',
      [`${SRC}/b.ts`]: 'export const b = 1;\n',
    };
    const result = writers(clean, [
      { file: `${SRC}/a.ts`, reason: 'gone' },
      { file: `${SRC}/b.ts`, reason: 'merge', moving: true },
    ]);
    expect(result.violations).toMatchObject([{ file: `${SRC}/a.ts`, line: 0 }]);
    expect(result.notes).toMatchObject([{ file: `${SRC}/b.ts`, line: 0 }]);
  });
});

describe('rule 2: sizes', () => {
  it('fails on a 101-line function and passes a 100-line one, naming it and its line', () => {
    const file = `${SRC}/modules/fake/long.ts`;
    const root = plant({ [file]: `${fn('short', 100)}\n${fn('long', 101)}` });
    const { violations } = checkSizes(root, { exceptions: {} });
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ rule: 'size', file, line: 102 });
    expect(violations[0]?.message).toContain('function long has 101 lines');
  });

  it('names arrows, methods and callbacks (React components too)', () => {
    const file = 'packages/web/src/fake.tsx';
    const body = statements(101);
    const root = plant({
      [file]: [
        `export const Page = () => {\n${body}\n  return <p />;\n};`,
        `class Store {\n  load() {\n${body}\n  }\n}`,
        `export function outer() {\n  run(async () => {\n${body}\n  });\n}`,
      ].join('\n'),
    });
    const { long } = checkSizes(root, { exceptions: {} });
    expect(long.functions.map((f) => f.name)).toEqual([
      'Page',
      'Store.load',
      'outer',
      'outer > run(…) callback',
    ]);
  });

  it('fails on a 501-line file and passes a 500-line one; tests, drizzle/ and dist are not read', () => {
    const lines = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`;
    const root = plant({
      'scripts/long.mjs': lines(501),
      'scripts/ok.mjs': lines(500),
      [`${SRC}/fake.test.ts`]: lines(900),
      'packages/server/drizzle/big.ts': lines(900),
      'packages/web/dist/big.js': lines(900),
    });
    const { violations } = checkSizes(root, { exceptions: {} });
    expect(violations).toMatchObject([{ rule: 'size', file: 'scripts/long.mjs', line: 1 }]);
    expect(violations[0]?.message).toContain('501 lines');
  });

  it('lets a listed one be at its length; warns (or fails) when it grows; fails when it is short again', () => {
    const file = `${SRC}/modules/fake/long.ts`;
    const listed = { functions: [{ file, name: 'long', lines: 120, todo: true, reason: 'today' }] };
    expect(checkSizes(plant({ [file]: fn('long', 120) }), { exceptions: listed }).violations).toEqual([]);
    const grown = plant({ [file]: fn('long', 121) });
    expect(checkSizes(grown, { exceptions: listed })).toMatchObject({
      violations: [],
      warnings: [{ file, line: 1 }],
    });
    expect(checkSizes(grown, { exceptions: listed, failOnGrowth: true }).violations).toMatchObject([
      { file, line: 1 },
    ]);
    const stale = checkSizes(plant({ [file]: fn('long', 90) }), { exceptions: listed }).violations;
    expect(stale).toMatchObject([{ file, line: 0 }]);
    expect(stale[0]?.message).toContain('stale');
    const exempt = { exempt: [{ file, reason: 'seed' }] };
    expect(checkSizes(plant({ [file]: fn('long', 300) }), { exceptions: exempt }).violations).toEqual([]);
  });
});

describe('rule 3: `as unknown as`', () => {
  const casts = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const x${i} = y as unknown as number;`).join('\n');

  it('fails on 11 and names each; passes 10; the exempt file, tests and comments do not count', () => {
    const file = `${SRC}/platform/fake.ts`;
    const over = checkUnknownCasts(plant({ [file]: casts(11) }), { limit: 10 });
    expect(over.count).toBe(11);
    expect(over.violations).toHaveLength(11);
    expect(over.violations[10]).toMatchObject({ rule: 'unknown-casts', file, line: 11 });
    const root = plant({
      [file]: `${casts(10)}\n// y as unknown as number`,
      [`${SRC}/db/statements.ts`]: casts(5),
      [`${SRC}/platform/fake.test.ts`]: casts(5),
      [`${SRC}/test/helper.ts`]: casts(5),
    });
    const within = checkUnknownCasts(root, { limit: 10, exempt: [`${SRC}/db/statements.ts`] });
    expect(within).toMatchObject({ count: 10, violations: [] });
  });
});

describe('rule 4: one way each', () => {
  const PAYMENTS = `${SRC}/repositories/payments.ts`;
  const paymentInsert = (files: Record<string, string>) =>
    checkOneWay(plant(files), { name: 'payment-insert', patterns: PAYMENT_INSERT_PATTERNS, owner: PAYMENTS })
      .violations;
  const netPaid = (files: Record<string, string>) =>
    checkOneWay(plant(files), { name: 'net-paid', patterns: NET_PAID_PATTERNS, owner: PAYMENTS }).violations;

  it('passes on the one insert of a payment, in the repository', () => {
    expect(paymentInsert({ [PAYMENTS]: code('sql`insert into #{payments} (id) select 1`;\n') })).toEqual([]);
  });

  it('fails on a second insert of a payment, in a service or in the repository, naming the line', () => {
    const file = `${SRC}/modules/payments/fake.service.ts`;
    expect(
      paymentInsert({
        [PAYMENTS]: code('sql`insert into #{payments} (id) select 1`;\n'),
        [file]: '\n\ntx.insert(payments).values({});\n',
      }),
    ).toMatchObject([{ rule: 'payment-insert', file, line: 3 }]);
    expect(
      paymentInsert({
        [PAYMENTS]: code(
          'sql`insert into #{payments} (id) select 1`;\nsql`INSERT INTO "payments" (id) select 2`;\n',
        ),
      }),
    ).toMatchObject([{ file: PAYMENTS, line: 2 }]);
  });

  it('fails on a second spelling of the net paid, passes the one', () => {
    const one = 'sql`sum(CASE WHEN p.kind = 2 THEN -p.amount ELSE p.amount END)`;\n';
    expect(netPaid({ [PAYMENTS]: one })).toEqual([]);
    const file = `${SRC}/modules/fake.ts`;
    expect(
      netPaid({ [PAYMENTS]: one, [file]: `\n${one.replace('p.amount', code('#{payments.amount}'))}` }),
    ).toMatchObject([{ rule: 'net-paid', file, line: 2 }]);
  });
});

describe('rule 5: one writer of the outbox', () => {
  const OUTBOX = `${SRC}/platform/outbox.ts`;
  const NOTICES = `${SRC}/modules/notices/notices.service.ts`;
  const FORM: AllowEntry = { file: NOTICES, name: 'addNotice', reason: "the office's notice form" };
  const outbox = (files: Record<string, string>, allow: AllowEntry[] = ALLOW) =>
    checkOutboxWriters(plant(files), { owner: OUTBOX, allow });

  it('fails on a mail or a notice inserted outside the outbox, naming the file and line', () => {
    const file = `${SRC}/modules/fake/fake.service.ts`;
    const { violations } = outbox({
      [file]: [
        "import { mailOutbox as mo, notices } from '../../db/schema';",
        "await tx.insert(mailOutbox).values({ to: 'a@example.jp', subject: '', body: '' });",
        'await tx.insert(notices).values({});',
        'sql`INSERT INTO "mail_outbox" (id) values (1)`;',
        code('sql`insert into #{notices} (id) select 1`;'),
        'sql`insert into notices (id) select 1`;',
        'tx.insert(mo);',
      ].join('\n'),
    });
    expect(violations).toMatchObject(
      [2, 3, 4, 5, 6, 7].map((line) => ({ rule: 'outbox-writer', file, line })),
    );
  });

  it("passes the outbox, reads, notice_mails, tests and the office's form; not the form's other functions", () => {
    const root = {
      [OUTBOX]: code('tx.insert(mailOutbox);\nsql`insert into #{notices} (id) select 1`;\n'),
      [`${SRC}/jobs/fake.ts`]: code(
        '// tx.insert(notices) in a comment\ndb.select().from(mailOutbox);\nsql`insert into #{noticeMails} (id) select 1`;\nsql`insert into notice_mails (id) select 1`;\n',
      ),
      [`${SRC}/modules/fake/fake.test.ts`]: 'db.insert(mailOutbox);\n',
      [NOTICES]: [
        'export async function addNotice(db) {',
        '  return db.transaction(async (tx) => tx.insert(notices).values({}));',
        '}',
        'async function queueNoticeMail(tx) {',
        code('  await tx.execute(sql`insert into #{mailOutbox} (id) select 1`);'),
        '}',
      ].join('\n'),
    };
    expect(outbox(root, [...ALLOW, FORM]).violations).toMatchObject([
      { rule: 'outbox-writer', file: NOTICES, line: 5 },
    ]);
    const clean = { ...root, [NOTICES]: root[NOTICES]?.split('\n').slice(0, 3).join('\n') ?? '' };
    expect(outbox(clean, [...ALLOW, FORM]).violations).toEqual([]);
  });

  it('fails on a function entry whose function writes no more', () => {
    const result = outbox({ [NOTICES]: 'export async function addNotice() {}\n' }, [FORM]);
    expect(result.violations).toMatchObject([{ file: NOTICES, line: 0 }]);
    expect(result.violations[0]?.message).toContain('function addNotice');
  });
});
