import { builtinModules } from 'node:module';
import { SchedlabError } from '@js/core';

/** Why `schedlab new-plugin` refused to write: a stable code and the argument at fault. */
export class ScaffoldError extends SchedlabError {
  constructor(
    readonly code: 'INVALID_PACKAGE_NAME' | 'INVALID_DISCIPLINE_NAME' | 'TARGET_NOT_EMPTY',
    message: string,
  ) {
    super(message);
  }
}

/** The names a scaffolded plugin is written under. */
export interface PluginNames {
  /** The npm package name, as `--plugin` will name it. */
  readonly packageName: string;
  /** The registry name of its discipline (`compare -d easy,<this>`). */
  readonly discipline: string;
  /** The TypeScript identifier its discipline is exported as (`<camelCase>Discipline`). */
  readonly identifier: string;
}

// npm's rules for a new package: at most 214 characters, lower case, URL-safe without the
// characters npm no longer accepts (~'!()*), no leading dot or underscore, not a Node core module.
const PART = /^[a-z0-9-][a-z0-9._-]*$/;
// The discipline-name rule of `defineDiscipline` in @js/core, checked here so the error comes
// before any file is written rather than when the plugin is first loaded.
const DISCIPLINE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > 214) return `it has ${name.length} characters; npm allows at most 214`;
  if (name !== name.trim()) return 'it has leading or trailing spaces';
  if (name !== name.toLowerCase()) return 'it has upper-case letters; npm names are lower case';
  const scoped = name.startsWith('@');
  const slash = name.indexOf('/');
  if (scoped && slash < 0) return "a scoped name needs the form '@scope/name'";
  const [scope, bare] = scoped ? [name.slice(1, slash), name.slice(slash + 1)] : [undefined, name];
  for (const [what, part] of [
    ['scope', scope],
    ['name', bare],
  ] as const) {
    if (part === undefined) continue;
    if (part.length === 0) return `its ${what} is empty`;
    if (part.startsWith('.') || part.startsWith('_')) return `its ${what} starts with '${part[0]}'`;
    if (!PART.test(part)) {
      const bad = [...part].find((c) => !/[a-z0-9._-]/.test(c));
      return `its ${what} has '${bad}'; use lower-case letters, digits, '-', '.' and '_'`;
    }
  }
  if (!scoped && (builtinModules.includes(bare) || bare === 'node_modules' || bare === 'favicon.ico')) {
    return `'${bare}' is reserved (a Node core module or a name npm refuses)`;
  }
  return undefined;
}

/**
 * Check a plugin's package name against npm's rules and derive its discipline's name (the name
 * without its scope, unless given) and identifier; refuse a discipline name a built-in plugin
 * already registers, as the registry would refuse the plugin at load time.
 */
export function pluginNames(
  packageName: string,
  discipline: string | undefined,
  taken: readonly string[],
): PluginNames {
  const problem = packageNameProblem(packageName);
  if (problem) {
    throw new ScaffoldError(
      'INVALID_PACKAGE_NAME',
      `NAME '${packageName}' is not a valid npm package name: ${problem}`,
    );
  }
  const name = discipline ?? packageName.slice(packageName.indexOf('/') + 1);
  const from = discipline === undefined ? `the discipline name taken from NAME` : '--discipline';
  if (!DISCIPLINE.test(name)) {
    throw new ScaffoldError(
      'INVALID_DISCIPLINE_NAME',
      `${from}: '${name}' is not a discipline name: lower-case words of letters and digits joined by single dashes, starting with a letter (give one with --discipline)`,
    );
  }
  if (taken.includes(name)) {
    throw new ScaffoldError(
      'INVALID_DISCIPLINE_NAME',
      `${from}: '${name}' is already a built-in discipline; the registry would refuse the plugin (give another with --discipline)`,
    );
  }
  const camel = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { packageName, discipline: name, identifier: `${camel}Discipline` };
}
