import { defineConfig } from 'vitest/config';

// Tests run from source: the `@js/source` export condition points every workspace
// package at its `src/index.ts`. `ssr.resolve.conditions` replaces Vite's defaults,
// so the usual ones are listed again after ours.
export const sourceConditions = ['@js/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'tooling/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    testTimeout: 60_000,
    pool: 'threads',
  },
});
