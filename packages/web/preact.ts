import type { Alias, Plugin } from 'vite';

/**
 * The web build renders with Preact (decision 026): every `react` / `react-dom` import, ours and our
 * libraries', resolves to Preact's React layer. The types stay React's (@types/react): preact/compat
 * implements that API.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

interface Patch {
  /** The end of the module's path (react-aria's own files, not its public entry points). */
  file: string;
  /** Why React needs no patch and Preact does. */
  why: string;
  edits: readonly (readonly [string, string])[];
}

/**
 * Where react-aria and Recharts lean on React DOM's own behaviour and Preact behaves as the browser's DOM
 * does. Each edit must match exactly once, so an upgrade that changes these lines fails the build instead
 * of breaking a screen: then check whether the edit is still needed (the admin tables, the student ID
 * dialog, the applicant search and the statistics journeys exercise all of them).
 */
const PATCHES: readonly Patch[] = [
  {
    file: '/react-aria/dist/private/collections/Document.mjs',
    why:
      'Collections (Table, ListBox, Select, GridList) are built by rendering into a fake document. ' +
      'Preact 11 creates nodes with their parent’s ownerDocument, as React does, but calls ' +
      'createElementNS, removes with node.remove(), and skips comment nodes (nodeType 8) as markers.',
    edits: [
      [
        '    createElement(type) {',
        '    createElementNS(_namespace, type) {\n        return this.createElement(type);\n    }\n    createElement(type) {',
      ],
      ['this.nodeType = 8 //', 'this.nodeType = 1 //'],
      [
        '    addEventListener() {}',
        '    remove() {\n        this.parentNode?.removeChild(this);\n    }\n    addEventListener() {}',
      ],
    ],
  },
  {
    file: '/react-aria/dist/private/interactions/createEventHandler.mjs',
    why:
      'useKeyboard copies the event with a spread. React passes an object whose fields are its own; ' +
      'Preact passes the browser’s event, whose fields (key, code, currentTarget…) are getters on its ' +
      'prototype that a spread does not copy: Escape never closed a dialog.',
    edits: [
      ['            ...e,', '            ...$manabiEventFields(e),'],
      [
        'export {',
        '/** The event’s fields as own properties (a browser event’s are getters a spread would miss). */\n' +
          'function $manabiEventFields(e) {\n' +
          '    if (typeof Event === "undefined" || !(e instanceof Event)) return e;\n' +
          '    const fields = {};\n' +
          '    for (const key in e) if (typeof e[key] !== "function") fields[key] = e[key];\n' +
          '    return fields;\n' +
          '}\n\nexport {',
      ],
    ],
  },
  {
    file: '/react-aria/dist/private/i18n/useDefaultLocale.mjs',
    why:
      'Not a React DOM difference but a cost: at load, react-aria checks the browser’s language with ' +
      'Intl.DateTimeFormat.supportedLocalesOf. A page’s first Intl call loads ICU (10–40 ms of main thread ' +
      'on this machine, several times that on a phone), and nothing else on a my-page screen needs it: the ' +
      'app formats its dates without Intl (decision 068) and renders under I18nProvider locale="ja-JP" ' +
      '(app-root.tsx), so the default is Japanese here too (decision 079).',
    edits: [
      [
        "    try {\n        Intl.DateTimeFormat.supportedLocalesOf([\n            locale\n        ]);\n    } catch  {\n        locale = 'en-US';\n    }",
        "    locale = 'ja-JP';",
      ],
    ],
  },
  {
    file: '/react-aria/dist/private/i18n/utils.mjs',
    why:
      'The same cost: I18nProvider asks whether its locale is written right to left through ' +
      'new Intl.Locale(locale).maximize(), which loads ICU. Japanese is written left to right, which ' +
      'react-aria’s own fallback (the language’s name) already answers without ICU (decision 079).',
    edits: [['    if (Intl.Locale) {', "    if (Intl.Locale && localeString.split('-')[0] !== 'ja') {"]],
  },
  {
    file: '/recharts/es6/container/Surface.js',
    why:
      'A chart’s accessibility layer makes its <svg> one tab stop with tabIndex 0. React writes the prop as ' +
      'the attribute `tabindex`; Preact writes an SVG element’s props by their names, and `tabIndex` is no ' +
      'attribute there (SVG names keep their case), so no keyboard could reach a chart.',
    edits: [
      [
        '_extends({}, svgPropertiesAndEvents(others), {',
        '_extends({}, $manabiSvgTabindex(svgPropertiesAndEvents(others)), {',
      ],
      [
        'export var Surface =',
        '/** The props with tabIndex written as the attribute an SVG element reads. */\n' +
          'function $manabiSvgTabindex(props) {\n' +
          '  if (!("tabIndex" in props)) return props;\n' +
          '  const { tabIndex, ...rest } = props;\n' +
          '  return tabIndex === undefined ? rest : { ...rest, tabindex: tabIndex };\n' +
          '}\n\nexport var Surface =',
      ],
    ],
  },
];

function applyEdits(code: string, patch: Patch): string {
  let out = code;
  for (const [from, to] of patch.edits) {
    const at = out.indexOf(from);
    if (at < 0 || out.indexOf(from, at + from.length) >= 0)
      throw new Error(`preact patches: "${from}" is not in ${patch.file} exactly once (${patch.why})`);
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

/** The patched module for `id`, or null when {@link PATCHES} has none for it. */
export function patchedModule(code: string, id: string): { file: string; code: string } | null {
  const path = (id.split('?')[0] ?? id).replaceAll('\\', '/');
  const patch = PATCHES.find((p) => path.endsWith(p.file));
  return patch ? { file: patch.file, code: applyEdits(code, patch) } : null;
}

/**
 * Vite plugin for the build: applies {@link PATCHES} to react-aria's modules as they are bundled, and fails
 * the build when a patched module was never bundled (a renamed file would otherwise lose its patch).
 */
export function preactPatches(): Plugin {
  const seen = new Set<string>();
  return {
    name: 'manabi-preact-patches',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      const patched = patchedModule(code, id);
      if (!patched) return null;
      seen.add(patched.file);
      return { code: patched.code, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = PATCHES.filter((p) => !seen.has(p.file)).map((p) => p.file);
      if (missing.length > 0) throw new Error(`preact patches: never bundled ${missing.join(', ')}`);
    },
  };
}

/** The same patches for the development server, which bundles the dependencies ahead (optimizeDeps). */
export const preactDependencyPatches = {
  name: 'manabi-preact-patches-deps',
  transform(code: string, id: string) {
    const patched = patchedModule(code, id);
    return patched ? { code: patched.code, map: null } : null;
  },
};
