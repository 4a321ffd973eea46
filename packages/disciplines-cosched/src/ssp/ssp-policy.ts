import type { DisciplineEnvironment, JobView } from '@js/core';
import { nodeSlowdown, slowdownsOf } from '../contention/zeng-sodan.ts';
import type { PlacementPolicy, SpacePlan } from '../scojo-pect/policy.ts';

/** Formula 8's Table 6 thresholds (MAX_SL, SELF_SL2) and the fallback for hidden slowdowns: SSP's processes per node. */
export interface SspSettings {
  /** MAX_SL: largest SL_scr·SL_sno for all cores of a node (Table 6: 1.25). */
  readonly maxSl: number;
  /** SELF_SL2: largest SL_sno for one process per CPU (Table 6: 1.12). */
  readonly selfSl2: number;
  /** Processes per node for a job whose slowdowns the run does not reveal. */
  readonly unknownSlowdowns?: 'all-cores' | 'one-per-node';
}

/** A job under space sharing: `nodes` whole nodes, `ppn` processes on each (fewer on the last). */
export interface SspPlan extends SpacePlan {
  readonly nodes: number;
  readonly ppn: number;
}

/**
 * Processes per node by the paper's formula 8 (seed 002, §5.1; §4.3): all cores of a node if the
 * combined self slowdown SL_scr·SL_sno ≤ MAX_SL, else one process per CPU if SL_sno ≤ SELF_SL2,
 * else one per node; serial jobs one. Formula 8's 4 and 2 are a node's cores and CPUs.
 * `undefined` slowdowns: the run hides them (they are speedup knowledge).
 */
export function formula8(
  size: number,
  scr: number | undefined,
  sno: number | undefined,
  machine: { readonly cpusPerNode: number; readonly coresPerCpu: number },
  settings: Pick<SspSettings, 'maxSl' | 'selfSl2' | 'unknownSlowdowns'>,
): number {
  const cores = machine.cpusPerNode * machine.coresPerCpu;
  if (size === 1) return 1;
  if (scr === undefined || sno === undefined) return settings.unknownSlowdowns === 'one-per-node' ? 1 : cores;
  if (scr * sno <= settings.maxSl) return cores;
  if (sno <= settings.selfSl2) return machine.cpusPerNode;
  return 1;
}

/**
 * Standard space sharing (§5.1, SSP): one job per node, its processes on the node's CPUs in turn
 * (§4.9: "processes of the same job are allocated to cores of different CPUs per node"), so two
 * share a CPU only when a node holds more of them than it has CPUs.
 */
export function sspPolicy(settings: SspSettings, env: DisciplineEnvironment): PlacementPolicy<SspPlan> {
  const { machine, processors } = env;
  const { cpusPerNode, coresPerCpu } = machine;
  const perNode = cpusPerNode * coresPerCpu;
  // The nodes wholly this discipline's (a partitioned run may cut a node).
  const owned = new Set(processors);
  const nodes: number[] = [];
  for (let n = 0; n < machine.nodes; n++) {
    let whole = true;
    for (let p = n * perNode; p < (n + 1) * perNode; p++) if (!owned.has(p)) whole = false;
    if (whole) nodes.push(n);
  }
  /** The processes a node holds under `ppn`, spread over its CPUs first. */
  const slot = (node: number, i: number): number =>
    node * perNode + (i % cpusPerNode) * coresPerCpu + Math.floor(i / cpusPerNode);
  const layout = (count: number) => ({
    cpus: Math.min(count, cpusPerNode),
    cpuShared: count > cpusPerNode,
    coscheduling: 1,
  });

  return {
    plan(job: JobView): SspPlan {
      const traits = job.traits;
      let ppn = formula8(job.size, traits?.slScr, traits?.slSno, machine, settings);
      // A machine with too few nodes for that spread: the fewest processes per node that fit.
      if (Math.ceil(job.size / ppn) > nodes.length)
        ppn = Math.min(perNode, Math.ceil(job.size / nodes.length));
      const count = Math.ceil(job.size / ppn);
      const last = job.size - (count - 1) * ppn;
      // Its pace is its slowest node's (the contention model's rule), from what the run reveals.
      const sl = slowdownsOf(traits);
      const factor = Math.max(nodeSlowdown(sl, layout(ppn)), nodeSlowdown(sl, layout(last)));
      return { nodes: count, ppn, footprint: count * perNode, runtime: job.estimate * factor };
    },
    held(job: JobView): number {
      const used = new Set<number>();
      for (const p of job.processors) used.add(machine.nodeOf(p));
      return used.size * perNode;
    },
    choose(job, plan, usable) {
      const free: number[] = [];
      for (const n of nodes) {
        let all = true;
        for (let p = n * perNode; all && p < (n + 1) * perNode; p++) all = usable(p);
        if (all) free.push(n);
        if (free.length === plan.nodes) break;
      }
      if (free.length < plan.nodes) return undefined;
      const out: number[] = [];
      let left = job.size;
      for (const n of free) {
        const k = Math.min(plan.ppn, left);
        for (let i = 0; i < k; i++) out.push(slot(n, i));
        left -= k;
      }
      return out;
    },
  };
}
