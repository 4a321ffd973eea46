import { LedgerError } from '@js/machine';
import { allowsPreemption, type Capabilities } from '../discipline/capabilities.ts';
import { type JobView, recordOfView } from './job-view.ts';
import { hasRunMinimum } from './physics.ts';
import { constrains, placementViolation } from './placement.ts';
import type { SimJob } from './sim-job.ts';
import type { Seat, World } from './world.ts';

/**
 * The checks every operation is made of, for one discipline: each refuses with an
 * InvariantViolation naming discipline, job, time and rule, before anything has changed.
 */
export class Checks {
  constructor(
    readonly w: World,
    readonly seat: Seat,
  ) {}

  own(view: JobView, op: string): SimJob {
    // The job behind a view is found through the view's private field, never through anything
    // a discipline could redefine (its id, its prototype).
    const job = recordOfView(view);
    if (job === undefined || !job.arrived || this.w.table[job.entry] !== job) {
      this.refuse(undefined, 'known-job', `${op}: job ${job?.id ?? '?'} is not in the system`);
    }
    if (job.owner !== this.seat.index)
      this.refuse(job, 'own-job', `${op}: the job belongs to another partition`);
    return job;
  }

  needs(job: SimJob, level: Capabilities['preemption'], op: string): void {
    const caps = this.seat.capabilities;
    if (!allowsPreemption(caps.preemption, level)) {
      this.refuse(
        job,
        'capability-preemption',
        `${op} needs preemption '${level}', the discipline declares '${caps.preemption}'`,
      );
    }
  }

  notBusy(job: SimJob, op: string): void {
    if (job.pendingOp) {
      this.refuse(
        job,
        'one-operation-at-a-time',
        `${op} while its ${job.pendingOp} overhead runs until ${job.busyUntil}`,
      );
    }
  }

  minimumRun(job: SimJob, minimum: number, op: string): void {
    const ran = this.w.now - job.lastRun;
    if (!hasRunMinimum(ran, minimum, this.w.now))
      this.refuse(
        job,
        'minimum-run',
        `${op} after ${ran} s since its last start, resume or resize; the profile needs ${minimum} s`,
      );
  }

  checkCount(job: SimJob, count: number, op: 'start' | 'restart' | 'resize'): void {
    const { sizing } = this.seat.capabilities;
    const size = job.record.size;
    if (!Number.isInteger(count) || count < 1) this.refuse(job, 'processor-count', `${count} processors`);
    if (job.minSize === job.maxSize && count !== size)
      this.refuse(job, 'rigid-size', `rigid job of ${size} processors given ${count}`);
    if (count < job.minSize || count > job.maxSize) {
      this.refuse(
        job,
        'processor-range',
        `${count} processors outside its range [${job.minSize}, ${job.maxSize}]`,
      );
    }
    if (sizing === 'rigid' && count !== size) {
      this.refuse(
        job,
        'capability-sizing',
        `${op} on ${count} processors: a rigid discipline runs jobs on their size (${size})`,
      );
    }
    if (op === 'restart' && sizing !== 'malleable' && count !== job.lastCount) {
      this.refuse(
        job,
        'restart-same-count',
        `restart on ${count} processors; it ran on ${job.lastCount} and only a malleable discipline may change that`,
      );
    }
  }

  /** Processors named by the discipline: its own, each once. */
  owned(job: SimJob, wanted: ArrayLike<number>): Int32Array {
    const { w, seat } = this;
    const processors = new Int32Array(wanted.length);
    const seen = new Set<number>();
    for (let i = 0; i < wanted.length; i++) {
      // Checked before conversion: an Int32Array would quietly turn NaN into 0 and 1.9 into 1.
      const p = wanted[i]!;
      if (!Number.isInteger(p) || p < 0 || p >= w.machine.processors)
        this.refuse(job, 'valid-processor', `processor ${String(p)} does not exist`);
      processors[i] = p;
      if (w.seatOf[p] !== seat.index)
        this.refuse(job, 'own-processors', `processor ${p} belongs to another partition`);
      if (seen.has(p)) this.refuse(job, 'no-over-commit', `processor ${p} is named twice`);
      seen.add(p);
    }
    return processors;
  }

  /**
   * The lowest idle processors of the discipline's own, `count` of them; under placement rules,
   * the lowest that keep to them (greedy: each is taken if the set so far still keeps the rules).
   */
  choose(job: SimJob, count: number): Int32Array {
    const { w, seat } = this;
    if (constrains(w.rules)) return this.#chooseByRules(job, count);
    if (seat.whole) {
      try {
        return w.ledger.chooseProcessors(count);
      } catch (error) {
        this.ledgerRefusal(job, error);
      }
    }
    const chosen = new Int32Array(count);
    let n = 0;
    for (let i = 0; i < seat.owned.length && n < count; i++)
      if (w.ledger.idle.has(seat.owned[i]!)) chosen[n++] = seat.owned[i]!;
    if (n < count)
      this.refuse(job, 'no-over-commit', `needs ${count} processors, only ${n} of its partition idle`);
    return chosen;
  }

  checkPlacement(job: SimJob, processors: ArrayLike<number>): void {
    if (constrains(this.w.rules)) this.#checkRules(job, processors);
  }

  // The paths under placement rules live in methods of their own: a closure over `w` in a method
  // makes every call of it allocate a context for `w`, rules or not (once per job start).

  #chooseByRules(job: SimJob, count: number): Int32Array {
    const { w, seat } = this;
    const chosen: number[] = [];
    const runningOn = (p: number) => w.ledger.runningJob[p]!;
    for (let i = 0; i < seat.owned.length && chosen.length < count; i++) {
      const p = seat.owned[i]!;
      if (!w.ledger.idle.has(p)) continue;
      chosen.push(p);
      if (placementViolation(w.rules, w.machine, job.id, chosen, runningOn)) chosen.pop();
    }
    if (chosen.length < count) {
      this.refuse(
        job,
        'no-over-commit',
        `needs ${count} processors that keep the placement rules, found ${chosen.length}`,
      );
    }
    return Int32Array.from(chosen);
  }

  #checkRules(job: SimJob, processors: ArrayLike<number>): void {
    const { w } = this;
    const broken = placementViolation(w.rules, w.machine, job.id, processors, (p) => w.ledger.runningJob[p]!);
    if (broken) this.refuse(job, broken[0], broken[1]);
  }

  occupy(job: SimJob, processors: Int32Array, demand: Float64Array, newlyResident: boolean): void {
    try {
      this.w.ledger.occupy(job.id, processors, demand, newlyResident);
    } catch (error) {
      this.ledgerRefusal(job, error);
    }
  }

  ledgerRefusal(job: SimJob, error: unknown): never {
    if (error instanceof LedgerError) this.refuse(job, error.rule, error.message);
    throw error;
  }

  refuse(job: SimJob | undefined, rule: string, detail: string): never {
    this.w.refuse(this.seat, job, rule, detail);
  }

  checkSuspend(job: SimJob): void {
    if (job.state !== 'running') this.refuse(job, 'suspend-needs-running-job', `it is ${job.state}`);
    this.notBusy(job, 'suspend');
    this.minimumRun(job, this.w.profile.minRunBeforeSuspend, 'suspend');
  }

  checkResume(job: SimJob): void {
    if (job.state !== 'suspended') this.refuse(job, 'resume-needs-suspended-job', `it is ${job.state}`);
    this.notBusy(job, 'resume');
  }
}
