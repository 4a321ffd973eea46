import { LedgerError } from '@js/machine';
import { allowsPreemption, type Capabilities } from '../discipline/capabilities.ts';
import type { Operation, Placement } from './context.ts';
import { EventKind, Priority } from './event-queue.ts';
import type { JobView } from './job-view.ts';
import { pause, progress } from './physics.ts';
import { constrains, placementViolation } from './placement.ts';
import { SimJob } from './sim-job.ts';
import type { Seat, World } from './world.ts';

const NO_DEMAND = new Float64Array(0);

/**
 * The interaction layer of seed 000 for one discipline: every operation is checked against the
 * job's state, the discipline's capabilities, the profile's minimum-run rules, the run's
 * placement rules and the ledger, and refused whole (nothing changed) with a typed error naming
 * discipline, job, time and rule. Accepted operations take the profile's costs.
 */
export class Operations {
  constructor(
    readonly w: World,
    readonly seat: Seat,
  ) {}

  start(view: JobView, placement?: Placement): void {
    const { w, seat } = this;
    const job = this.own(view, 'start');
    if (job.state !== 'pending' && job.state !== 'checkpointed')
      this.refuse(job, 'start-needs-waiting-job', `it is ${job.state}`);
    this.notBusy(job, 'start');
    const restarting = job.state === 'checkpointed';
    const wanted = placement?.processors;
    const count =
      typeof wanted === 'number'
        ? wanted
        : wanted !== undefined
          ? wanted.length
          : restarting
            ? job.lastCount
            : job.record.size;
    this.checkCount(job, count, restarting ? 'restart' : 'start');
    const processors = typeof wanted === 'object' ? this.owned(job, wanted) : this.choose(job, count);
    this.checkPlacement(job, processors);
    this.occupy(job, processors, job.demand, true);
    if (restarting) seat.checkpointed.delete(job);
    else this.leftQueue(job);
    if (Number.isNaN(job.firstStart)) {
      // Its wait ends here (a placed job may be checkpointed before it ever ran).
      job.firstStart = w.now;
      job.firstProcessors = count;
    }
    this.began(job, processors);
    job.lastCount = count;
    const cost = w.profile.dispatch + (restarting ? w.profile.restart : 0);
    this.emit(job, restarting ? 'restart' : 'start', processors, cost);
    this.afterOverhead(job, restarting ? 'restart' : 'start', cost);
  }

  place(view: JobView, placement: Placement): void {
    const { w, seat } = this;
    const job = this.own(view, 'place');
    this.needs(job, 'suspend', 'place');
    if (job.state !== 'pending') this.refuse(job, 'place-needs-pending-job', `it is ${job.state}`);
    const wanted = placement.processors;
    if (wanted === undefined || typeof wanted === 'number') {
      this.refuse(job, 'place-needs-processors', 'place names the processors the job becomes resident on');
    }
    this.checkCount(job, wanted.length, 'start');
    const processors = this.owned(job, wanted);
    const count = processors.length;
    try {
      w.ledger.takeResources(job.demand);
      try {
        w.ledger.reside(processors);
      } catch (error) {
        w.ledger.returnResources(job.demand);
        throw error;
      }
    } catch (error) {
      this.ledgerRefusal(job, error);
    }
    this.leftQueue(job);
    job.state = 'suspended';
    job.processors = processors;
    job.lastCount = count;
    seat.suspended.add(job);
    seat.version++;
    this.emit(job, 'place', processors, 0);
  }

  suspend(view: JobView): void {
    const job = this.own(view, 'suspend');
    this.needs(job, 'suspend', 'suspend');
    this.checkSuspend(job);
    this.doSuspend(job);
  }

  resume(view: JobView): void {
    const job = this.own(view, 'resume');
    this.needs(job, 'suspend', 'resume');
    this.checkResume(job);
    this.checkPlacement(job, job.processors);
    this.doResume(job);
  }

  /** Suspend some jobs and resume others as one step: all of it is checked before any is applied. */
  switch(change: { readonly suspend?: readonly JobView[]; readonly resume?: readonly JobView[] }): void {
    const { w } = this;
    const out = (change.suspend ?? []).map((v) => this.own(v, 'switch'));
    const into = (change.resume ?? []).map((v) => this.own(v, 'switch'));
    for (const job of [...out, ...into]) this.needs(job, 'suspend', 'switch');
    for (const job of out) this.checkSuspend(job);
    for (const job of into) this.checkResume(job);
    // The processors as they will be: those of suspended jobs free (when suspending is free), the
    // resumed jobs' taken, each at most once.
    const after = new Map<number, number>();
    if (w.profile.suspend === 0) for (const job of out) for (const p of job.processors) after.set(p, -1);
    const runningOn = (p: number) => after.get(p) ?? w.ledger.runningJob[p]!;
    for (const job of into) {
      for (const p of job.processors) {
        const on = runningOn(p);
        if (on >= 0) this.refuse(job, 'no-over-commit', `switch: processor ${p} would still run job ${on}`);
      }
      if (constrains(w.rules)) {
        const broken = placementViolation(w.rules, w.machine, job.id, job.processors, runningOn);
        if (broken) this.refuse(job, broken[0], `switch: ${broken[1]}`);
      }
      for (const p of job.processors) after.set(p, job.id);
    }
    for (const job of out) this.doSuspend(job);
    for (const job of into) this.doResume(job);
  }

