import { allocate, eliminateSlots } from '@js/gang';
import { defineGangDiscipline } from '../define-gang.ts';
import { extendWherePossible } from '../multiple-slots.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BRMMS* (Zhou et al. §5): as BRMS, WLTM places new jobs and gives jobs extra slots; but WLTS,
 * which counts extra slots as idle, decides when a slot can be deleted. Jobs give up extra
 * slots only then — just those standing in the way of emptying one slot.
 */
export const brmmsStarScheme: GangScheme = {
  allocate: (matrix, job, eligible) => allocate(matrix, job, { by: 'WLTM', eligible }),
  reshape: (matrix) => {
    eliminateSlots(matrix, { by: 'WLTS' });
    extendWherePossible(matrix);
  },
};

/** BRMMS* as a registered discipline: WLTM places jobs and grants extra slots, WLTS deletes slots. */
export const gangBrmmsStar = defineGangDiscipline({
  name: 'gang-brmms-star',
  summary: 'gang scheduling, BRMS whose slots are deleted by WLTS, jobs giving up extra slots to let them go',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §5 (BRMMS*)',
  scheme: brmmsStarScheme,
});
