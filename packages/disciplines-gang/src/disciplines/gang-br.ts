import { allocate, eliminateSlots } from '@js/gang';
import { defineGangDiscipline } from '../define-gang.ts';
import type { GangScheme } from '../scheme.ts';

/**
 * BR (Zhou et al. §3, §4): the buddy system with the workload tree — a new job goes to the
 * least loaded block of its size (largest node value, leftmost on ties), re-packed so the
 * block's idle fragments meet in one slot (Property 1) — and slots are eliminated whenever the
 * root is non-zero (Property 2). Each job runs in a single slot, so WLTM and WLTS agree.
 */
export const brScheme: GangScheme = {
  allocate: (matrix, job, eligible) => allocate(matrix, job, { by: 'WLTM', eligible }),
  reshape: (matrix) => eliminateSlots(matrix, { by: 'WLTM' }),
};

/** BR as a registered discipline: workload-tree placement and slot elimination by re-packing. */
export const gangBr = defineGangDiscipline({
  name: 'gang-br',
  summary: 'gang scheduling, buddy + workload tree: balanced placement, re-packing to eliminate slots',
  source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §3 and §4 (BR)',
  scheme: brScheme,
});