  checkpoint(view: JobView): void {
    const { w, seat } = this;
    const job = this.own(view, 'checkpoint');
    this.needs(job, 'checkpoint', 'checkpoint');
    if (job.state !== 'running' && job.state !== 'suspended')
      this.refuse(job, 'checkpoint-needs-started-job', `it is ${job.state}`);
    this.notBusy(job, 'checkpoint');
    const wasRunning = job.state === 'running';
    if (wasRunning) this.minimumRun(job, w.profile.minRunBeforeReallocation, 'checkpoint');
    pause(w, job);
    job.checkpoints++;
    (wasRunning ? seat.running : seat.suspended).delete(job);
    job.state = 'checkpointed';
    seat.checkpointed.add(job);
    seat.version++;
    if (wasRunning) job.waitingSince = w.now;
    const cost = w.profile.checkpoint;
    this.emit(job, 'checkpoint', job.processors, cost);
    if (cost > 0) {
      // While the state is saved the job still holds what it held.
      job.checkpointedWhileRunning = wasRunning;
      this.overhead(job, 'checkpoint', cost);
    } else {
      this.releaseCheckpointed(job, wasRunning);
    }
  }

  resize(view: JobView, target: number | ArrayLike<number>): void {
    const { w } = this;
    const job = this.own(view, 'resize');
    this.needs(job, 'resize', 'resize');
    if (job.state !== 'running') this.refuse(job, 'resize-needs-running-job', `it is ${job.state}`);
    this.notBusy(job, 'resize');
    this.minimumRun(job, w.profile.minRunBeforeReallocation, 'resize');
    const count = typeof target === 'number' ? target : target.length;
    this.checkCount(job, count, 'resize');
    const old = job.processors;
    if (typeof target === 'number' && count === old.length) return;
    let next: Int32Array;
    if (typeof target === 'number') {
      next = count >= old.length ? concat(old, this.choose(job, count - old.length)) : old.slice(0, count);
    } else {
      next = this.owned(job, target);
    }
    const kept = new Set(next);
    const removed = old.filter((p) => !kept.has(p));
    const had = new Set(old);
    const added = next.filter((p) => !had.has(p));
    if (constrains(w.rules)) {
      const broken = placementViolation(w.rules, w.machine, job.id, next, (p) =>
        kept.has(p) || removed.includes(p) ? -1 : w.ledger.runningJob[p]!,
      );
      if (broken) this.refuse(job, broken[0], broken[1]);
    }
    // Change the ledger first (undone if refused), so a refusal leaves the job untouched.
    w.ledger.vacate(removed, NO_DEMAND, false);
    try {
      w.ledger.occupy(job.id, added, NO_DEMAND, true);
    } catch (error) {
      w.ledger.occupy(job.id, removed, NO_DEMAND, true);
      this.ledgerRefusal(job, error);
    }
    // The relative overhead is a share of the time the job still needed on its old allocation.
    const left = job.progressing ? job.endTime - w.now : 0;
    pause(w, job);
    this.endHolding(job);
    w.touched(old);
    w.touched(next);
    job.processors = next;
    job.resizes++;
    job.heldSince = w.now;
    w.emitReleased(job, removed, false);
    const cost = w.profile.resize + w.profile.resizeRelative * left;
    this.emit(job, 'resize', next, cost);
    this.afterOverhead(job, 'resize', cost);
  }

  // ── the parts operations share ──────────────────────────────────────────────────────────

  checkSuspend(job: SimJob): void {
    if (job.state !== 'running') this.refuse(job, 'suspend-needs-running-job', `it is ${job.state}`);
    this.notBusy(job, 'suspend');
    this.minimumRun(job, this.w.profile.minRunBeforeSuspend, 'suspend');
  }

  checkResume(job: SimJob): void {
    if (job.state !== 'suspended') this.refuse(job, 'resume-needs-suspended-job', `it is ${job.state}`);
    this.notBusy(job, 'resume');
  }

  doSuspend(job: SimJob): void {
    const { w, seat } = this;
    pause(w, job);
    job.preemptions++;
    job.state = 'suspended';
    job.waitingSince = w.now;
    seat.running.delete(job);
    seat.suspended.add(job);
    seat.version++;
    const cost = w.profile.suspend;
    this.emit(job, 'suspend', job.processors, cost);
    if (cost > 0) this.overhead(job, 'suspend', cost);
    else this.finishSuspend(job);
  }

