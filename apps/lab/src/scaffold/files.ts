import type { PluginNames } from './names.ts';
import {
  changesetConfig,
  changesetReadme,
  gitignore,
  tsconfig,
  tsupConfig,
  vitestConfig,
} from './templates/config-files.ts';
import { disciplineSource } from './templates/discipline.ts';
import { packageJson } from './templates/package-json.ts';
import { pluginIndexSource } from './templates/plugin-index.ts';
import { pluginTestSource } from './templates/plugin-test.ts';
import { readme } from './templates/readme.ts';

/** Every file of a scaffolded plugin package, by path relative to its folder, in writing order. */
export function pluginFiles(names: PluginNames, coreVersion: string): ReadonlyMap<string, string> {
  return new Map([
    ['package.json', packageJson(names, coreVersion)],
    ['README.md', readme(names)],
    ['.gitignore', gitignore],
    ['tsconfig.json', tsconfig],
    ['tsup.config.ts', tsupConfig],
    ['vitest.config.ts', vitestConfig],
    ['.changeset/config.json', changesetConfig],
    ['.changeset/README.md', changesetReadme],
    ['src/index.ts', pluginIndexSource(names)],
    [`src/${names.discipline}.ts`, disciplineSource(names)],
    [`src/${names.discipline}.test.ts`, pluginTestSource(names)],
  ]);
}
