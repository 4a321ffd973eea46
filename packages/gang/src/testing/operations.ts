import type { WorkloadTreeChoice } from '../workload-tree/workload-tree.ts';

/**
 * One step of a random gang-scheduling history. Numbers are picks, not ids: `job: 7` means
 * "the 7th live job, counting round", slot and processor numbers are reduced modulo what
 * exists (one past the end included, to exercise refusals). So any operation applies to any
 * matrix, and a list keeps its meaning when fast-check shrinks it.
 */
export type GangOperation =
  /** `allocate` a new job of (1 + size mod N) processes with the given tree. */
  | { readonly kind: 'allocate'; readonly size: number; readonly by: WorkloadTreeChoice }
  /** A raw placement on any run of processors (not a buddy block); may be refused. */
  | { readonly kind: 'place'; readonly slot: number; readonly start: number; readonly width: number }
  | { readonly kind: 'depart'; readonly job: number }
  /** `extendJob`: re-pack and give the job an extra slot, when WLTM allows. */
  | { readonly kind: 'extend'; readonly job: number }
  /** `matrix.extend` into a given slot; may be refused. */
  | { readonly kind: 'extendInto'; readonly job: number; readonly slot: number }
  | { readonly kind: 'relinquish'; readonly job: number; readonly slot: number }
  | { readonly kind: 'relinquishExtras'; readonly job: number }
  | { readonly kind: 'legalShift'; readonly job: number; readonly from: number; readonly to: number }
  /** A batch of shifts applied at once; usually refused. */
  | {
      readonly kind: 'repack';
      readonly shifts: readonly { readonly job: number; readonly from: number; readonly to: number }[];
    }
  /** Exchange two slots over a processor range (legal only between clean cuts). */
  | {
      readonly kind: 'swap';
      readonly a: number;
      readonly b: number;
      readonly from: number;
      readonly to: number;
    }
  /** Property 1 on the pair-th pair of adjacent idle fragments (skipped when there is none). */
  | { readonly kind: 'groupFragments'; readonly pair: number }
  /** Property 1 on arbitrary ranges; usually refused. */
  | {
      readonly kind: 'groupRaw';
      readonly left: number;
      readonly right: number;
      readonly start: number;
      readonly mid: number;
      readonly end: number;
    }
  /** Property 2 on processors [from, to). */
  | { readonly kind: 'gather'; readonly from: number; readonly to: number }
  | { readonly kind: 'eliminate'; readonly by: WorkloadTreeChoice }
  /** Eliminate slots while possible. */
  | { readonly kind: 'eliminateAll'; readonly by: WorkloadTreeChoice }
  | { readonly kind: 'addSlot' }
  | { readonly kind: 'deleteSlot'; readonly slot: number };

/** A random history on a machine of `processors` (a power of two). */
export interface GangScenario {
  readonly processors: number;
  readonly operations: readonly GangOperation[];
}
