import { defineDiscipline } from '@js/core';
import { gangScheduler } from './gang-scheduler.ts';
import { gangOptions } from './options.ts';
import type { GangProbe, GangScheme } from './scheme.ts';

/** A gang-scheduling discipline: its registry entry and the scheme that tells it apart. */
export interface GangDisciplineInput {
  readonly name: string;
  readonly summary: string;
  readonly source: string;
  readonly scheme: GangScheme;
  /** Watches the matrix (tests); leave out in registered disciplines. */
  readonly probe?: GangProbe;
}

/**
 * Gang scheduling runs rigid jobs (every process of a job in the same slots, §3) and switches
 * slots by suspending and resuming in place, memory kept: simple preemption.
 */
export const defineGangDiscipline = ({ scheme, probe, ...entry }: GangDisciplineInput) =>
  defineDiscipline({
    ...entry,
    options: gangOptions,
    capabilities: { sizing: 'rigid', preemption: 'suspend' },
    create: (options, env) => gangScheduler(scheme, options, env, probe),
  });
