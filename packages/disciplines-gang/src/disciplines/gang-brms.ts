import { allocate, eliminateSlots } from '@js/gang';
import { defineGangDiscipline } from '../define-gang.ts';
import { extendWherePossible } from '../multiple-slots.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BRMS (Zhou et al. §4): BR, and a job runs in multiple slots whenever possible — it takes an
 * extra slot when its processors are idle there — and keeps every slot it gained until it
 * finishes. A slot is eliminated only when the real idle cells (WLTM) allow it, never by
 * taking a slot from a job.
 */
export const brmsScheme: GangScheme = {
  allocate: (matrix, job, eligible) => allocate(matrix, job, { by: 'WLTM', eligible }),
  reshape: (matrix) => {
    eliminateSlots(matrix, { by: 'WLTM' });
    extendWherePossible(matrix);
  },
};

/** BRMS as a registered discipline: BR plus extra slots for jobs, kept until they finish. */
export const gangBrms = defineGangDiscipline({
  name: 'gang-brms',
  summary:
    'gang scheduling, BR plus extra slots for jobs whenever their processors are idle, kept to the end',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §4 (BRMS)',
  scheme: brmsScheme,
});
