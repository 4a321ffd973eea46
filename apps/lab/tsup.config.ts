import { defineConfig } from 'tsup';

export default defineConfig({
  // The sweep's worker processes load `dist/sweep-worker.js` (see src/sweep/pool.ts).
  entry: { index: 'src/index.ts', cli: 'src/cli.ts', 'sweep-worker': 'src/sweep/worker.ts' },
  format: ['esm'],
  dts: { entry: ['src/index.ts'], compilerOptions: { customConditions: [] } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  banner: { js: '' },
});
