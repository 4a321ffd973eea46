import type { PluginNames } from '../names.ts';
import { toolVersions } from '../versions.ts';

/**
 * The plugin's package.json. `@js/core` is a peer (the app that loads the plugin brings the one
 * engine both must share) and a dev dependency (to build and test against); zod likewise, since
 * the app reads the plugin's options schema with its own. Tool versions are pinned.
 */
export function packageJson(names: PluginNames, coreVersion: string): string {
  const core = `^${coreVersion}`;
  const zod = `^${toolVersions.zod}`;
  const manifest = {
    name: names.packageName,
    version: '0.1.0',
    description: `A schedlab discipline plugin: ${names.discipline}, first come first served with first-fit backfilling`,
    keywords: ['schedlab', 'schedlab-plugin', 'scheduling'],
    license: 'MIT',
    type: 'module',
    exports: {
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './package.json': './package.json',
    },
    files: ['dist'],
    sideEffects: false,
    engines: { node: '>=20.19' },
    scripts: {
      build: 'tsup',
      test: 'vitest run',
      typecheck: 'tsc --noEmit',
      changeset: 'changeset',
      version: 'changeset version',
      release: 'npm run build && npm test && changeset publish',
    },
    peerDependencies: { '@js/core': core, zod },
    devDependencies: {
      '@changesets/cli': toolVersions['@changesets/cli'],
      '@js/core': core,
      '@types/node': toolVersions['@types/node'],
      'fast-check': toolVersions['fast-check'],
      tsup: toolVersions.tsup,
      typescript: toolVersions.typescript,
      vitest: toolVersions.vitest,
      zod: toolVersions.zod,
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