  doResume(job: SimJob): void {
    const { w, seat } = this;
    // A suspended job is resident on its processors with its resources: it resumes exactly there.
    this.occupy(job, job.processors, NO_DEMAND, false);
    seat.suspended.delete(job);
    if (Number.isNaN(job.firstStart)) {
      // A placed job runs for the first time: its wait ends here.
      job.firstStart = w.now;
      job.firstProcessors = job.processors.length;
    }
    this.began(job, job.processors);
    this.emit(job, 'resume', job.processors, w.profile.resume);
    this.afterOverhead(job, 'resume', w.profile.resume);
  }

  /** The end of a suspend's overhead: the processors are free, residency and resources kept. */
  finishSuspend(job: SimJob): void {
    const { w } = this;
    this.endHolding(job);
    w.ledger.vacate(job.processors, NO_DEMAND, true);
    w.touched(job.processors);
    w.emitReleased(job, job.processors, true);
  }

  releaseCheckpointed(job: SimJob, wasRunning: boolean): void {
    const { w } = this;
    if (wasRunning) {
      this.endHolding(job);
      w.ledger.vacate(job.processors, job.demand, false);
      w.touched(job.processors);
      w.emitReleased(job, job.processors, false);
    } else {
      w.ledger.evict(job.processors);
      w.ledger.returnResources(job.demand);
      w.emitReleased(job, job.processors, false, true);
    }
    job.processors = SimJob.noProcessors;
  }

  /** The job is running from now on `processors` (after its overhead, progressing). */
  began(job: SimJob, processors: Int32Array): void {
    const { w, seat } = this;
    job.state = 'running';
    job.processors = processors;
    job.lastRun = w.now;
    job.heldSince = w.now;
    if (!Number.isNaN(job.waitingSince)) job.waited += w.now - job.waitingSince;
    job.waitingSince = Number.NaN;
    seat.running.add(job);
    seat.version++;
    w.touched(processors);
  }

  endHolding(job: SimJob): void {
    if (Number.isNaN(job.heldSince)) return;
    job.processorTime += (this.w.now - job.heldSince) * job.processors.length;
    job.heldSince = Number.NaN;
  }

  afterOverhead(job: SimJob, op: Operation, cost: number): void {
    if (cost > 0) this.overhead(job, op, cost);
    else progress(this.w, job);
  }

  overhead(job: SimJob, op: Operation, cost: number): void {
    const { w } = this;
    job.pendingOp = op;
    job.busyUntil = w.now + cost;
    job.token = ++w.tokens;
    w.queue.push(job.busyUntil, Priority.Completion, EventKind.OverheadEnd, job.slot, job.token);
  }

  // ── validation ──────────────────────────────────────────────────────────────────────────

  own(view: JobView, op: string): SimJob {
    const job = view === null || typeof view !== 'object' ? undefined : this.w.byId.get(view.id);
    if (job === undefined || job.view !== view || !job.arrived) {
      this.refuse(
        undefined,
        'known-job',
        `${op}: job ${(view as JobView | undefined)?.id} is not in the system`,
      );
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
    if (ran < minimum)
      this.refuse(
        job,
        'minimum-run',
        `${op} after ${ran} s since its last start/resume; the profile needs ${minimum} s`,
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
    const processors = Int32Array.from(wanted);
    const seen = new Set<number>();
    for (const p of processors) {
      if (!(p >= 0 && p < w.machine.processors))
        this.refuse(job, 'valid-processor', `processor ${p} does not exist`);
      if (w.seatOf[p] !== seat.index)
        this.refuse(job, 'own-processors', `processor ${p} belongs to another partition`);
      if (seen.has(p)) this.refuse(job, 'no-over-commit', `processor ${p} is named twice`);
      seen.add(p);
    }
    return processors;
  }

  choose(job: SimJob, count: number): Int32Array {
    const { w, seat } = this;
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
    const { w } = this;
    if (!constrains(w.rules)) return;
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

  emit(job: SimJob, operation: Operation, processors: ArrayLike<number>, cost: number): void {
    const { w } = this;
    if (!w.onOperation.length) return;
    const event = {
      time: w.now,
      discipline: this.seat.name,
      job: job.record,
      operation,
      processors: Array.from(processors),
      cost,
    };
    for (const f of w.onOperation) f(event);
  }

  /** The job leaves the waiting queue (it started or was placed). */
  leftQueue(job: SimJob): void {
    const { queue } = this.seat;
    // Backfilled: it starts while a job that arrived before it still waits.
    const oldest = queue.oldest();
    job.backfilled = oldest !== undefined && oldest !== job.view;
    queue.left(job.view);
    this.seat.version++;
  }
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
