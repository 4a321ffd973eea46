import { allocateFirstFit, deleteEmptySlots } from '../conventional-buddy.ts';
import { defineGangDiscipline } from '../define-gang.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BC, the conventional buddy system (Zhou et al. §4): each job runs in a single slot, placed in
 * the first slot with a wholly idle block of its buddy size; no workload tree, so no balancing,
 * and no re-packing, so a slot goes only when its last job has left.
 */
export const bcScheme: GangScheme = {
  allocate: allocateFirstFit,
  reshape: deleteEmptySlots,
};

/** BC as a registered discipline: first-fit buddy placement, a slot deleted only once all its jobs left. */
export const gangBc = defineGangDiscipline({
  name: 'gang-bc',
  summary:
    'gang scheduling, conventional buddy allocation: first idle block, one slot per job, no re-packing',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §1 and §4 (BC)',
  scheme: bcScheme,
});
