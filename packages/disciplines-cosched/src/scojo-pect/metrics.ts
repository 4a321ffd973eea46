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

/** Used cores and nodes over a span of time. */
class Usage {
  time = 0;
  cores = 0;
  nodes = 0;
  add(dt: number, cores: number, nodes: number): void {
    this.time += dt;
    this.cores += cores * dt;
    this.nodes += nodes * dt;
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
  #nodes = 0;
  #waiting = 0;
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
  }

  /** Time has reached `now` with the usage of the last round. */
  advance(now: number): void {
    if (Number.isNaN(this.#last)) this.#last = now;
    const dt = now - this.#last;
    if (dt > 0) {
      this.#all.add(dt, this.#cores, this.#nodes);
      if (this.#waiting >= this.settings.highLoad) this.#high.add(dt, this.#cores, this.#nodes);
    }
    this.#last = now;
  }

  /** A job of `type` completed at `now`. */
  departed(job: JobView, type: JobType, now: number): void {
    const rr = Math.max(1, (now - job.submit) / Math.max(job.runTime, this.settings.rrCutoff));
    this.#rr.all.add(rr);
    this.#rr.byType[type]!.add(rr);
  }

  /** The round's decisions are made: record the usage from now on and report. */
  settle(ctx: SchedulingContext): void {
    let cores = 0;
    const nodes = new Set<number>();
    for (const job of ctx.jobs.running) {
      if (job.inOverhead) continue;
      cores += job.allocated;
      for (const p of job.processors) nodes.add(Math.floor(p / this.#perNode));
    }
    this.#cores = cores;
    this.#nodes = nodes.size;
    let waiting = 0;
    for (const job of ctx.jobs.pending) if (job.state === 'pending') waiting++;
    this.#waiting = waiting;
    const share = (u: Usage, key: 'cores' | 'nodes', of: number) => (u.time > 0 ? u[key] / (u.time * of) : 0);
    ctx.count('U_core', share(this.#all, 'cores', this.#ownCores));
    ctx.count('U_node', share(this.#all, 'nodes', this.#ownNodes));
    ctx.count('U_core.high', share(this.#high, 'cores', this.#ownCores));
    ctx.count('U_node.high', share(this.#high, 'nodes', this.#ownNodes));
    ctx.count('highLoadShare', this.#all.time > 0 ? this.#high.time / this.#all.time : 0);
    if (this.#rr.all.count > 0) ctx.count('RR', this.#rr.all.value);
    this.#rr.byType.forEach((mean, t) => {
      if (mean.count > 0) ctx.count(`RR.${jobTypes[t]}`, mean.value);
    });
  }
}
