import type { JobView, SchedulingContext } from '@js/core';
import type { Machine } from '@js/machine';
import { type JobType, jobTypes } from './job-type.ts';

class Mean {
  count = 0;
  value = 0;
  add(x: number): void {
    this.count++;
    this.value += (x - this.value) / this.count;
  }
}

/**
 * How the nodes are used at one moment: two jobs on a node, one job on all its cores, one job on
 * some of them, and of the last those whose job has run in a group (a group member alone there:
 * its group disbanded, its partner on that node ended, or the group never covered that node); the
 * rest are idle.
 */
interface Occupancy {
  shared: number;
  allCores: number;
  someCores: number;
  memberAlone: number;
  idle: number;
}

const occupancyKeys = ['shared', 'allCores', 'someCores', 'memberAlone', 'idle'] as const;
const noNodes = (): Occupancy => ({ shared: 0, allCores: 0, someCores: 0, memberAlone: 0, idle: 0 });
/** Each node figure with its counter names over the run and over high-load phases, built once. */
const nodeCounters = occupancyKeys.map((k) => [k, `nodes.${k}`, `nodes.${k}.high`] as const);

/** Used cores, and node-seconds by occupancy, over a span of time. */
class Usage {
  time = 0;
  cores = 0;
  readonly occupancy = noNodes();
  add(dt: number, cores: number, occupancy: Occupancy): void {
    this.time += dt;
    this.cores += cores * dt;
    for (const k of occupancyKeys) this.occupancy[k] += occupancy[k] * dt;
  }
  /** Used node-seconds: those with at least one job. */
  get nodes(): number {
    const o = this.occupancy;
    return o.shared + o.allCores + o.someCores;
  }
}

/** What the metrics need: N_H, which marks high-load phases, and the bounded RR's runtime cut-off. */
export interface MetricSettings {
  /** N_H: waiting jobs from which the load counts as high (Table 6: 12). */
  readonly highLoad: number;
  /** Runtimes below this count as this in the bounded relative response time (seconds). */
  readonly rrCutoff: number;
}

/**
 * Zeng & Sodan's metrics (seed 002, §4.1, §5.1) as running values through the discipline-metrics
 * channel (the last value reported is the run's):
 * - `U_core`, `U_node` (formulas 2, 3): used-core and used-node time over the time since the first
 *   arrival times the machine's cores and nodes; a core is used while a job's process makes
 *   progress on it (a swap in or out is overhead, not use); a node while any of its cores is;
 * - `U_core.high`, `U_node.high` and `highLoadShare`: the same over the high-load phases only
 *   (formula 1: spans in which the waiting queue holds ≥ N_H jobs; swapped-out jobs are not in
 *   it), and their share of the time;
 * - `nodes.shared`, `nodes.allCores`, `nodes.someCores`, `nodes.idle` and their `.high` forms: the
 *   mean number of nodes running two jobs, one job on all cores, one job on some cores, none,
 *   over the same spans (what U_core is made of); `nodes.memberAlone` and
 *   `nodes.memberAlone.high`, for a policy that forms groups, the nodes of `nodes.someCores` whose
 *   job has run in a group;
 * - `RR`, `RR.short`, `RR.medium`, `RR.long`: mean bounded relative response time, response
 *   (completion − submission) over max(pure runtime, cut-off), at least 1, where the pure
 *   runtime is the seconds the job made progress (its contention slowdown in, time slicing out).
 */
