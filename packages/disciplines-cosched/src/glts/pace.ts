import type { JobView, SchedulingContext } from '@js/core';
import type { Machine } from '@js/machine';
import {
  hasSlowdowns,
  nodeCoscheduling,
  nodeSlowdown,
  placementSlowdown,
  slowdownsOf,
} from '../contention/zeng-sodan.ts';

interface Progress {
  /** Base seconds of work done (T_i of Table 1: one process per node, no contention). */
  done: number;
  /** The job's `runTime` (wall seconds of progress) when `done` was last brought up to date. */
  seen: number;
  /** The slowdown in force since then (§4.9), by the placement it had at the last round's end. */
  factor: number;
}

/**
 * How far each started job is in base seconds, and how fast it goes now. The matchmaking reasons
 * in base seconds (formula 6: remaining work at one process per node), while the engine reports
 * wall seconds of progress, stretched by the slowdowns of the job's placement. A placement changes
 * only at operations and completions, each of which is a decision round, so the wall progress
 * between two rounds divided by the factor in force after the first is exact.
 *
 * The factor is the `zeng-sodan-09` model's own (the largest node factor of SL_scr, SL_sno and the
 * pair's SL_cos over the job's nodes) from the traits the run reveals; a job without them goes at 1.
 */
export class PaceBook {
  readonly #jobs = new Map<number, Progress>();
  readonly #perNode: number;
  /** Factors as the machine stands, until the next operation (see {@link invalidate}). */
  readonly #now = new Map<number, number>();
  /** Scratch: a node's processes of one job per CPU. */
  readonly #own: Int32Array;
  readonly #seen: Int32Array;
  #stamp = 0;

  constructor(readonly machine: Machine) {
    this.#perNode = machine.cpusPerNode * machine.coresPerCpu;
    this.#own = new Int32Array(machine.cpusPerNode);
    this.#seen = new Int32Array(machine.nodes);
  }

  #of(job: JobView): Progress {
    let p = this.#jobs.get(job.id);
    if (p === undefined) {
      p = { done: 0, seen: 0, factor: 1 };
      this.#jobs.set(job.id, p);
    }
    return p;
  }

  /** The machine changed (a round began, a job started): factors are to be computed again. */
  invalidate(): void {
    this.#now.clear();
  }

  /** A round begins: credit each running job's progress since the last one. */
  advance(ctx: SchedulingContext): void {
    this.invalidate();
    for (const job of ctx.jobs.running) {
      const p = this.#of(job);
      const run = job.runTime;
      if (run > p.seen) p.done += (run - p.seen) / p.factor;
      p.seen = run;
    }
  }

  /** A round ends: the factors its operations left in force. */
  settle(ctx: SchedulingContext): void {
    // The frame's own operations (swaps, non-type backfills) may have moved neighbours since.
    this.invalidate();
    for (const job of ctx.jobs.running) this.#of(job).factor = this.factor(ctx, job);
  }

  forget(job: JobView): void {
    this.#jobs.delete(job.id);
  }

  /** The slowdown of a job on its processors as the machine stands now. */
  factor(ctx: SchedulingContext, job: JobView): number {
    if (job.allocated === 0) return 1;
    const known = this.#now.get(job.id);
    if (known !== undefined) return known;
    const factor = this.#factor(ctx, job);
    this.#now.set(job.id, factor);
    return factor;
  }

  /**
   * The contention model's factor (the largest node factor over the job's nodes), computed over
   * the job's processors without building maps: the profile of a round calls it for every resident.
   */
  #factor(ctx: SchedulingContext, job: JobView): number {
    if (!hasSlowdowns(job.traits)) return 1;
    const sl = slowdownsOf(job.traits);
    const perNode = this.#perNode;
    const { coresPerCpu, cpusPerNode } = this.machine;
    const processors = job.processors;
    const own = this.#own;
    const seen = this.#seen;
    const stamp = ++this.#stamp;
    let worst = Number.NEGATIVE_INFINITY;
    let i = 0;
    while (i < processors.length) {
      const node = Math.floor(processors[i]! / perNode);
      // A job's processes are listed node by node; if not, the general function decides.
      if (seen[node] === stamp)
        return placementSlowdown(sl, this.machine, processors, (n) => this.#coscheduling(ctx, job, n));
      seen[node] = stamp;
      own.fill(0);
      while (i < processors.length && Math.floor(processors[i]! / perNode) === node) {
        own[Math.floor((processors[i]! % perNode) / coresPerCpu)]!++;
        i++;
      }
      let cpus = 0;
      let cpuShared = false;
      for (let c = 0; c < cpusPerNode; c++) {
        if (own[c]! > 0) cpus++;
        if (own[c]! >= 2) cpuShared = true;
      }
      const factor = nodeSlowdown(sl, { cpus, cpuShared, coscheduling: this.#coscheduling(ctx, job, node) });
      if (factor > worst) worst = factor;
    }
    return processors.length ? worst : 1;
  }

  /** The job's SL_cos on a node, as the physics has it ({@link nodeCoscheduling}). */
  #coscheduling(ctx: SchedulingContext, job: JobView, node: number): number {
    const perNode = this.#perNode;
    return nodeCoscheduling(job, node * perNode, perNode, (q) => {
      const other = ctx.machine.runningJob(q);
      // A job of another partition is not the discipline's to see: as if it had no traits.
      return other === -1 ? undefined : (ctx.jobs.byId(other) ?? { id: other });
    });
  }

  /** Base seconds of work left, by the estimate the run reveals. */
  baseRemaining(job: JobView): number {
    return Math.max(0, job.estimate - (this.#jobs.get(job.id)?.done ?? 0));
  }

  /** Wall seconds left at its present pace (a swapped-out job: the pace it had). */
  wallRemaining(ctx: SchedulingContext, job: JobView): number {
    const base = this.baseRemaining(job);
    if (base === 0 || !Number.isFinite(base)) return base;
    const factor = job.state === 'running' ? this.factor(ctx, job) : (this.#jobs.get(job.id)?.factor ?? 1);
    return base * factor;
  }
}
