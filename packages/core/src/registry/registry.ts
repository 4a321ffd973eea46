import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DisciplineDefinition, Plugin } from '../discipline/define.ts';
import { isPlugin } from '../discipline/define.ts';
import { type ContentionModel, noContention } from '../engine/contention.ts';
import { builtinProfiles, type PlatformProfile } from '../engine/profile.ts';
import { PluginError, UnknownNameError } from '../errors/errors.ts';
import { resolvePackage } from './resolve-package.ts';

/**
 * Registered disciplines, platform profiles and contention models by name. Built-in plugins and the modules a
 * user names (`--plugin`) add to the same registry; a name may be registered once only, so a
 * third-party plugin cannot silently replace a built-in.
 */
export class Registry {
  readonly #disciplines = new Map<string, { definition: DisciplineDefinition; plugin: string }>();
  readonly #profiles = new Map<string, PlatformProfile>(builtinProfiles.map((p) => [p.name, p]));
  readonly #contention = new Map<string, ContentionModel>([[noContention.name, noContention]]);
  readonly #plugins: Plugin[] = [];

  constructor(plugins: readonly Plugin[] = []) {
    for (const p of plugins) this.add(p);
  }

  /** Register every discipline, profile and contention model of a plugin; a name already taken is refused with a `BAD_PLUGIN` error. */
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
    for (const c of plugin.contention ?? []) {
      if (this.#contention.has(c.name))
        throw new PluginError(plugin.name, `contention model '${c.name}' is already registered`);
      this.#contention.set(c.name, c);
    }
    this.#plugins.push(plugin);
    return this;
  }

  /** Import a plugin module (package name or file path) and add it. */
  async load(specifier: string, fromDir = process.cwd()): Promise<Plugin> {
    const looksLikePath =
      specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?[jt]s$/.test(specifier);
    const target = looksLikePath
      ? pathToFileURL(resolve(fromDir, specifier)).href
      : (resolvePackage(specifier, fromDir) ?? specifier);
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

  /** The plugin that registered a discipline, or undefined for a name no plugin registered. */
  pluginOf(discipline: string): string | undefined {
    return this.#disciplines.get(discipline)?.plugin;
  }

  /** The discipline registered under `name`; an unknown name is an `UNKNOWN_NAME` error naming the closest known one. */
  discipline(name: string): DisciplineDefinition {
    const entry = this.#disciplines.get(name);
    if (!entry) throw UnknownNameError.among('discipline', name, [...this.#disciplines.keys()]);
    return entry.definition;
  }

  /** The platform profile registered under `name` (built-in or from a plugin); unknown names are refused with the closest match. */
  profile(name: string): PlatformProfile {
    const p = this.#profiles.get(name);
    if (!p) throw UnknownNameError.among('platform profile', name, [...this.#profiles.keys()]);
    return p;
  }

  /** Every discipline with the plugin that registered it, in registration order. */
  disciplines(): { definition: DisciplineDefinition; plugin: string }[] {
    return [...this.#disciplines.values()];
  }

  /** Every platform profile: the built-in ones first, then those of plugins in registration order. */
  profiles(): PlatformProfile[] {
    return [...this.#profiles.values()];
  }

  /** The contention model registered under `name` (`none` is always there); unknown names are refused with the closest match. */
  contentionModel(name: string): ContentionModel {
    const c = this.#contention.get(name);
    if (!c) throw UnknownNameError.among('contention model', name, [...this.#contention.keys()]);
    return c;
  }

  /** Every contention model: `none` first, then those of plugins in registration order. */
  contentionModels(): ContentionModel[] {
    return [...this.#contention.values()];
  }
}
