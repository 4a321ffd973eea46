import { defineConfig } from 'tsup';

const common = { format: ['esm'], sourcemap: true, target: 'node20' } as const;

/**
 * Left out of the command's bundle: the report package (only `--report` and `report` load it, and
 * it brings the charting libraries and a native renderer); tinypool, which finds its own worker
 * entry beside itself; protobufjs, an optional peer of the quantile sketch library, required only
 * to serialise a sketch.
 */
const unbundled = ['@js/report', 'tinypool', 'protobufjs/minimal'];

export default defineConfig([
  // The library entry (`import … from 'schedlab'`, in `dist/lib/`): its dependencies stay packages
  // of their own, so a program that also imports `@js/core` shares one copy with it.
  {
    ...common,
    entry: { index: 'src/index.ts' },
    outDir: 'dist/lib',
    dts: { entry: ['src/index.ts'], compilerOptions: { customConditions: [] } },
    clean: true,
  },
  // The command and its worker processes (which load `dist/worker.js`, see
  // src/workers/pool.ts) are bundled with the workspace packages and the libraries they use: Node
  // then reads a few files instead of resolving and compiling hundreds (zod alone is about a
  // hundred modules, 85 ms to import unbundled, 38 ms bundled). Bundled CommonJS libraries
  // (commander, cli-table3) call `require` for Node's modules: the banner gives the ES module one.
  // A plugin imports its own `@js/core`; nothing in the contract between them depends on the two
  // being one copy (plugins are plain objects, checked by shape; errors by their code).
  {
    ...common,
    entry: { cli: 'src/cli.ts', worker: 'src/workers/worker.ts' },
    noExternal: [new RegExp(`^(?!(${unbundled.join('|')})$)`)],
    external: unbundled,
    // From the workspace packages' sources (their `@js/source` export), so this build needs none
    // of theirs first.
    esbuildOptions: (options) => {
      options.conditions = ['@js/source'];
      // Classes keep their names when the bundler renames them apart (errors are named after their class).
      options.keepNames = true;
    },
    // The two builds run at once: this one cleans all of `dist/` but the library's folder.
    clean: ['!lib/**'],
    banner: {
      js: "import { createRequire as __schedlabRequire } from 'node:module'; const require = __schedlabRequire(import.meta.url);",
    },
  },
]);
