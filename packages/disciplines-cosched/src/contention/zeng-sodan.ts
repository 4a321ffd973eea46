import type { ContentionModel, ContentionPlacement, Job } from '@js/core';
import type { Machine } from '@js/machine';
import { coschedulingSlowdown } from './pair.ts';

/**
 * A job's two self slowdowns from Table 4 (§4.9); 1 where the workload gave none. Its coscheduling
 * slowdown depends on the partner too: {@link coschedulingSlowdown}.
 */
export interface ZengSodanSlowdowns {
  /** SL_scr, core self slowdown: two of its processes on the cores of one CPU. */
  readonly scr: number;
  /** SL_sno, node self slowdown: its processes on different CPUs of one node. */
  readonly sno: number;
}

/** The self slowdowns in a job's traits (`slScr`, `slSno`, as the zeng-sodan-multicore model names them). */
export function slowdownsOf(traits: Readonly<Record<string, number>> | undefined): ZengSodanSlowdowns {
  return { scr: traits?.slScr ?? 1, sno: traits?.slSno ?? 1 };
}

/** Whether a job's traits carry any slowdown (self or coscheduling): without any, it always runs at 1. */
export function hasSlowdowns(traits: Readonly<Record<string, number>> | undefined): boolean {
  return (
    traits !== undefined &&
    (traits.slScr !== undefined ||
      traits.slSno !== undefined ||
      traits.slCos !== undefined ||
      traits.cosKey !== undefined)
  );
}

/** How a job's processes sit on one node: what decides which of its slowdowns apply there. */
export interface NodeLayout {
  /** Distinct CPUs of the node holding its processes. */
  readonly cpus: number;
  /** Whether some CPU holds two or more of its processes (they share that CPU's cores). */
  readonly cpuShared: boolean;
  /**
   * SL_cos the job suffers on the node: its pair value with the other job there (§4.6), the
   * largest of them if several; 1 when it is alone on the node.
   */
  readonly coscheduling: number;
}

/**
 * The factor on one node (§4.9): the slowdowns are independent causes (cores of one CPU, CPUs of
 * one node, another job on the node), so those that apply multiply, as formulas 7 and 8 do with
 * SL_scr·SL_sno for all cores of a node.
 */
export function nodeSlowdown(sl: ZengSodanSlowdowns, layout: NodeLayout): number {
  return (layout.cpuShared ? sl.scr : 1) * (layout.cpus >= 2 ? sl.sno : 1) * layout.coscheduling;
}

/**
 * The factor of a job running on `processors` (each node's layout read off the machine): the
 * largest over its nodes, since a parallel job advances at the pace of its slowest process.
 * `coschedulingOn(node)` is the job's SL_cos on a node (see {@link NodeLayout.coscheduling}).
 */
export function placementSlowdown(
  sl: ZengSodanSlowdowns,
  machine: Machine,
  processors: ArrayLike<number>,
  coschedulingOn: (node: number) => number,
): number {
  // Per node: the CPUs used and how many processes on each (processors sorted or not).
  const perNode = new Map<number, Map<number, number>>();
  for (let i = 0; i < processors.length; i++) {
    const p = processors[i]!;
    const node = machine.nodeOf(p);
    let cpus = perNode.get(node);
    if (!cpus) perNode.set(node, (cpus = new Map()));
    const cpu = machine.cpuOf(p);
    cpus.set(cpu, (cpus.get(cpu) ?? 0) + 1);
  }
  let worst = Number.NEGATIVE_INFINITY;
  for (const [node, cpus] of perNode) {
    let cpuShared = false;
    for (const n of cpus.values()) if (n >= 2) cpuShared = true;
    const factor = nodeSlowdown(sl, { cpus: cpus.size, cpuShared, coscheduling: coschedulingOn(node) });
    if (factor > worst) worst = factor;
  }
  return perNode.size ? worst : 1;
}

/** A job as {@link nodeCoscheduling} reads it: the engine's record or a discipline's view. */
interface Occupant {
  readonly id: number;
  readonly traits?: Readonly<Record<string, number>> | undefined;
}

/**
 * The SL_cos `job` suffers on a node whose cores are `first` … `first + cores − 1`: the largest
 * pair value ({@link coschedulingSlowdown}) with the other jobs running there (`occupant(q)`, the
 * job on core q), 1 when it is alone. The physics and a discipline's own pace tracking both use it.
 */
export function nodeCoscheduling(
  job: Occupant,
  first: number,
  cores: number,
  occupant: (q: number) => Occupant | undefined,
): number {
  let worst = Number.NEGATIVE_INFINITY;
  let last: Occupant | undefined;
  for (let q = first; q < first + cores; q++) {
    const other = occupant(q);
    // A job's processes often sit on adjacent cores: skip a repeat rather than look it up again.
    if (other === undefined || other.id === job.id || other === last) continue;
    last = other;
    const sl = coschedulingSlowdown(job.traits, other.traits);
    if (sl > worst) worst = sl;
  }
  return worst === Number.NEGATIVE_INFINITY ? 1 : worst;
}

/**
 * Zeng & Sodan's contention model (seed 002, §4.9; spec 03, "Slowdown model"): a job's execution
 * time under an allocation is its base runtime (T_i, one process per node, Table 1) times the
 * slowdowns its placement incurs: SL_scr and SL_sno from the job's own traits (drawn from Table 4
 * by the `zeng-sodan-multicore` workload), and on a node it shares, SL_cos of the pair (§4.6's
 * SL_{A,i}, "the slowdown of Job A when A coschedules with Job i": {@link coschedulingSlowdown},
 * a Table 4 draw addressed by the two jobs' keys, or the job's own per-job value when the workload
 * was made with `slCos: 'job'`). On a node with more than one other job (the paper never puts more
 * than two jobs on a node, but the engine allows it) the largest pair value applies, as formula 6
 * takes SL_q, the largest over the co-runners. A job without the traits runs at 1.
 *
 * It lives in this package rather than in `@js/machine` (as issue 15 puts it): the
 * ContentionModel interface is `@js/core`'s, which `@js/machine` cannot import.
 *
 * A pure function of the placement: the engine re-rates a job whenever a neighbour starts, stops
 * or is swapped out. The traits it reads are physics: a discipline sees them only as the run's
 * knowledge allows (the workload declares them `speedup` knowledge) and cannot change them.
 */
export const zengSodanContention: ContentionModel = Object.freeze({
  name: 'zeng-sodan-09',
  summary:
    'multi-core slowdowns: SL_scr (cores of one CPU), SL_sno (CPUs of one node), SL_cos (a co-runner on the node)',
  source:
    'Zeng & Sodan, Lookahead Group Matchmaking for Time/Space Sharing on Multi-core Parallel Machines, §4.9, Table 4',
  slowdown(job: Job, processors: ArrayLike<number>, placement: ContentionPlacement): number {
    const { machine } = placement;
    const perNode = machine.cpusPerNode * machine.coresPerCpu;
    const coschedulingOn = (node: number): number =>
      nodeCoscheduling(job, node * perNode, perNode, (q) => placement.runningOn(q));
    return placementSlowdown(slowdownsOf(job.traits), machine, processors, coschedulingOn);
  },
});
