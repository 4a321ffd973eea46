import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DisciplineDefinition, Plugin } from '../discipline/define.ts';
import { isPlugin } from '../discipline/define.ts';
import { idealProfile, type PlatformProfile } from '../engine/profile.ts';
import { PluginError, UnknownNameError } from '../errors/errors.ts';

/**
 * Registered disciplines and platform profiles by name. Built-in plugins and the modules a
 * user names (`--plugin`) add to the same registry; a name may be registered once only, so a
 * third-party plugin cannot silently replace a built-in.
 */
export class Registry {
  readonly #disciplines = new Map<string, { definition: DisciplineDefinition; plugin: string }>();
  readonly #profiles = new Map<string, PlatformProfile>([[idealProfile.name, idealProfile]]);
  readonly #plugins: Plugin[] = [];

  constructor(plugins: readonly Plugin[] = []) {
    for (const p of plugins) this.add(p);
  }

  add(plugin: Plugin): this {
    for (const d of plugin.disciplines) {
      const existing = this.#disciplines.get(d.name);
      if (existing) {
        throw new PluginError(
          plugin.name,
          `discipline '${d.name}' is already registered by plugin '${existing.plugin}'`,
        );
      }
      this.#disciplines.set(d.name, { definition: d, plugin: plugin.name });
    }
    for (const p of plugin.profiles ?? []) {
      if (this.#profiles.has(p.name))
        throw new PluginError(plugin.name, `platform profile '${p.name}' is already registered`);
      this.#profiles.set(p.name, p);
    }
    this.#plugins.push(plugin);
    return this;
  }

  /** Import a plugin module (package name or file path) and add it. */
  async load(specifier: string, fromDir = process.cwd()): Promise<Plugin> {
    const looksLikePath =
      specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?[jt]s$/.test(specifier);
    const target = looksLikePath ? pathToFileURL(resolve(fromDir, specifier)).href : specifier;
    let module: Record<string, unknown>;
    try {
      module = await import(target);
    } catch (cause) {
      throw new PluginError(specifier, `cannot be imported: ${(cause as Error).message}`);
    }
    const candidates = [module.default, module.plugin, ...Object.values(module)];
    const plugin = candidates.find(isPlugin);
    if (!plugin) {
      throw new PluginError(
        specifier,
        `exports no plugin: expected a value made with definePlugin({ name, disciplines }) as its default export or as 'plugin' (found exports: ${Object.keys(module).join(', ') || 'none'})`,
      );
    }
    this.add(plugin);
    return plugin;
  }

  discipline(name: string): DisciplineDefinition {
    const entry = this.#disciplines.get(name);
    if (!entry) throw UnknownNameError.among('discipline', name, [...this.#disciplines.keys()]);
    return entry.definition;
  }

  profile(name: string): PlatformProfile {
    const p = this.#profiles.get(name);
    if (!p) throw UnknownNameError.among('platform profile', name, [...this.#profiles.keys()]);
    return p;
  }

  /** Every discipline with the plugin that registered it, in registration order. */
  disciplines(): { definition: DisciplineDefinition; plugin: string }[] {
    return [...this.#disciplines.values()];
  }

  profiles(): PlatformProfile[] {
    return [...this.#profiles.values()];
  }
}