export class ZengSodanMetrics {
  readonly #all = new Usage();
  readonly #high = new Usage();
  readonly #rr = { all: new Mean(), byType: [new Mean(), new Mean(), new Mean()] };
  #last = Number.NaN;
  #cores = 0;
  #occupancy = noNodes();
  #waiting = 0;
  /** Per node, this round: processes running, distinct jobs, and the last job seen. */
  readonly #onNode: {
    readonly processes: Int32Array;
    readonly jobs: Int32Array;
    readonly last: Float64Array;
  };
  readonly #perNode: number;
  readonly #ownCores: number;
  readonly #ownNodes: number;

  /** `processors`: the processors the discipline owns (all, unless the run is partitioned). */
  constructor(
    machine: Machine,
    processors: readonly number[],
    readonly settings: MetricSettings,
  ) {
    this.#perNode = machine.cpusPerNode * machine.coresPerCpu;
    this.#ownCores = processors.length;
    this.#ownNodes = new Set(processors.map((p) => machine.nodeOf(p))).size;
    const nodes = machine.nodes;
    this.#onNode = {
      processes: new Int32Array(nodes),
      jobs: new Int32Array(nodes),
      last: new Float64Array(nodes),
    };
  }

  /** Time has reached `now` with the usage of the last round. */
  advance(now: number): void {
    if (Number.isNaN(this.#last)) this.#last = now;
    const dt = now - this.#last;
    if (dt > 0) {
      this.#all.add(dt, this.#cores, this.#occupancy);
      if (this.#waiting >= this.settings.highLoad) this.#high.add(dt, this.#cores, this.#occupancy);
    }
    this.#last = now;
  }

  /** A job of `type` completed at `now`. */
  departed(job: JobView, type: JobType, now: number): void {
    const rr = Math.max(1, (now - job.submit) / Math.max(job.runTime, this.settings.rrCutoff));
    this.#rr.all.add(rr);
    this.#rr.byType[type]!.add(rr);
  }

  /**
   * The round's decisions are made: record the usage from now on and report. `ranInGroup`, from a
   * policy that forms groups, says whether a job has run in one.
   */
  settle(ctx: SchedulingContext, ranInGroup?: (id: number) => boolean): void {
    const { processes, jobs, last } = this.#onNode;
    processes.fill(0);
    jobs.fill(0);
    let cores = 0;
    for (const job of ctx.jobs.running) {
      if (job.inOverhead) continue;
      cores += job.allocated;
      for (const p of job.processors) {
        const node = Math.floor(p / this.#perNode);
        processes[node]!++;
        if (jobs[node] === 0 || last[node] !== job.id) jobs[node]!++;
        last[node] = job.id;
      }
    }
    const occupancy = noNodes();
    for (let node = 0; node < jobs.length; node++) {
      if (jobs[node]! > 1) occupancy.shared++;
      else if (jobs[node] === 0) continue;
      else if (processes[node]! >= this.#perNode) occupancy.allCores++;
      else {
        occupancy.someCores++;
        if (ranInGroup?.(last[node]!)) occupancy.memberAlone++;
      }
    }
    this.#cores = cores;
    occupancy.idle = this.#ownNodes - occupancy.shared - occupancy.allCores - occupancy.someCores;
    this.#occupancy = occupancy;
    let waiting = 0;
    for (const job of ctx.jobs.pending) if (job.state === 'pending') waiting++;
    this.#waiting = waiting;
    const share = (u: Usage, key: 'cores' | 'nodes', of: number) => (u.time > 0 ? u[key] / (u.time * of) : 0);
    ctx.count('U_core', share(this.#all, 'cores', this.#ownCores));
    ctx.count('U_node', share(this.#all, 'nodes', this.#ownNodes));
    ctx.count('U_core.high', share(this.#high, 'cores', this.#ownCores));
    ctx.count('U_node.high', share(this.#high, 'nodes', this.#ownNodes));
    ctx.count('highLoadShare', this.#all.time > 0 ? this.#high.time / this.#all.time : 0);
    const all = this.#all;
    const high = this.#high;
    for (const [k, overRun, overHigh] of nodeCounters) {
      if (k === 'memberAlone' && ranInGroup === undefined) continue;
      ctx.count(overRun, all.time > 0 ? all.occupancy[k] / all.time : 0);
      ctx.count(overHigh, high.time > 0 ? high.occupancy[k] / high.time : 0);
    }
    if (this.#rr.all.count > 0) ctx.count('RR', this.#rr.all.value);
    this.#rr.byType.forEach((mean, t) => {
      if (mean.count > 0) ctx.count(`RR.${jobTypes[t]}`, mean.value);
    });
  }
}
