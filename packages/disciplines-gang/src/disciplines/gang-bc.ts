import * as z from 'zod';
import { allocateConventional, type BuddyPlacement, deleteEmptySlots } from '../conventional-buddy.ts';
import { defineGangDiscipline } from '../define-gang.ts';
import { gangOptions } from '../options.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BC, the conventional buddy system (Zhou et al. §4): each job runs in a single slot, placed in
 * a wholly idle block of its buddy size; no workload tree, so no balancing, and no re-packing,
 * so a slot goes only when its last job has left.
 */
const bcWith = (placement: BuddyPlacement): GangScheme => ({
  allocate: allocateConventional(placement),
  reshape: deleteEmptySlots,
});

/** BC with its default placement: the leftmost block idle in some slot. */
export const bcScheme: GangScheme = bcWith('block-first');
const bcSchemes: Record<BuddyPlacement, GangScheme> = {
  'slot-first': bcWith('slot-first'),
  'block-first': bcScheme,
};

/** BC's options: the gang options and where the conventional buddy system looks first. */
export const bcOptions = gangOptions
  .extend({
    placement: z
      .enum(['slot-first', 'block-first'])
      .default('block-first')
      .describe(
        'which idle block a new job takes: block-first, the leftmost block idle in any slot (§1: the processors are "first divided into subsets of size n", and a job goes to one "if there is a time slot in which all processors in the subset are idle"); or slot-first, the leftmost in the first slot that has one, a matrix\'s usual first fit',
      ),
  })
  .strict();

/** BC as a registered discipline: conventional buddy placement, a slot deleted only once all its jobs left. */
export const gangBc = defineGangDiscipline({
  name: 'gang-bc',
  summary:
    'gang scheduling, conventional buddy allocation: leftmost idle block, one slot per job, no re-packing',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §1 and §4 (BC)',
  options: bcOptions,
  scheme: ({ placement }) => bcSchemes[placement],
});
