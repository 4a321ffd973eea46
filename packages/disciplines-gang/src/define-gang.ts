import { defineDiscipline, type OptionsSchema } from '@js/core';
import type * as z from 'zod';
import { gangScheduler } from './gang-scheduler.ts';
import { type GangOptions, gangOptions } from './options.ts';
import type { GangProbe, GangScheme } from './scheme.ts';

/** A gang-scheduling discipline: its registry entry and the scheme that tells it apart. */
export interface GangDisciplineInput<S extends OptionsSchema & z.ZodType<GangOptions> = typeof gangOptions> {
  readonly name: string;
  readonly summary: string;
  readonly source: string;
  /** The scheme; or, for a scheme with options of its own, the scheme those options choose. */
  readonly scheme: GangScheme | ((options: z.output<S>) => GangScheme);
  /** `gangOptions` (the default), or `gangOptions` extended with the scheme's own. */
  readonly options?: S;
  /** Watches the matrix (tests); leave out in registered disciplines. */
  readonly probe?: GangProbe;
}

/**
 * Gang scheduling runs rigid jobs (every process of a job in the same slots, §3) and switches
 * slots by suspending and resuming in place, memory kept: simple preemption.
 */
export const defineGangDiscipline = <S extends OptionsSchema & z.ZodType<GangOptions> = typeof gangOptions>({
  scheme,
  probe,
  options,
  ...entry
}: GangDisciplineInput<S>) =>
  defineDiscipline({
    ...entry,
    options: options ?? (gangOptions as unknown as S),
    capabilities: { sizing: 'rigid', preemption: 'suspend' },
    create: (o: z.output<S>, env) =>
      gangScheduler(typeof scheme === 'function' ? scheme(o) : scheme, o, env, probe),
  });
