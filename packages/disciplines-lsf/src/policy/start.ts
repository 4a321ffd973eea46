import type { SchedulingContext } from '@js/core';
import type { Selection } from './adaptive-selection.ts';

/** Start every selected job on its count (the run-to-completion disciplines, seed 000 §5.1). */
export function startSelection(ctx: SchedulingContext, selection: Selection): void {
  selection.jobs.forEach((job, i) => {
    ctx.start(job, { processors: selection.counts[i]! });
  });
}
