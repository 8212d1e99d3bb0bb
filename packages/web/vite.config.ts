import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { preactAliases, preactDependencyPatches, preactPatches } from './preact.ts';
import { precompress } from './precompress.ts';
import { routeHtml } from './route-html.ts';

/**
 * Web build. Routes are lazy (src/router.tsx), so every screen and the two area layouts get their own
 * chunks without manualChunks. The Fastify server serves `dist/` and sends a strict CSP
 * (script-src 'self'): index.html therefore has no inline script. `routeHtml()` writes copies of index.html
 * that also preload the chunks of the my-page's login and top; `precompress()` writes .br and .gz copies
 * beside the text files for the server to send as they are (decision 019).
 */
/**
 * The two kinds of warning the bundler raises on our dependencies, both harmless for this app, silenced one
 * by one; any other warning fails the build (a clean build output is kept by the build itself).
 * - `"use client"` at the top of react-router's and TanStack Query's modules: a React Server Components
 *   marker; this app has no server components, so there is nothing to preserve.
 * - react-router reads `React.useOptimistic` by a computed name and falls back when it is missing, as it is in
 *   preact/compat (decision 026).
 */
function isExpectedWarning(log: { code?: string; message: string }): boolean {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE') return log.message.includes('"use client"');
  if (log.code === 'IMPORT_IS_UNDEFINED') {
    return log.message.includes('`useOptimistic`') && log.message.includes('preact/compat');
  }
  return false;
}

export default defineConfig({
  // the build prints its warnings and errors only (the file list is long and says nothing to a newcomer)
  logLevel: 'warn',
  // JSX: Vite's own transform, as tsconfig.json says (react-jsx → react/jsx-runtime, aliased to Preact's).
  // No Fast Refresh: React's cannot reach Preact's components, so an edit in development reloads the page.
  plugins: [preactPatches(), tailwindcss(), routeHtml(), precompress()],
  resolve: { alias: preactAliases },
  optimizeDeps: { rolldownOptions: { plugins: [preactDependencyPatches] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (level !== 'warn') return handler(level, log);
        if (isExpectedWarning(log)) return;
        handler('error', log);
      },
      output: {
        // Everything the entry imports statically is needed by every page: one chunk rather than seven
        // (fewer requests before the first render; the lazy screens still get their own chunks).
        // Then two groups of the shared UI every first screen of the my-page draws, which the bundler would
        // otherwise cut into a dozen files of a few hundred bytes each, every one paying its response headers
        // (about 0.9 KiB) and a request on a phone (decision 092): the base (buttons, the area and display
        // choices, react-aria's providers and press handling) and the form fields (the login's, and every
        // form's). Only ui/ and lib/ modules are named, so no area's screen code moves into them.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'ui-base',
              test: /src[\\/](?:ui[\\/](?:aria-providers|button)|lib[\\/](?:area|prefs))\.tsx?$/,
            },
            {
              name: 'ui-fields',
              test: /src[\\/]ui[\\/](?:field-parts|text-input|bound-field)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
