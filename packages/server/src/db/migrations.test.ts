import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../platform/paths';

/**
 * Upgrades run with old processes still serving (docs/operations.md, "Upgrading"): from 0030 on, a
 * migration only adds. A statement that drops or renames a column or table, changes a column's type or makes
 * it NOT NULL would break the old processes mid-upgrade; one that must do so says why an old process is not
 * hurt in an `-- expand-contract:` comment in the same file.
 */
const FIRST_CHECKED = 30;
const BREAKING: [RegExp, string][] = [
  [/\bDROP\s+COLUMN\b/i, 'drops a column'],
  [/\bDROP\s+TABLE\b/i, 'drops a table'],
  [/\bRENAME\b/i, 'renames'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, "changes a column's type"],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+SET\s+NOT\s+NULL\b/i, 'makes a column NOT NULL'],
];
/** An ADD COLUMN … NOT NULL with neither a default nor a generated value: an old process's INSERT fails. */
const notNullWithoutDefault = (statement: string) =>
  statement
    .split(';')
    .some(
      (clause) =>
        /\bADD\s+COLUMN\b/i.test(clause) &&
        /\bNOT\s+NULL\b/i.test(clause) &&
        !/\b(DEFAULT|GENERATED)\b/i.test(clause),
    );

/** What a migration would break for a process of the release before it ([] when nothing). */
function breakingStatements(sql: string): string[] {
  if (/--\s*expand-contract:/i.test(sql)) return [];
  const statements = sql.split('--> statement-breakpoint').map((s) => s.replace(/--[^\n]*/g, ''));
  return statements.flatMap((s) => [
    ...BREAKING.filter(([re]) => re.test(s)).map(([, what]) => what),
    ...(notNullWithoutDefault(s) ? ['adds a NOT NULL column without a default'] : []),
  ]);
}

describe('migrations stay safe with the previous release still running', () => {
  it('every migration from 0030 on only adds', () => {
    const dir = migrationsDir(undefined);
    const files = readdirSync(dir).filter(
      (f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FIRST_CHECKED,
    );
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(breakingStatements(readFileSync(join(dir, f), 'utf8')), f).toEqual([]);
  });

  it('the rule sees what would break an old process, and lets what only adds through', () => {
    expect(breakingStatements('ALTER TABLE "students" DROP COLUMN "remarks";')).toEqual(['drops a column']);
    expect(breakingStatements('ALTER TABLE "a" RENAME COLUMN "x" TO "y";')).toEqual(['renames']);
    expect(breakingStatements('ALTER TABLE "a" ALTER COLUMN "x" SET DATA TYPE text;')).toEqual([
      "changes a column's type",
    ]);
    expect(breakingStatements('ALTER TABLE "a" ADD COLUMN "x" integer NOT NULL;')).toEqual([
      'adds a NOT NULL column without a default',
    ]);
    expect(breakingStatements('ALTER TABLE "a" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;')).toEqual([]);
    expect(
      breakingStatements('CREATE INDEX "i" ON "a" ("x");--> statement-breakpoint\nDROP INDEX "j";'),
    ).toEqual([]);
    expect(
      breakingStatements(
        '-- expand-contract: no release reads it since 1.4\nALTER TABLE "a" DROP COLUMN "x";',
      ),
    ).toEqual([]);
  });
});
