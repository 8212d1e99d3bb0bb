import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Web build. Routes are lazy (src/router.tsx), so every screen and the two area layouts get their own
 * chunks without manualChunks. The Fastify server serves `dist/` and sends a strict CSP
 * (script-src 'self'): index.html therefore has no inline script.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
