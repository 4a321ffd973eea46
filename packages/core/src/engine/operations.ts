import type { Placement } from './context.ts';
import type { JobView } from './job-view.ts';
import { pause } from './physics.ts';
import { constrains, placementViolation } from './placement.ts';
import { NO_DEMAND, Transitions } from './transitions.ts';

/**
 * The interaction layer of seed 000 for one discipline: every operation is checked against the
 * job's state, the discipline's capabilities, the profile's minimum-run rules, the run's
 * placement rules and the ledger, and refused whole (nothing changed) with a typed error naming
 * discipline, job, time and rule. Accepted operations take the profile's costs.
 */
export class Operations extends Transitions {
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

  /** Counts this discipline's switches: a mark equal to the count was made by the switch under way. */
  #switches = 0;
  /** Per processor: the switch that last set `#afterOn[p]` (what runs on `p` once it is applied). */
  readonly #afterStamp = new Float64Array(this.w.machine.processors);
  readonly #afterOn = new Int32Array(this.w.machine.processors);
  /** What runs on `p` once the switch under way is applied (made once: a closure per switch costs). */
  readonly #runningAfterSwitch = (p: number): number =>
    this.#afterStamp[p] === this.#switches ? this.#afterOn[p]! : this.w.ledger.runningJob[p]!;

  /** Suspend some jobs and resume others as one step: all of it is checked before any is applied. */
  switch(change: { readonly suspend?: readonly JobView[]; readonly resume?: readonly JobView[] }): void {
    const { w } = this;
    // Gang scheduling switches every processor at each slot's end: nothing here may cost more than
    // a look at each named job and each of its processors (no Map, Set or spread per call).
    const out = (change.suspend ?? []).map((v) => this.own(v, 'switch'));
    const into = (change.resume ?? []).map((v) => this.own(v, 'switch'));
    // A job carrying this switch's mark was named before in it. Jobs never change discipline and
    // only this discipline's switches mark them, so a mark left by a refused switch is never current.
    const s = ++this.#switches;
    for (let i = 0; i < out.length + into.length; i++) {
      const job = i < out.length ? out[i]! : into[i - out.length]!;
      this.needs(job, 'suspend', 'switch');
      if (job.switchMark === s) this.refuse(job, 'switch-names-each-job-once', 'switch names the job twice');
      job.switchMark = s;
    }
    for (const job of out) this.checkSuspend(job);
    for (const job of into) this.checkResume(job);
    // The processors as they will be: those of suspended jobs free (when suspending is free), the
    // resumed jobs' taken, each at most once. A processor this switch has not set runs what the
    // ledger says.
    const stamp = this.#afterStamp;
    const on = this.#afterOn;
    const running = w.ledger.runningJob;
    if (w.profile.suspend === 0) {
      for (const job of out) {
        const processors = job.processors;
        for (let i = 0; i < processors.length; i++) {
          stamp[processors[i]!] = s;
          on[processors[i]!] = -1;
        }
      }
    }
    for (const job of into) {
      const processors = job.processors;
      for (let i = 0; i < processors.length; i++) {
        const p = processors[i]!;
        const other = stamp[p] === s ? on[p]! : running[p]!;
        if (other >= 0)
          this.refuse(job, 'no-over-commit', `switch: processor ${p} would still run job ${other}`);
      }
      if (constrains(w.rules)) {
        const broken = placementViolation(w.rules, w.machine, job.id, processors, this.#runningAfterSwitch);
        if (broken) this.refuse(job, broken[0], `switch: ${broken[1]}`);
      }
      for (let i = 0; i < processors.length; i++) {
        stamp[processors[i]!] = s;
        on[processors[i]!] = job.id;
      }
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
    // The relative overhead is a share of the job's run on its old allocation (since its last
    // start, resume or resize), so reallocations cost at most that share of a job's run time.
    const held = w.now - job.lastRun;
    pause(w, job);
    this.endHolding(job);
    w.touched(old);
    w.touched(next);
    job.processors = next;
    job.resizes++;
    job.holding = true;
    // A resize is a reallocation: minimum runs count from it, as from a start (seed 000 §4.2: LSF
    // malleates a job through its migrate interface, a checkpoint and a start on the new count).
    job.lastRun = w.now;
    w.emitReleased(job, removed, false);
    const cost = w.profile.resize + w.profile.resizeRelative * held;
    this.emit(job, 'resize', next, cost);
    this.afterOverhead(job, 'resize', cost);
  }
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
