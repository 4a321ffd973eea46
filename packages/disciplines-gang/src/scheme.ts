import type { AllocationRequest, BuddyBlock, SchedulingMatrix } from '@js/gang';

/**
 * What distinguishes the five allocation schemes of Zhou et al. (§4, §5): how a new job is
 * placed in the scheduling matrix, and what is done to the matrix at each slot boundary once
 * the new jobs are in (deleting slots, re-packing, giving jobs extra slots). Everything else —
 * the rotation of slots, the engine's operations, the metrics — is the same for all five.
 */
export interface GangScheme {
  /** Place a new job (one slot), on a block `eligible` accepts; adds a slot if it must. */
  allocate(matrix: SchedulingMatrix, job: AllocationRequest, eligible: (block: BuddyBlock) => boolean): void;
  /** At a slot boundary, after new arrivals are placed; `arrivals` says whether there were any. */
  reshape(matrix: SchedulingMatrix, boundary: { readonly arrivals: boolean }): void;
}

/**
 * A look at a discipline's matrix, for tests and slot-over-time views: `created` once with the
 * matrix (subscribe to it there to see every change), `round` after every decision round.
 */
export interface GangProbe {
  /** Called once, with the still empty matrix of processors × time slots the discipline will use. */
  created?(matrix: SchedulingMatrix): void;
  /** Called at the end of every decision round, after any departures, placements and re-packing. */
  round?(matrix: SchedulingMatrix, round: GangRound): void;
}

/** Where one decision round of a gang discipline left the slot rotation. */
export interface GangRound {
  readonly now: number;
  /** The slot running from now on (−1: none). */
  readonly active: number;
  /** Whether this round was a slot boundary (where the matrix may change beyond departures). */
  readonly boundary: boolean;
}
