/**
 * Every field the server writes into an audit entry has words (decision 088): the keys of each `detail`
 * literal, of the helpers that build one (auditDetail, snapshot, trail), and the fields an update's changes
 * name (`shown`, `withheld`), read from the server's own source; and each code such a literal writes (a
 * check-in's `via: 'manual'`, a payment's `source: 'bank'`) has its words. A new field or code without words
 * fails here, before the viewer shows it raw.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { auditFieldHasWords } from '@manabi/shared/domain/audit-text';
import { VALUE_WORDS } from '@manabi/shared/domain/audit-words';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The text between the bracket at `open` and its partner (strings and nested brackets skipped). */
function bracketed(text: string, open: number): string {
  const pairs: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = text.indexOf(ch, i + 1);
      i = end === -1 ? text.length : end;
    } else if (ch in pairs) stack.push(pairs[ch] as string);
    else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return text.slice(open + 1, i);
    }
  }
  return '';
}

/** The top-level keys of an object literal's body, and the literal string each is given, if any. */
function keysOf(body: string): { key: string; literal?: string }[] {
  const out: { key: string; literal?: string }[] = [];
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = body.indexOf(ch, i + 1);
      i = end === -1 ? body.length : end;
    } else if ('{[('.includes(ch)) depth++;
    else if ('}])'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  for (const raw of parts) {
    const part = raw.replace(/\/\/[^\n]*/g, '').trim();
    if (part === '') continue;
    if (part.startsWith('...')) {
      // a spread of literals (`...(paid ? { net_paid: … } : {})`): their keys too
      for (let i = part.indexOf('{'); i !== -1; ) {
        const inner = bracketed(part, i);
        // (changesOf's own options name the fields its changes hold: read below)
        out.push(...keysOf(inner).filter((k) => k.key !== 'shown' && k.key !== 'withheld'));
        i = part.indexOf('{', i + inner.length + 2);
      }
      continue;
    }
    const m = /^([A-Za-z_$][\w$]*)\s*(?::\s*([\s\S]*))?$/.exec(part);
    if (!m) continue;
    const literal = /^'([a-z_]+)'(\s+as const)?$/.exec(m[2]?.trim() ?? '')?.[1];
    out.push({ key: m[1] as string, ...(literal ? { literal } : {}) });
  }
  return out;
}

/** Every field the file writes into an audit entry, with where. */
function fieldsWritten(file: string) {
  const text = readFileSync(file, 'utf8');
  if (!/\baudit(Many)?\(|changesOf\(/.test(text)) return [];
  const found: { key: string; literal?: string; at: string }[] = [];
  const at = (i: number) => `${relative(SRC, file)}:${text.slice(0, i).split('\n').length}`;
  // detail: { … }, and the helpers that build a detail
  const objects =
    /\bdetail:\s*\{|\bconst (?:auditDetail|snapshot|trail|detail)\s*=\s*(?:\([^)]*\)[^=]*=>\s*\(\s*)?\{/g;
  for (const m of text.matchAll(objects)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    for (const k of keysOf(bracketed(text, open))) found.push({ ...k, at: at(m.index ?? 0) });
  }
  // the fields an update's changes name
  for (const m of text.matchAll(/\b(?:shown|withheld):\s*\[/g)) {
    const list = bracketed(text, (m.index ?? 0) + m[0].length - 1);
    for (const f of list.matchAll(/'(\w+)'/g)) found.push({ key: f[1] as string, at: at(m.index ?? 0) });
  }
  return found;
}

const written = sourceFiles(SRC).flatMap(fieldsWritten);

describe('the audit log holds nothing the viewer cannot say in words', () => {
  it('reads the writers it should (the scan is not blind)', () => {
    const keys = new Set(written.map((w) => w.key));
    // one field of each kind of writer: a payment, a check-in, a merge, a course's changes, a withdrawal
    for (const k of ['receipt_no', 'via', 'kept_id', 'tuitionFee', 'reason_given']) expect(keys).toContain(k);
    expect(written.filter((w) => w.literal).map((w) => w.key)).toContain('source');
  });

  it('every field written into an entry has its words', () => {
    const without = written.filter((w) => !auditFieldHasWords(w.key)).map((w) => `${w.key} (${w.at})`);
    expect(without).toEqual([]);
  });

  it('every code a writer puts in a field has its words', () => {
    const without = written
      .filter((w) => w.literal !== undefined && !VALUE_WORDS[w.key]?.[w.literal])
      .map((w) => `${w.key}: '${w.literal}' (${w.at})`);
    expect(without).toEqual([]);
  });
});
