import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decisionIndexProblems } from '../../../scripts/lib/decision-index.mjs';

/** The decision index is checked by `npm run check`: it passes today and fails on each planted slip. */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function plant(records: Record<string, string>, index: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
  dirs.push(dir);
  for (const [file, title] of Object.entries(records))
    writeFileSync(join(dir, file), `# ${title}\n\nText.\n`);
  writeFileSync(
    join(dir, 'README.md'),
    ['# Decisions', '', '| # | decision | status |', '|---|---|---|', ...index].join('\n'),
  );
  return dir;
}

describe('the decision index', () => {
  it('lists every record of docs/decisions today', () => {
    expect(decisionIndexProblems(join(import.meta.dirname, '../../../docs/decisions'))).toEqual([]);
  });

  it('fails on a record left out, a row with no record, a wrong title and no status', () => {
    const dir = plant({ '001-one.md': '001 One', '002-two.md': '002 Two', '003-three.md': '003 Three' }, [
      '| 001 | [One](001-one.md) | current |',
      '| 002 | [Deux](002-two.md) | amended by 003 |',
      '| 004 | [Four](004-four.md) | current |',
      '| 003 | [Three](003-three.md) | maybe |',
    ]);
    expect(decisionIndexProblems(dir)).toEqual([
      '002-two.md: the index says "Deux", the record "Two"',
      '004-four.md is listed and is not there',
      '003-three.md: "maybe" is no status (current, amended by N, superseded by N)',
    ]);
    const missing = plant({ '001-one.md': '001 One', '002-two.md': '002 Two' }, [
      '| 001 | [One](001-one.md) | current |',
    ]);
    expect(decisionIndexProblems(missing)).toEqual(['002-two.md is not in the index']);
  });
});
