import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The pages whose own chunks the HTML names up front (issue 16: the my-page's login and top, the pages a
 * student opens first): path → the route modules the router loads for it (src/router.tsx), layout first.
 * Other paths get the plain index.html.
 */
const PRELOADED_ROUTES: Record<string, readonly string[]> = {
  '/mypage/login': ['src/mypage/layout/mypage-public-layout.tsx', 'src/mypage/auth/login-page.tsx'],
  '/mypage/top': ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/top/top-page.tsx'],
};
/** Paths the router sends on to another one: they get that one's page. */
const SAME_AS: Record<string, string> = { '/': '/mypage/top', '/mypage': '/mypage/top' };

/** Where the variants and their index go in dist/ (the server reads `route-html/routes.json`). */
const DIR = 'route-html';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facade: string | null;
  isEntry: boolean;
}

/**
 * Vite plugin (issue 16): for each of {@link PRELOADED_ROUTES}, writes a copy of index.html that also
 * names, as `<link rel="modulepreload">`, every chunk the route's layout and page import statically, and
 * `route-html/routes.json` mapping the paths to those copies. The server sends the copy for its path, so
 * the browser fetches the page's chunks while it is still reading the main script, instead of only once
 * the router has run (no inline script: the CSP is unchanged). A route module it cannot find fails the
 * build, so a renamed screen cannot silently lose its preloads.
 */
export function routeHtml(): Plugin {
  let root = '';
  let outDir = 'dist';
  const chunks: ChunkInfo[] = [];
  return {
    name: 'manabi-route-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      chunks.length = 0;
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          imports: item.imports,
          facade: item.facadeModuleId,
          isEntry: item.isEntry,
        });
      }
    },
    async writeBundle() {
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        for (const file of start) visit(file);
        return seen;
      };
      const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      // already named by index.html (its script and Vite's modulepreloads)
      const initial = closure(entries);
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!index.includes('\n  </head>')) throw new Error('route-html: index.html has no </head>');
      await mkdir(join(outDir, DIR), { recursive: true });

      const routes: Record<string, string> = {};
      for (const [path, modules] of Object.entries(PRELOADED_ROUTES)) {
        const starts = modules.map((module) => {
          const id = join(root, module);
          const chunk = chunks.find((c) => c.facade === id);
          if (!chunk)
            throw new Error(`route-html: no chunk for ${module} (${path}); update PRELOADED_ROUTES`);
          return chunk.fileName;
        });
        const files = [...closure(starts)].filter((file) => !initial.has(file));
        const links = files
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        const name = `${path.slice(1).replaceAll('/', '-')}.html`;
        await writeFile(join(outDir, DIR, name), index.replace('\n  </head>', `\n${links}  </head>`));
        routes[path] = `${DIR}/${name}`;
      }
      for (const [path, target] of Object.entries(SAME_AS)) {
        const file = routes[target];
        if (file) routes[path] = file;
      }
      await writeFile(join(outDir, DIR, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}
