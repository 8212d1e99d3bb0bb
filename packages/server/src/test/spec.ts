import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** SPEC.md lives beside this repository (shared/), as CI clones it. */
const SPEC_PATH = join(import.meta.dirname, '../../../../../shared/SPEC.md');

export const hasSpec = existsSync(SPEC_PATH);

/**
 * Every `GET|POST /api/…` call SPEC §7 writes, spelled exactly as written (a trailing full stop is prose);
 * `{kind}` stands for the four my-page course lists.
 */
export function specCalls(): [method: string, path: string][] {
  const spec = readFileSync(SPEC_PATH, 'utf8');
  const section = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
  return [...section.matchAll(/\b(GET|POST) (\/api\/[^\s(;,?:]+?)\.?(?=[\s(;,?:]|$)/gm)].flatMap(
    ([, method = '', path = '']): [string, string][] =>
      path.includes('{kind}')
        ? ['accepting', 'before', 'applied', 'attended'].map((k) => [method, path.replace('{kind}', k)])
        : [[method, path]],
  );
}
