import { allocate, eliminateSlots } from '@js/gang';
import { defineGangDiscipline } from '../define-gang.ts';
import { extendWherePossible } from '../multiple-slots.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BRMMS (Zhou et al. §5), the scheme the paper recommends: it works like BR on WLTS — new jobs
 * are placed, and slots deleted, as if no job had extra slots. Jobs give up extra slots where a
 * deletion needs their cells, and for a new job only "when a new job arrives, but it cannot be
 * allocated in the existing time slots": a block with real idle cells (WLTM) is taken first,
 * ranked by WLTS. WLTM gives running jobs extra slots only at a boundary with no new arrivals.
 * So it never has more slots than BR would.
 */
export const brmmsScheme: GangScheme = {
  allocate: (matrix, job, eligible) => allocate(matrix, job, { by: 'WLTS', eligible }),
  reshape: (matrix, { arrivals }) => {
    eliminateSlots(matrix, { by: 'WLTS' });
    if (!arrivals) extendWherePossible(matrix);
  },
};

/** BRMMS, the paper's recommended scheme, as a registered discipline: BR on WLTS, extra slots on loan. */
export const gangBrmms = defineGangDiscipline({
  name: 'gang-brmms',
  summary: 'gang scheduling, BR on WLTS with extra slots from WLTM when nothing arrives, given up on demand',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §5 (BRMMS)',
  scheme: brmmsScheme,
});
