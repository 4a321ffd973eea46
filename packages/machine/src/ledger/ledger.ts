import type { Machine } from '../topology/machine.ts';
import { fitsAmount, fitsWithin } from './fits.ts';
import { LedgerError } from './ledger-error.ts';
import { ProcessorSet } from './processor-set.ts';

/**
 * The allocation ledger: who runs on each processor, how many jobs are resident on it, and how
 * much of each named resource is free. Every change is checked first and refused whole, so no
 * amount can go negative and no processor can run two jobs.
 */
export class AllocationLedger {
  /** Processors with no running job. */
  readonly idle: ProcessorSet;
  /** Id of the job running on each processor, -1 if none. */
  readonly runningJob: Int32Array;
  /** Jobs resident on each processor (running + suspended / other gang slots). */
  readonly resident: Uint16Array;
  /** Free amount of each named resource. */
  readonly free: Float64Array;

  /** Most jobs resident on one processor: the machine's limit, or a run's tighter one. */
  readonly multiprogrammingLimit: number;

  /** The one-processor list of each processor, made at its first use (see chooseProcessors). */
  readonly #single: (Int32Array | undefined)[];

  constructor(
    readonly machine: Machine,
    multiprogrammingLimit = machine.multiprogrammingLimit,
  ) {
    this.multiprogrammingLimit = Math.min(multiprogrammingLimit, machine.multiprogrammingLimit);
    this.idle = new ProcessorSet(machine.processors, true);
    this.runningJob = new Int32Array(machine.processors).fill(-1);
    this.resident = new Uint16Array(machine.processors);
    this.free = Float64Array.from(machine.capacities);
    this.#single = new Array<Int32Array | undefined>(machine.processors).fill(undefined);
  }

  get idleProcessors(): number {
    return this.idle.size;
  }

  /** Whether `count` processors and `demand` of every resource are free now. */
  fits(count: number, demand: ArrayLike<number>): boolean {
    if (count > this.idle.size) return false;
    return fitsWithin(demand, this.free, this.machine.capacities);
  }

  /**
   * Choose `count` idle processors: the lowest-numbered ones, so schedules read naturally. The
   * list is the caller's to keep but never to write: a single processor comes as one shared,
   * per-processor list (most jobs of real workloads need one, and a fresh typed array per start
   * was a fifth of what the engine allocated).
   */
  chooseProcessors(count: number): Int32Array {
    if (count > this.idle.size) {
      throw new LedgerError('no-over-commit', `needs ${count} processors, only ${this.idle.size} idle`);
    }
    if (count !== 1) return this.idle.lowest(count);
    const p = this.idle.first();
    let one = this.#single[p];
    if (one === undefined) {
      one = Int32Array.of(p);
      this.#single[p] = one;
    }
    return one;
  }

  /**
   * Start `job` running on `processors`. `newlyResident` is false when the job is already
   * resident there (resuming a suspended job), so residency is not counted twice.
   */
  occupy(
    job: number,
    processors: ArrayLike<number>,
    demand: ArrayLike<number>,
    newlyResident: boolean,
  ): void {
    // One pass of checks, one of changes, calling nothing per processor and marking the idle set a
    // word at a time: with wide jobs (379 processors on average on LLNL-Atlas) these loops were a
    // third of a run.
    const running = this.runningJob;
    const resident = this.resident;
    const count = this.machine.processors;
    const room = newlyResident ? this.multiprogrammingLimit : Number.POSITIVE_INFINITY;
    for (let i = 0; i < processors.length; i++) {
      const p = processors[i]!;
      if (!(p >= 0 && p < count) || !Number.isInteger(p)) this.#checkProcessor(p);
      if (running[p] !== -1) {
        throw new LedgerError('no-over-commit', `processor ${p} already runs job ${running[p]}`);
      }
      if (resident[p]! >= room) this.#checkRoom(p);
    }
    this.#checkResources(demand);
    for (let i = 0; i < processors.length; i++) {
      const p = processors[i]!;
      if (running[p] !== -1) {
        // Duplicate id in the request: undo what was taken (the idle set is not touched yet) and refuse.
        for (let j = 0; j < i; j++) {
          running[processors[j]!] = -1;
          if (newlyResident) resident[processors[j]!]!--;
        }
        throw new LedgerError('no-over-commit', `processor ${p} is named twice`);
      }
      running[p] = job;
      if (newlyResident) resident[p]!++;
    }
    this.idle.deleteAll(processors);
    for (let r = 0; r < demand.length; r++) this.free[r] = this.free[r]! - demand[r]!;
  }

  /** Stop running `processors`; `stillResident` keeps the job's residency (simple suspension). */
  vacate(processors: ArrayLike<number>, demand: ArrayLike<number>, stillResident: boolean): void {
    const running = this.runningJob;
    for (let i = 0; i < processors.length; i++) running[processors[i]!] = -1;
    if (!stillResident) for (let i = 0; i < processors.length; i++) this.resident[processors[i]!]!--;
    this.idle.addAll(processors);
    this.returnResources(demand);
  }

  /** A suspended job gives up residency on its processors (it is checkpointed or killed). */
  evict(processors: ArrayLike<number>): void {
    for (let i = 0; i < processors.length; i++) this.resident[processors[i]!]!--;
  }

  /**
   * Make a job resident on `processors` without running it (a gang row not yet active): each
   * counts one more resident job, within the multiprogramming limit.
   */
  reside(processors: ArrayLike<number>): void {
    for (let i = 0; i < processors.length; i++) {
      this.#checkProcessor(processors[i]!);
      this.#checkRoom(processors[i]!);
    }
    for (let i = 0; i < processors.length; i++) this.resident[processors[i]!]!++;
  }

  /** Give back a job's resources (it left, or was checkpointed while suspended). */
  returnResources(demand: ArrayLike<number>): void {
    for (let r = 0; r < demand.length; r++) {
      // Clamp the rounding residue of fractional amounts so an idle machine is exactly at capacity.
      this.free[r] = Math.min(this.machine.capacities[r]!, this.free[r]! + demand[r]!);
    }
  }

  /** Take more resources for a running job (a resize that grows its demand). */
  takeResources(demand: ArrayLike<number>): void {
    this.#checkResources(demand);
    for (let r = 0; r < demand.length; r++) this.free[r] = this.free[r]! - demand[r]!;
  }

  #checkProcessor(p: number): void {
    if (!(p >= 0 && p < this.machine.processors) || !Number.isInteger(p)) {
      throw new LedgerError(
        'valid-processor',
        `processor ${p} does not exist (machine has ${this.machine.processors})`,
      );
    }
  }

  /** One more resident job on `p` stays within the multiprogramming limit. */
  #checkRoom(p: number): void {
    const limit = this.multiprogrammingLimit;
    if (this.resident[p]! + 1 > limit) {
      throw new LedgerError(
        'multiprogramming-limit',
        `processor ${p} already holds ${this.resident[p]} resident jobs (limit ${limit})`,
      );
    }
  }

  #checkResources(demand: ArrayLike<number>): void {
    for (let r = 0; r < demand.length; r++) {
      if (!fitsAmount(demand[r]!, this.free[r]!, this.machine.capacities[r]!)) {
        throw new LedgerError(
          'no-over-commit',
          `needs ${demand[r]} of '${this.machine.resourceNames[r]}', only ${this.free[r]} free`,
        );
      }
    }
  }
}
