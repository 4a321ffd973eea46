import type { Machine } from '@js/machine';
import type * as z from 'zod';
import type { ContentionModel } from '../engine/contention.ts';
import type { SchedulingContext } from '../engine/context.ts';
import type { PlatformProfile } from '../engine/profile.ts';
import type { RandomStreams } from '../random/streams.ts';
import { type Capabilities, type CapabilitiesInput, capabilitiesSchema } from './capabilities.ts';

/** What a discipline is given when a run creates it. */
export interface DisciplineEnvironment {
  readonly machine: Machine;
  /** Streams for randomised policies; name them after their purpose. */
  readonly random: RandomStreams;
  readonly profile: PlatformProfile;
  /** The processors this discipline owns (all of them unless the run is partitioned). */
  readonly processors: readonly number[];
}

/** A created discipline: its `schedule` runs once per decision round. */
export interface Scheduler {
  /** Decide at one scheduling point: read the context, ask for operations (start, suspend, resize…), which the engine validates and applies. */
  schedule(ctx: SchedulingContext): void;
}

/** An options schema: a zod object whose fields all have defaults (so `{}` is valid). */
export type OptionsSchema = z.ZodObject;

/** A registered discipline: its name, summary and source for `schedlab list`, its options schema, its capabilities and the factory the engine calls once per run. */
export interface DisciplineDefinition<S extends OptionsSchema = OptionsSchema> {
  /** Registry name, lower-case with dashes (`easy`, `dyn-equi`). */
  readonly name: string;
  /** One line for `schedlab list`. */
  readonly summary: string;
  /** Paper and section it implements. */
  readonly source: string;
  readonly options: S;
  /** What it may do to jobs; the engine refuses anything beyond. */
  readonly capabilities: Capabilities;
  /**
   * The platform its experiment assumes, when its options name one (dyn-equi's reconfiguration
   * cost): the run's profile adjusted, or the same object when the options change nothing. Costs
   * remain physics: the engine charges them from the adjusted profile, the discipline only sees it.
   */
  platform?(options: z.output<S>, profile: PlatformProfile): PlatformProfile;
  /** Build the discipline's scheduler for one run from validated options; book-keeping state lives in what it returns. */
  create(options: z.output<S>, env: DisciplineEnvironment): Scheduler;
}

/** What an author writes: capabilities may be left out (rigid, run to completion). */
export type DisciplineInput<S extends OptionsSchema> = Omit<DisciplineDefinition<S>, 'capabilities'> & {
  readonly capabilities?: CapabilitiesInput;
};

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Make a discipline; the type of `create`'s options is inferred from the schema. */
export function defineDiscipline<S extends OptionsSchema>(
  definition: DisciplineInput<S>,
): DisciplineDefinition<S> {
  if (!NAME.test(definition.name)) {
    throw new TypeError(`discipline name '${definition.name}' must be lower-case words joined by dashes`);
  }
  const parsed = capabilitiesSchema.safeParse(definition.capabilities ?? {});
  if (!parsed.success) {
    throw new TypeError(
      `discipline '${definition.name}': capabilities ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  return Object.freeze({ ...definition, capabilities: Object.freeze(parsed.data) });
}

/** A package of disciplines, platform profiles and contention models the registry loads by name. */
export interface Plugin {
  readonly kind: 'schedlab-plugin';
  readonly name: string;
  readonly disciplines: readonly DisciplineDefinition[];
  readonly profiles?: readonly PlatformProfile[];
  readonly contention?: readonly ContentionModel[];
}

/** Make the value a plugin module exports (its default export or `plugin`), tagged so that the registry recognises it. */
export function definePlugin(plugin: Omit<Plugin, 'kind'>): Plugin {
  return Object.freeze({ kind: 'schedlab-plugin' as const, ...plugin });
}

/** Whether a module's export is a plugin made with {@link definePlugin} (checked by its tag, so copies of @js/core agree). */
export const isPlugin = (value: unknown): value is Plugin =>
  typeof value === 'object' &&
  value !== null &&
  (value as Plugin).kind === 'schedlab-plugin' &&
  Array.isArray((value as Plugin).disciplines);
