import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // each server test file boots PGlite (≈4 s of WASM start-up): two workers for two cores
    maxWorkers: 2,
    globalSetup: ['packages/server/src/test/global-setup.ts'],
  },
});
