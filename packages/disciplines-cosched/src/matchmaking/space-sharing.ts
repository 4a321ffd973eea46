import { formula8 } from '../ssp/ssp-policy.ts';
import { type MachineSummary, type MatchJob, nodesAt, selfSlowdown } from './job.ts';
import type { MatchmakingOptions } from './options.ts';

/** A job scheduled alone on its nodes: Case 4 (partial cores) or Case 5 (all cores), §4.4. */
export interface SpaceSharing {
  readonly case: 4 | 5;
  readonly job: MatchJob;
  readonly ppn: number;
  readonly nodes: number;
  /** Formula 6 with no matched job: S / (SL_self · nodes) − 1. */
  readonly gain: number;
}

/**
 * Formula 8 (§5.1, SSP): all cores if SL_scr·SL_sno ≤ MAX_SL, else one process per CPU if
 * SL_sno ≤ SELF_SL2, else 1 (serial jobs 1). The SSP discipline's {@link formula8}, so there is one
 * truth for it.
 */
export const spaceSharingPpn = (
  job: MatchJob,
  machine: MachineSummary,
  options: MatchmakingOptions,
): number =>
  formula8(
    job.size,
    job.slScr,
    job.slSno,
    { cpusPerNode: machine.cpusPerNode, coresPerCpu: machine.coresPerNode / machine.cpusPerNode },
    options,
  );

/** Case 4's PPN: formula 8 without its all-cores branch (one process per CPU, or one per node). */
export const partialCoresPpn = (
  job: MatchJob,
  machine: MachineSummary,
  options: MatchmakingOptions,
): number => (job.size > 1 && job.slSno <= options.selfSl2 ? machine.cpusPerNode : 1);

/**
 * Formula 6 for a job alone at `ppn`: it does S / SL_self node-seconds of one-process-per-node work per
 * second on ceil(S / ppn) nodes, so U_gain = S / (SL_self · nodes) − 1 (0 at PPN 1; 4/SL − 1 at PPN 4).
 */
export const spaceSharingGain = (job: MatchJob, ppn: number, machine: MachineSummary): number =>
  job.size / (selfSlowdown(job, ppn, machine) * nodesAt(job, ppn)) - 1;

const alone = (job: MatchJob, wanted: number, machine: MachineSummary): SpaceSharing => {
  // A job smaller than a node's share cannot put more processes on a node than it has.
  const ppn = Math.max(1, Math.min(wanted, job.size));
  return {
    case: ppn >= machine.coresPerNode ? 5 : 4,
    job,
    ppn,
    nodes: nodesAt(job, ppn),
    gain: spaceSharingGain(job, ppn, machine),
  };
};

const fits = (s: SpaceSharing, machine: MachineSummary): SpaceSharing | undefined =>
  s.nodes <= machine.freeNodes ? s : undefined;

/**
 * Whether Case 5 (all cores) is offered to the job, as the `allCores` option reads §4.3–4.4:
 * - formula-8: where formula 8 gives the job all cores (SL_scr·SL_sno ≤ MAX_SL); a job of fewer
 *   processes than a node has cores then gets as many per node;
 * - any: to every job with at least as many processes as a node has cores, where its gain at all
 *   cores is no less than at Case 4's processes per node (so that Case 5 never does worse than the
 *   fallback it pre-empts: at one process per CPU that needs SL_scr ≤ 2, which Table 4's draws,
 *   below 1.8, always meet).
 */
export const offersAllCores = (
  job: MatchJob,
  machine: MachineSummary,
  options: MatchmakingOptions,
): boolean =>
  options.allCores === 'any'
    ? job.size >= machine.coresPerNode &&
      spaceSharingGain(job, machine.coresPerNode, machine) >=
        spaceSharingGain(job, partialCoresPpn(job, machine, options), machine)
    : job.size > 1 && spaceSharingPpn(job, machine, options) === machine.coresPerNode;

/** Case 5: all cores, where {@link offersAllCores} and it fits. */
export const allCoresCase = (job: MatchJob, machine: MachineSummary, options: MatchmakingOptions) =>
  offersAllCores(job, machine, options)
    ? fits(alone(job, machine.coresPerNode, machine), machine)
    : undefined;

/** Case 4: partial cores (PPN 1 or N_core/2), the fallback of §4.4, if it fits. */
export const partialCoresCase = (job: MatchJob, machine: MachineSummary, options: MatchmakingOptions) =>
  fits(alone(job, partialCoresPpn(job, machine, options), machine), machine);

/** SSP (§5.1) and short jobs (§4.3): the PPN of formula 8, if it fits. */
export const standardSpaceSharing = (job: MatchJob, machine: MachineSummary, options: MatchmakingOptions) =>
  fits(alone(job, spaceSharingPpn(job, machine, options), machine), machine);

/**
 * Low load (§4.3): every waiting job fits the free nodes at one process per node. Space sharing is
 * then better, as it gives each job its best runtime.
 */
export const isLowLoad = (waiting: readonly MatchJob[], machine: MachineSummary): boolean =>
  waiting.reduce((sum, j) => sum + j.size, 0) <= machine.freeNodes;

/**
 * The best runtime at low load: the PPN with the least self slowdown (PPN 1 unless a self slowdown is
 * below 1, which §4.9 allows as a speedup); ties go to fewer processes per node.
 */
export const fastestSpaceSharing = (job: MatchJob, machine: MachineSummary) => {
  const ppns = [...new Set([1, machine.cpusPerNode, machine.coresPerNode])].filter(
    (p) => p <= Math.max(1, job.size),
  );
  const best = ppns.reduce((a, b) => (selfSlowdown(job, b, machine) < selfSlowdown(job, a, machine) ? b : a));
  return fits(alone(job, best, machine), machine);
};
