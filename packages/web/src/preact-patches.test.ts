import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { patchedModule } from '../preact';

/**
 * Decision 026: the patches the build applies to react-aria so that Preact can render it. They run here on
 * the installed react-aria's own files, and the patched modules are loaded and used as the screens use
 * them (the journeys cover the screens; this pins each gap to its fix).
 */
const ariaDir = join(
  dirname(createRequire(import.meta.url).resolve('react-aria/package.json')),
  'dist/private',
);
const scratch = mkdtempSync(join(tmpdir(), 'manabi-preact-patches-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The installed module `relative` with its patch applied, loaded from a scratch copy. */
async function loadPatched(relative: string) {
  const id = join(ariaDir, relative);
  const patched = patchedModule(readFileSync(id, 'utf8'), id);
  if (!patched) throw new Error(`no patch for ${relative}`);
  const file = join(scratch, relative.replaceAll('/', '-'));
  writeFileSync(file, patched.code);
  return import(pathToFileURL(file).href);
}

describe('react-aria patched for Preact', () => {
  it('a collection’s fake document creates element nodes the way Preact asks, and they can remove themselves', async () => {
    const { Document } = await loadPatched('collections/Document.mjs');
    const collection = {
      clone() {
        return collection;
      },
    };
    const doc = new Document(collection);
    const item = doc.createElementNS('http://www.w3.org/1999/xhtml', 'item');
    // an element, not a comment: Preact steps over comment nodes as markers of its own
    expect(item.nodeType).toBe(1);
    expect(item.ownerDocument).toBe(doc);
    doc.appendChild(item);
    expect(doc.firstChild).toBe(item);
    item.remove();
    expect(doc.firstChild).toBeNull();
    expect(item.parentNode).toBeNull();
  });

  it('useKeyboard’s copy of a browser event keeps the key, so Escape can close a dialog', async () => {
    const { createEventHandler } = await loadPatched('interactions/createEventHandler.mjs');
    // a browser event, as Preact hands it over: its fields are getters on the prototype (enumerable, as
    // WebIDL attributes are)
    class KeyEvent extends Event {}
    Object.defineProperty(KeyEvent.prototype, 'key', { get: () => 'Escape', enumerable: true });
    const seen: { key?: string; type?: string }[] = [];
    const handler = createEventHandler((e: { key?: string; type?: string }) => seen.push(e));
    const event = new KeyEvent('keydown', { cancelable: true });
    handler(event);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.key).toBe('Escape');
    expect(seen[0]?.type).toBe('keydown');
    // and, as before, the handler stops the event unless it asks to let it go on
    expect(event.cancelBubble).toBe(true);
  });

  it('refuses to build when react-aria no longer has the text a patch edits', () => {
    const id = join(ariaDir, 'interactions/createEventHandler.mjs');
    expect(() => patchedModule('export { nothing };', id)).toThrow(/exactly once/);
    expect(patchedModule('anything', join(ariaDir, 'collections/Other.mjs'))).toBeNull();
  });
});

describe('Recharts patched for Preact', () => {
  it('a chart’s surface gets the tabindex attribute an SVG element reads, so the keyboard reaches it', async () => {
    const id = createRequire(import.meta.url).resolve('recharts/es6/container/Surface.js');
    const patched = patchedModule(readFileSync(id, 'utf8'), id);
    if (!patched) throw new Error('no patch for Recharts’ Surface');
    // the helper the patch adds, run on its own (the module itself needs React to load)
    const helper = patched.code.slice(patched.code.indexOf('function $manabiSvgTabindex'));
    const toAttributes = new Function(
      `${helper.slice(0, helper.indexOf('export var Surface'))}; return $manabiSvgTabindex;`,
    )();
    expect(toAttributes({ role: 'application', tabIndex: 0 })).toEqual({ role: 'application', tabindex: 0 });
    expect(toAttributes({ role: 'img' })).toEqual({ role: 'img' });
    expect(toAttributes({ tabIndex: undefined })).toEqual({});
    expect(patched.code).toContain('$manabiSvgTabindex(svgPropertiesAndEvents(others))');
  });
});
