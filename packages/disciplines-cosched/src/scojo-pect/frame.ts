import { type DisciplineDefinition, defineDiscipline, type OptionsSchema } from '@js/core';
import type * as z from 'zod';
import type { PolicyFactory } from './policy.ts';
import { type FrameHooks, ScojoPectScheduler } from './scheduler.ts';
import type { ScojoPectSettings } from './settings.ts';

/** What {@link defineScojoPect} needs: the discipline's name and source, its options and the placement policy run in each type's slices. */
export interface ScojoPectInput<S extends OptionsSchema> {
  readonly name: string;
  readonly summary: string;
  readonly source: string;
  /** The discipline's options: {@link scojoPectOptions} spread in, plus the policy's own. */
  readonly options: S;
  readonly policy: PolicyFactory<z.output<S>>;
  /** How the frame plans (tests: the plain rebuild, a look at each plan). */
  readonly hooks?: FrameHooks;
}

/**
 * A discipline made of the Scojo-PECT frame (seed 002, §4.7) and a placement policy. Jobs are
 * swapped out and resumed in place (simple preemption: `suspend`); the platform profile charges
 * the swaps (`scojo-pect`: 60 s per slice, §5.1).
 */
export function defineScojoPect<S extends OptionsSchema>(input: ScojoPectInput<S>): DisciplineDefinition<S> {
  return defineDiscipline({
    name: input.name,
    summary: input.summary,
    source: input.source,
    options: input.options,
    capabilities: { preemption: 'suspend' },
    create: (options, env) =>
      new ScojoPectScheduler(
        options as z.output<S> & ScojoPectSettings,
        input.policy(options, env),
        env,
        input.hooks,
      ),
  });
}
