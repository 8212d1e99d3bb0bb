import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface RoutePage {
  /** The route modules the router loads for the path (src/router.tsx), layout first. */
  modules: readonly string[];
  /**
   * Markup shown before the scripts run (decision 027): the page's frame and h1, drawn with the classes the
   * app's own frame uses. src/lib/shell.ts removes it once the app has drawn its h1.
   */
  shell?: string;
  /** The page needs a student's session: the server sends this copy only with the session cookie. */
  session?: 'student';
}

/** The my-page frame's header and the page's h1, as MypageFrame and PageTitle draw them. */
function mypageShell(title: string): string {
  return [
    // laid over #root rather than above it: the app draws beneath it, so taking the shell away moves nothing
    '<div id="shell" aria-hidden="true" class="absolute inset-x-0 top-0 z-10 flex min-h-screen flex-col bg-canvas text-std-17N-170 text-ink">',
    '<div class="border-b-4 border-primary bg-header text-on-header">',
    '<div class="mx-auto flex max-w-[72rem] flex-col gap-2 px-4 py-3 sm:px-6">',
    // the title row is as tall as the buttons beside it; on a wide screen the empty one holds the place of
    // the display choices, so the page moves little when the app takes over
    '<p class="flex min-h-12 items-center text-std-24B-150 max-sm:text-std-22B-150">',
    '<span>まなび <span class="text-std-17B-170 max-sm:sr-only">マイページ</span></span>',
    '</p><div class="min-h-12 max-sm:hidden"></div></div></div>',
    '<div class="mx-auto w-full max-w-[72rem] flex-1 px-4 py-4 sm:px-6 sm:py-6">',
    `<h1 class="text-std-28B-150 text-ink max-sm:text-std-24B-150">${title}</h1>`,
    '<p class="mt-6 text-std-17N-170 text-ink-muted">読み込み中...</p>',
    '</div></div>',
  ].join('');
}

/**
 * The pages whose own chunks the HTML names up front: the my-page's login, top and the screens a student
 * reaches from it. Other paths get the plain index.html. The server also puts a guarded page's first
 * answers into its HTML (packages/server/src/platform/page-data.ts, decision 048).
 */
const PRELOADED_ROUTES: Record<string, RoutePage> = {
  '/mypage/login': {
    modules: ['src/mypage/layout/mypage-public-layout.tsx', 'src/mypage/auth/login-page.tsx'],
  },
  '/mypage/top': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/top/top-page.tsx'],
    shell: mypageShell('マイページ トップ'),
    session: 'student',
  },
  // the screens a student opens from the top: a phone that lands on them (a bookmark, a link in a mail)
  // fetches their chunks beside the main script too
  '/mypage/course/search/accepting': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/courses/course-search-page.tsx'],
    shell: mypageShell('講座を探す'),
    session: 'student',
  },
  '/mypage/course/search/before': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/courses/course-search-page.tsx'],
    shell: mypageShell('講座を探す'),
    session: 'student',
  },
  '/mypage/course/applied': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/courses/course-history-page.tsx'],
    shell: mypageShell('申込状況・受講履歴'),
    session: 'student',
  },
  '/mypage/course/attended': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/courses/course-history-page.tsx'],
    shell: mypageShell('申込状況・受講履歴'),
    session: 'student',
  },
  // `:id` stands for the last path segment, a number (the server's page-data.ts matches it); no shell, as
  // the h1 is the course's name
  '/mypage/course/detail/:id': {
    modules: ['src/mypage/layout/mypage-layout.tsx', 'src/mypage/courses/course-detail-page.tsx'],
    session: 'student',
  },
};
/** Paths the router sends on to another one: they get that one's page. */
const SAME_AS: Record<string, string> = { '/': '/mypage/top', '/mypage': '/mypage/top' };

/** Where the variants and their index go in dist/ (the server reads `route-html/routes.json`). */
const DIR = 'route-html';

/** routes.json: path → its HTML, or its HTML and the session it needs (else the server sends index.html). */
type RouteFile = string | { file: string; session: 'student' };

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facade: string | null;
  isEntry: boolean;
}

/**
 * Vite plugin: for each of {@link PRELOADED_ROUTES}, writes a copy of index.html that also
 * names, as `<link rel="modulepreload">`, every chunk the route's layout and page import statically, and
 * `route-html/routes.json` mapping the paths to those copies. The server sends the copy for its path, so
 * the browser fetches the page's chunks while it is still reading the main script, instead of only once
 * the router has run (no inline script: the CSP is unchanged). A page with a shell also shows its frame
 * and h1 before any script has run. A route module it cannot find fails the build, so a renamed screen
 * cannot silently lose its preloads.
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

      if (!index.includes('<div id="root"></div>')) throw new Error('route-html: index.html has no #root');
      const routes: Record<string, RouteFile> = {};
      for (const [path, { modules, shell, session }] of Object.entries(PRELOADED_ROUTES)) {
        const starts = modules.map((module) => {
          const id = join(root, module);
          const chunk = chunks.find((c) => c.facade === id);
          if (!chunk)
            throw new Error(`route-html: no chunk for ${module} (${path}); update PRELOADED_ROUTES`);
          return chunk.fileName;
        });
        const files = [...closure(starts)].filter((file) => !initial.has(file));
        const links = files
          // low: the page's own chunks must not hold up prefs.js and the stylesheet, which the first paint
          // waits for, nor the main script (measured: first render of top 164 → 128 ms, its data 457 → 278)
          .map((file) => `    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n`)
          .join('');
        const name = `${path.slice(1).replaceAll('/', '-').replaceAll(':', '')}.html`;
        const html = index
          .replace('\n  </head>', `\n${links}  </head>`)
          .replace('<div id="root"></div>', `${shell ?? ''}<div id="root"></div>`);
        await writeFile(join(outDir, DIR, name), html);
        routes[path] = session ? { file: `${DIR}/${name}`, session } : `${DIR}/${name}`;
      }
      for (const [path, target] of Object.entries(SAME_AS)) {
        const file = routes[target];
        if (file) routes[path] = file;
      }
      await writeFile(join(outDir, DIR, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}
