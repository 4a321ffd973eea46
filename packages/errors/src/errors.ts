import { closest } from 'fastest-levenshtein';

/**
 * The one error hierarchy of schedlab. Every error has a stable `code` so that callers
 * (the CLI, scripts, tests) can react to a kind of failure without parsing messages.
 * Messages say what happened, where, and what is allowed.
 */
export abstract class SchedlabError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A discipline asked for an operation that would break an engine invariant. */
export class InvariantViolation extends SchedlabError {
  readonly code = 'INVARIANT_VIOLATION';
  constructor(
    readonly discipline: string,
    readonly jobId: number | undefined,
    readonly time: number,
    readonly rule: string,
    detail: string,
  ) {
    super(
      `discipline '${discipline}'${jobId === undefined ? '' : `, job ${jobId}`}, time ${time}: ` +
        `rule '${rule}' broken: ${detail}`,
    );
  }
}

/** Bad input data: a workload file or stream. Names the source, the line and the field when known. */
export class InputError extends SchedlabError {
  readonly code = 'INPUT_ERROR';
  constructor(
    readonly source: string,
    readonly line: number | undefined,
    readonly field: string | undefined,
    detail: string,
  ) {
    super(
      `${source}${line === undefined ? '' : `:${line}`}${field === undefined ? '' : ` (field ${field})`}: ${detail}`,
    );
  }
}

/** An option value that its schema rejects. */
export class OptionsError extends SchedlabError {
  readonly code = 'INVALID_OPTION';
  constructor(
    readonly owner: string,
    readonly issues: readonly { path: string; message: string; value?: unknown }[],
  ) {
    super(
      `invalid options for ${owner}: ` +
        issues
          .map(
            (i) =>
              `${i.path || '(root)'}${i.value === undefined ? '' : ` = ${JSON.stringify(i.value)}`}: ${i.message}`,
          )
          .join('; '),
    );
  }
}

/** A name (discipline, plugin, model, profile…) that no registry knows. */
export class UnknownNameError extends SchedlabError {
  /** The error for `unknown` among `known`, naming the closest known name (by edit distance). */
  static among(kind: string, unknown: string, known: readonly string[]): UnknownNameError {
    return new UnknownNameError(
      kind,
      unknown,
      known,
      known.length ? closest(unknown, [...known]) : undefined,
    );
  }

  readonly code = 'UNKNOWN_NAME';
  constructor(
    readonly kind: string,
    readonly unknown: string,
    readonly known: readonly string[],
    readonly closest: string | undefined,
  ) {
    super(
      `unknown ${kind} '${unknown}'${closest ? ` (did you mean '${closest}'?)` : ''}; known: ${known.join(', ')}`,
    );
  }
}

/**
 * A discipline's own code threw (not a refused operation, which is an InvariantViolation): names
 * the discipline, its plugin when known, the simulated time and what woke it, and keeps the
 * original error as `cause`.
 */
export class DisciplineError extends SchedlabError {
  readonly code = 'DISCIPLINE_FAILED';
  constructor(
    readonly discipline: string,
    readonly time: number,
    /** What it was doing: `deciding on arrival of job 12`, `being created`… */
    readonly during: string,
    override readonly cause: unknown,
    readonly plugin?: string,
  ) {
    super(
      `discipline '${discipline}'${plugin === undefined ? '' : ` of plugin '${plugin}'`} failed at time ${time}, ${during}: ${
        cause instanceof Error
          ? `${cause.name === 'Error' ? '' : `${cause.name}: `}${cause.message}`
          : String(cause)
      }`,
    );
  }

  /** The same failure, naming the plugin that registered the discipline. */
  inPlugin(plugin: string): DisciplineError {
    return new DisciplineError(this.discipline, this.time, this.during, this.cause, plugin);
  }
}

/** A plugin module that could not be loaded or does not export a plugin. */
export class PluginError extends SchedlabError {
  readonly code = 'BAD_PLUGIN';
  constructor(
    readonly module: string,
    detail: string,
  ) {
    super(`plugin module '${module}': ${detail}`);
  }
}

/** A simulation was configured in a way that cannot run (machine, bounds, workload vs machine). */
export class ConfigError extends SchedlabError {
  readonly code = 'CONFIG_ERROR';
}
