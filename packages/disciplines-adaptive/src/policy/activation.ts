import { type Bounds, equipartition, targetPartition } from '@js/blocks';

/** What the adaptive rules read of the load (Table 2's load parameters) at a decision round. */
export interface Load {
  /** Processors of the machine (P). */
  readonly processors: number;
  /** Jobs waiting, before this round activates any. */
  readonly waiting: number;
  /** Jobs in the system, waiting and running. */
  readonly inSystem: number;
}

/**
 * How many of the waiting jobs to activate and on how many processors each: counts for the
 * jobs in queue order (0 = stays waiting), from the `free` processors.
 */
export type ActivationRule = (queue: readonly Bounds[], free: number, load: Load) => number[];

/**
 * ASP (Setia & Tripathi; §3.2): the free processors divided as equally as possible among the
 * waiting jobs, none above its p_max. An arrival that finds processors free is alone in the
 * queue, so it gets min(p_max, free), the paper's arrival rule.
 */
export const adaptiveStaticPartitioning: ActivationRule = (queue, free) => equipartition(queue, free);

/**
 * AP1 (Rosti et al.; §3.2): target partition size P / (waiting jobs), rounded up so that rounding
 * alone never leaves a processor idle; each job min(p_max, target, free), the last the rest.
 */
export const adaptivePolicy1: ActivationRule = (queue, free, load) =>
  targetPartition(queue, free, Math.ceil(load.processors / Math.max(1, load.waiting)));

/** AEP (§3.2): as AP1, but the target is P / (jobs in the system, waiting and running). */
export const adaptiveEquipartition: ActivationRule = (queue, free, load) =>
  targetPartition(queue, free, Math.ceil(load.processors / Math.max(1, load.inSystem)));

/** SDF (§3.3): each job in turn min(p_max, free); SDF-Max caps that at a fixed `cap`. */
export const upTo =
  (cap: number): ActivationRule =>
  (queue, free) =>
    targetPartition(queue, free, cap);
