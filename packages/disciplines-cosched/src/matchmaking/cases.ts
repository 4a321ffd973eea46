import type { FairnessTest } from './fairness.ts';
import { formGroup } from './form-group.ts';
import type { Group } from './group.ts';
import { asMember, type MatchContext, type MatchJob, shareNode } from './job.ts';
import type { MatchmakingOptions } from './options.ts';
import { pairSerialBurst, serialBurst } from './serial-burst.ts';
import {
  allCoresCase,
  fastestSpaceSharing,
  isLowLoad,
  partialCoresCase,
  type SpaceSharing,
  standardSpaceSharing,
} from './space-sharing.ts';

/** What the scheduler does with the job it tries to start (§4.4, Fig. 3). */
export type Decision =
  | { readonly kind: 'group'; readonly case: 1 | 2 | 3; readonly group: Group }
  | { readonly kind: 'serial-burst'; readonly groups: readonly Group[] }
  | ({ readonly kind: 'space' } & SpaceSharing)
  | { readonly kind: 'none' };

/** The state at a decision point, as the Scojo-PECT frame sees one virtual machine (§4.7). */
export interface Situation {
  /** The job to start: the first waiting job, or the job tried for backfilling. */
  readonly job: MatchJob;
  /** The other waiting jobs of this job type, FCFS. */
  readonly waiting: readonly MatchJob[];
  /** Running jobs of this job type (only jobs of one type are matched, §4.7). */
  readonly running: readonly MatchJob[];
  readonly context: MatchContext;
  readonly fair: FairnessTest;
  /** Short jobs are only space-shared (§4.3). */
  readonly spaceSharingOnly?: boolean;
  /**
   * Whether the job can start alone in that shape now: under conservative backfilling (§4.7) only
   * where it delays no reservation, which the discipline's plan knows. Absent: wherever it fits
   * the free nodes.
   */
  readonly startsAlone?: (s: SpaceSharing) => boolean;
}

type Candidate = { gain: number; decision: Decision };

const space = (s: SpaceSharing | undefined): Candidate | undefined =>
  s && { gain: s.gain, decision: { kind: 'space', ...s } };

/**
 * Case 4 or 5 as an option only where the job can start that way now (§4.4: the highest gain among
 * the options; "if all of the latter options fail", Case 4): a Case 5 the plan refuses must not
 * outbid a group that can start.
 */
const startable = (s: Situation, alone: SpaceSharing | undefined): SpaceSharing | undefined =>
  alone && (s.startsAlone?.(alone) ?? true) ? alone : undefined;

const group = (c: 1 | 2 | 3, g: Group | undefined): Candidate | undefined =>
  g && { gain: g.gain, decision: { kind: 'group', case: c, group: g } };

/** Case 1: the job as primary, other waiting jobs matched. */
const case1 = (s: Situation, options: MatchmakingOptions) =>
  group(1, formGroup({ primary: s.job, candidates: s.waiting, context: s.context, options, fair: s.fair }));

/** Case 2: the first waiting job as primary, running jobs matched (it may start with no free node). */
const case2 = (s: Situation, options: MatchmakingOptions) =>
  group(2, formGroup({ primary: s.job, candidates: s.running, context: s.context, options, fair: s.fair }));

/**
 * Case 3: a running job as primary, waiting jobs matched, the first among them. The RUNNING_PRIM_NUM
 * least-delayed running jobs that can still share their nodes are tried (§4.5); the best group wins
 * (the first one found for the first-match searches, CSTWS and NH).
 */
const case3 = (s: Situation, options: MatchmakingOptions) => {
  const first = asMember(s.job, s.context.machine, options);
  const primaries = s.running
    .filter((r) => !r.grouped && shareNode(asMember(r, s.context.machine, options), first, s.context.machine))
    .sort((a, b) => (a.delay ?? Infinity) - (b.delay ?? Infinity))
    .slice(0, options.runningPrimNum);
  const firstMatch = options.search === 'cstws' || options.search === 'nh';
  let best: Group | undefined;
  for (const primary of primaries) {
    const g = formGroup({
      primary,
      candidates: [s.job, ...s.waiting],
      context: s.context,
      options,
      fair: s.fair,
      mustInclude: s.job.id,
    });
    if (g && (best === undefined || g.gain > best.gain)) best = g;
    if (best && firstMatch) break;
  }
  return group(3, best);
};

const highest = (candidates: readonly (Candidate | undefined)[]): Decision | undefined =>
  candidates.reduce<Candidate | undefined>(
    (b, c) => (c && (b === undefined || c.gain > b.gain) ? c : b),
    undefined,
  )?.decision;

/**
 * The first waiting job (§4.3, §4.4): short jobs are space-shared (formula 8); at low load it runs
 * alone (space sharing, by formula 8 or at its fastest: the `lowLoad` option); a serial burst is
 * paired first; otherwise Cases 1, 2, 3 and 5 compete on utilisation gain, and Case 4 is the
 * fallback. `none` means it cannot start now.
 */
export const decideFirstJob = (s: Situation, options: MatchmakingOptions): Decision => {
  const { machine } = s.context;
  if (s.spaceSharingOnly)
    return space(standardSpaceSharing(s.job, machine, options))?.decision ?? { kind: 'none' };
  if (isLowLoad([s.job, ...s.waiting], machine)) {
    const alone = space(
      options.lowLoad === 'fastest'
        ? fastestSpaceSharing(s.job, machine)
        : standardSpaceSharing(s.job, machine, options),
    );
    if (alone) return alone.decision;
  }
  const burst = serialBurst(s.job, s.waiting);
  if (burst.length > 1) {
    const groups = pairSerialBurst(burst, s.context, options, s.fair);
    if (groups.length > 0) return { kind: 'serial-burst', groups };
  }
  return (
    highest([
      case1(s, options),
      case2(s, options),
      case3(s, options),
      space(startable(s, allCoresCase(s.job, machine, options))),
    ]) ??
    space(startable(s, partialCoresCase(s.job, machine, options)))?.decision ?? { kind: 'none' }
  );
};

/** Backfilling (§4.4): the same choice with Cases 1, 4 and 5 only; `running` is not used. */
export const decideBackfill = (s: Situation, options: MatchmakingOptions): Decision => {
  const { machine } = s.context;
  if (s.spaceSharingOnly)
    return space(standardSpaceSharing(s.job, machine, options))?.decision ?? { kind: 'none' };
  return (
    highest([case1(s, options), space(startable(s, allCoresCase(s.job, machine, options)))]) ??
    space(startable(s, partialCoresCase(s.job, machine, options)))?.decision ?? { kind: 'none' }
  );
};
