import { Registry } from '@js/core';
import { adaptivePlugin } from '@js/disciplines-adaptive';
import { backfillPlugin } from '@js/disciplines-backfill';
import { coschedPlugin } from '@js/disciplines-cosched';
import { gangPlugin } from '@js/disciplines-gang';
import { lsfPlugin } from '@js/disciplines-lsf';

/** The plugins every schedlab run knows without `--plugin`. */
export const builtinPlugins = [backfillPlugin, adaptivePlugin, lsfPlugin, gangPlugin, coschedPlugin] as const;

/** A registry of the built-ins, plus any plugin modules named (loaded in the order given). */
export async function createRegistry(
  pluginModules: readonly string[] = [],
  fromDir = process.cwd(),
): Promise<Registry> {
  const registry = new Registry(builtinPlugins);
  for (const specifier of pluginModules) await registry.load(specifier, fromDir);
  return registry;
}
