import type { FairnessTest } from './fairness.ts';
import { formGroup } from './form-group.ts';
import type { Group } from './group.ts';
import type { MatchContext, MatchJob } from './job.ts';
import type { MatchmakingOptions } from './options.ts';

/**
 * A burst of serial jobs (§3: submissions of similar jobs close in time; §4.4: serial jobs are treated
 * specially before other coscheduling). The paper's Fig. 3 gives no more detail; here a burst is the
 * run of serial jobs at the head of the waiting queue (FCFS), the first waiting job included.
 */
export const serialBurst = (first: MatchJob, waiting: readonly MatchJob[]): MatchJob[] => {
  if (first.size !== 1) return [];
  const rest = [...waiting].sort((a, b) => a.submit - b.submit);
  const end = rest.findIndex((j) => j.size !== 1);
  return [first, ...rest.slice(0, end < 0 ? rest.length : end)];
};

/**
 * Serial jobs pair up two to a node (a serial primary's window is one node wide, so every group of
 * serial jobs is a pair). In FCFS order each unpaired job of the burst becomes a primary and takes
 * its best partner among the later unpaired ones (CST-style; CSTWS and NH take the first suitable),
 * while free nodes last. Only pairs that hold the first job start a burst: without it the first
 * waiting job would be overtaken, and the other cases decide instead.
 */
export const pairSerialBurst = (
  burst: readonly MatchJob[],
  context: MatchContext,
  options: MatchmakingOptions,
  fair: FairnessTest,
): Group[] => {
  const pairs: Group[] = [];
  const paired = new Set<number>();
  let freeNodes = context.machine.freeNodes;
  const search = options.search === 'cstws' || options.search === 'nh' ? 'cstws' : 'cst';
  for (const [i, primary] of burst.entries()) {
    if (freeNodes < 1) break;
    if (paired.has(primary.id)) continue;
    const group = formGroup({
      primary,
      candidates: burst.slice(i + 1).filter((j) => !paired.has(j.id)),
      context: { ...context, machine: { ...context.machine, freeNodes } },
      options: { ...options, search },
      fair,
    });
    if (group === undefined) {
      if (i === 0) return [];
      continue;
    }
    pairs.push(group);
    for (const m of [group.primary, ...group.matched]) paired.add(m.job.id);
    freeNodes -= group.freeNodesNeeded;
  }
  return pairs;
};
