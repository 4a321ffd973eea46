import { allocate, canEliminateSlot, eliminateSlot, eliminateSlots, type SchedulingMatrix } from '@js/gang';
import { defineGangDiscipline } from '../define-gang.ts';
import { extendWherePossible } from '../multiple-slots.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * How many slots WLTS would let go one after another: each deletion takes one idle-or-extra cell
 * from every processor, so the fewest such cells on any processor (0 exactly when its root is 0).
 */
function slotsWltsCouldDelete(matrix: SchedulingMatrix): number {
  let fewest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < matrix.processors; p++) fewest = Math.min(fewest, matrix.wlts.leaf(p));
  return fewest;
}

/**
 * Per matrix, so per run, what departures have freed for WLTS to delete. Departures only raise
 * every processor's count of idle-or-extra cells, and between one reshape and the next boundary's
 * first placement nothing else changes the matrix, so the rise is read once, there, against the
 * count the last reshape left: no count on every change of the matrix. The scheme object is
 * shared by every run of the discipline, so this lives beside each run's matrix, watched from the
 * scheme's first call on it.
 */
interface Departures {
  /** A job left since the rise was last read. */
  departed: boolean;
  /** How many slots WLTS could delete when the last reshape ended. */
  settled: number;
  /** The WLTS deletions departures have made possible, not yet made. */
  owed: number;
}

const departuresByMatrix = new WeakMap<SchedulingMatrix, Departures>();

/** The run's departures, with what they freed counted in before the matrix changes otherwise. */
function departuresOf(matrix: SchedulingMatrix): Departures {
  let d = departuresByMatrix.get(matrix);
  if (d === undefined) {
    const fresh: Departures = { departed: false, settled: slotsWltsCouldDelete(matrix), owed: 0 };
    matrix.subscribe((event) => {
      if (event.kind === 'depart') fresh.departed = true;
    });
    departuresByMatrix.set(matrix, fresh);
    d = fresh;
  }
  if (d.departed) {
    d.owed += Math.max(0, slotsWltsCouldDelete(matrix) - d.settled);
    d.departed = false;
  }
  return d;
}

/**
 * BRMMS* (Zhou et al. §5): "exactly the same as" BRMS — WLTM places new jobs (a new slot when
 * no block has real idle room), gives jobs extra slots, and deletes slots it sees idle — "however,
 * the workload tree WLTS is also used to determine when a time slot can be eliminated", jobs giving
 * up extra slots "only when a time slot is to be eliminated". Giving up extra slots for a new job
 * is what sets BRMMS apart (§5), so the WLTS root is read only for the room departures free: a
 * slot added for a new job is not taken back at once by making jobs relinquish extra slots, which
 * would place the job as BRMMS does. Each departure that lets WLTS delete one more slot lets one go.
 */
export const brmmsStarScheme: GangScheme = {
  allocate: (matrix, job, eligible) => {
    departuresOf(matrix);
    allocate(matrix, job, { by: 'WLTM', eligible });
  },
  reshape: (matrix) => {
    const departures = departuresOf(matrix);
    eliminateSlots(matrix, { by: 'WLTM' });
    for (; departures.owed > 0 && canEliminateSlot(matrix, { by: 'WLTS' }); departures.owed--)
      eliminateSlot(matrix, { by: 'WLTS' });
    departures.owed = 0;
    extendWherePossible(matrix);
    departures.settled = slotsWltsCouldDelete(matrix);
  },
};

/** BRMMS* as a registered discipline: WLTM places jobs and grants extra slots, WLTS deletes the slots departures free. */
export const gangBrmmsStar = defineGangDiscipline({
  name: 'gang-brmms-star',
  summary:
    'gang scheduling, BRMS whose jobs give up extra slots so that the slots departures free can be deleted (WLTS)',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §5 (BRMMS*)',
  scheme: brmmsStarScheme,
});
