import type { MatchmakingOptions } from './options.ts';

/**
 * What the matchmaking needs to know of one job (§3, §4.5, §4.6), as plain data. Runtimes are in
 * *base* seconds: the time at one process per node with no contention (T_i of Table 1), so a job's
 * wall time under an allocation is its base time × the slowdowns of §4.9.
 */
export interface MatchJob {
  readonly id: number;
  /** S_i: processes of the job; fixed at submission (§3: no molding). */
  readonly size: number;
  readonly state: 'waiting' | 'running';
  /** A running job's processes per node where it runs now (its group PPN if it is matched, §4.4). */
  readonly ppn?: number;
  /** Base seconds of work left: the whole (scaled) estimate when waiting, what is left when running. */
  readonly remaining: number;
  /** Submission time: FCFS order of waiting candidates (§4.5 step 2). */
  readonly submit: number;
  /** A running job's predicted delay; only its order matters (least delayed first, §4.5 step 2, Case 3). */
  readonly delay?: number;
  /** SL_scr: core self slowdown, two processes of the job on the cores of one CPU (§4.9). */
  readonly slScr: number;
  /** SL_sno: node self slowdown, processes of the job on different CPUs of one node (§4.9). */
  readonly slSno: number;
  /** A running job already in a group: groups are closed, no job joins a running group (§4.4). */
  readonly grouped?: boolean;
}

/** The free part of the machine at a decision point. */
export interface MachineSummary {
  /** Nodes with no job on them. */
  readonly freeNodes: number;
  /** N_core (Table 1); the paper uses 4. */
  readonly coresPerNode: number;
  /** CPUs per node; processes of one job go to different CPUs first (§4.9); the paper uses 2. */
  readonly cpusPerNode: number;
}

/**
 * SL_cos of `of` while it shares nodes with `partner` (§4.9). Drawn per job or per pair by the
 * contention model; the matchmaking only reads it.
 */
export type CosSlowdown = (of: MatchJob, partner: MatchJob) => number;

export interface MatchContext {
  readonly machine: MachineSummary;
  readonly cosSlowdown: CosSlowdown;
  /** Hears each group search's pre-selected candidates (§5.3 counts them), for the discipline's figures. */
  readonly searched?: (candidates: number) => void;
}

/** A job with the PPN and node count it has inside a group. */
export interface Member {
  readonly job: MatchJob;
  readonly ppn: number;
  readonly nodes: number;
}

/**
 * Self slowdown at `ppn` processes per node (§4.9): processes fill different CPUs first (SL_sno), and
 * only beyond one per CPU share a CPU's cores as well (SL_scr · SL_sno).
 */
export const selfSlowdown = (job: MatchJob, ppn: number, machine: MachineSummary): number =>
  ppn <= 1 ? 1 : ppn <= machine.cpusPerNode ? job.slSno : job.slScr * job.slSno;

/**
 * PPN of a waiting job in a group (§4.3: 1 or 2 of 4 cores under semi time sharing). The job gets
 * half the cores, one per CPU, when its node self slowdown is within SELF_SL2 — the same test as
 * formula 8 uses for 2 processes per node. A running job keeps the PPN it runs at (no migration).
 */
export const coschedulingPpn = (
  job: MatchJob,
  machine: MachineSummary,
  options: MatchmakingOptions,
): number => {
  if (job.state === 'running') return job.ppn ?? 1;
  const half = Math.max(1, Math.floor(machine.coresPerNode / 2));
  return job.size > 1 && job.slSno <= options.selfSl2 ? Math.min(half, job.size) : 1;
};

/** Nodes a job holds at `ppn` processes per node. */
export const nodesAt = (job: MatchJob, ppn: number): number => Math.ceil(job.size / ppn);

export const asMember = (job: MatchJob, machine: MachineSummary, options: MatchmakingOptions): Member => {
  const ppn = coschedulingPpn(job, machine, options);
  return { job, ppn, nodes: nodesAt(job, ppn) };
};

/**
 * SL_{of,partner} of formula 6: the whole slowdown of `of` in a group with `partner` — its self
 * slowdown at its group PPN times the coscheduling slowdown (§4.9).
 */
export const groupSlowdown = (of: Member, partner: Member, context: MatchContext): number =>
  selfSlowdown(of.job, of.ppn, context.machine) * context.cosSlowdown(of.job, partner.job);

/** Two jobs share a node only if their processes fit its cores together (at most two jobs per node). */
export const shareNode = (a: Member, b: Member, machine: MachineSummary): boolean =>
  a.ppn + b.ppn <= machine.coresPerNode;
