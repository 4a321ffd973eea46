import type { Machine } from '@js/machine';
import type { z } from 'zod';
import type { SchedulingContext } from '../engine/context.ts';
import type { PlatformProfile } from '../engine/profile.ts';
import type { RandomStreams } from '../random/streams.ts';

/** What a discipline is given when a run creates it. */
export interface DisciplineEnvironment {
  readonly machine: Machine;
  /** Streams for randomised policies; name them after their purpose. */
  readonly random: RandomStreams;
  readonly profile: PlatformProfile;
}

/** A created discipline: its `schedule` runs once per instant at which something happened. */
export interface Scheduler {
  schedule(ctx: SchedulingContext): void;
}

/** An options schema: a zod object whose fields all have defaults (so `{}` is valid). */
export type OptionsSchema = z.ZodObject;

export interface DisciplineDefinition<S extends OptionsSchema = OptionsSchema> {
  /** Registry name, lower-case with dashes (`easy`, `dyn-equi`). */
  readonly name: string;
  /** One line for `schedlab list`. */
  readonly summary: string;
  /** Paper and section it implements. */
  readonly source: string;
  readonly options: S;
  create(options: z.output<S>, env: DisciplineEnvironment): Scheduler;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Make a discipline; the type of `create`'s options is inferred from the schema. */
export function defineDiscipline<S extends OptionsSchema>(
  definition: DisciplineDefinition<S>,
): DisciplineDefinition<S> {
  if (!NAME.test(definition.name)) {
    throw new TypeError(`discipline name '${definition.name}' must be lower-case words joined by dashes`);
  }
  return Object.freeze(definition);
}

/** A package of disciplines (and, later, models and profiles) the registry loads by name. */
export interface Plugin {
  readonly kind: 'schedlab-plugin';
  readonly name: string;
  readonly disciplines: readonly DisciplineDefinition[];
  readonly profiles?: readonly PlatformProfile[];
}

export function definePlugin(plugin: Omit<Plugin, 'kind'>): Plugin {
  return Object.freeze({ kind: 'schedlab-plugin' as const, ...plugin });
}

export const isPlugin = (value: unknown): value is Plugin =>
  typeof value === 'object' &&
  value !== null &&
  (value as Plugin).kind === 'schedlab-plugin' &&
  Array.isArray((value as Plugin).disciplines);
