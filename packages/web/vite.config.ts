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
export default defineConfig({
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
      output: {
        // Everything the entry imports statically is needed by every page: one chunk rather than seven
        // (fewer requests before the first render; the lazy screens still get their own chunks).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
