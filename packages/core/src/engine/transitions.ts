import { Checks } from './checks.ts';
import type { Operation } from './context.ts';
import { EventKind, Priority } from './event-queue.ts';
import { pause, progress, supersede } from './physics.ts';
import { SimJob } from './sim-job.ts';

/** No resource amounts: for ledger changes that move processors only (a job keeps its resources). */
export const NO_DEMAND = new Float64Array(0);

/**
 * The state changes operations are made of, once checked: who runs where, who is resident,
 * what is held, the overheads, and the events observers see.
 */
export class Transitions extends Checks {
  doSuspend(job: SimJob): void {
    const { w, seat } = this;
    pause(w, job);
    job.preemptions++;
    job.state = 'suspended';
    job.waitingSince = w.now;
    seat.running.delete(job);
    seat.suspended.add(job);
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
    this.began(job, job.processors);
    this.emit(job, 'resume', job.processors, w.profile.resume);
    this.afterOverhead(job, 'resume', w.profile.resume);
  }

  /** The end of a suspend's overhead: the processors are free, residency and resources kept. */
  finishSuspend(job: SimJob): void {
    this.stopRunning(job, true);
  }

  /** The job stops running on its processors: still resident there (resources kept), or gone. */
  stopRunning(job: SimJob, stillResident: boolean): void {
    const { w } = this;
    this.endHolding(job);
    w.ledger.vacate(job.processors, stillResident ? NO_DEMAND : job.demand, stillResident);
    w.touched(job.processors);
    w.emitReleased(job, job.processors, stillResident);
  }

  releaseCheckpointed(job: SimJob, wasRunning: boolean): void {
    const { w } = this;
    if (wasRunning) {
      this.stopRunning(job, false);
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
    if (Number.isNaN(job.firstStart)) {
      // Its wait ends here (a placed job first runs at a resume, or at a restart if it was
      // checkpointed before it ever ran).
      job.firstStart = w.now;
      job.firstProcessors = processors.length;
    }
    job.lastRun = w.now;
    job.holding = true;
    if (!Number.isNaN(job.waitingSince)) job.waited += w.now - job.waitingSince;
    job.waitingSince = Number.NaN;
    seat.running.add(job);
    w.touched(processors);
  }

  endHolding(job: SimJob): void {
    if (!job.holding) return;
    job.processorTime += (this.w.now - job.lastRun) * job.processors.length;
    job.holding = false;
  }

  afterOverhead(job: SimJob, op: Operation, cost: number): void {
    if (cost > 0) this.overhead(job, op, cost);
    else progress(this.w, job);
  }

  overhead(job: SimJob, op: Operation, cost: number): void {
    const { w } = this;
    job.pendingOp = op;
    job.busyUntil = w.now + cost;
    supersede(w, job);
    job.eventCell = w.queue.push(
      job.busyUntil,
      Priority.Completion,
      EventKind.OverheadEnd,
      job.entry,
      job.token,
    );
  }

  emit(job: SimJob, operation: Operation, processors: ArrayLike<number>, cost: number): void {
    const { w } = this;
    w.changes++;
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
    job.backfilled = oldest !== null && oldest !== job;
    queue.left(job);
  }

  /** The end of an operation's overhead: progress begins, or what was held is released. */
  endOverhead(job: SimJob): void {
    const op = job.pendingOp!;
    job.pendingOp = null;
    switch (op) {
      case 'start':
      case 'restart':
      case 'resume':
      case 'resize':
        progress(this.w, job);
        break;
      case 'suspend':
        this.finishSuspend(job);
        break;
      case 'checkpoint':
        this.releaseCheckpointed(job, job.checkpointedWhileRunning);
        break;
      case 'place':
        break;
    }
    this.seat.triggers.overheadEnd(job.view, op);
  }

  /** A job finished or was killed: it releases everything and leaves the system. */
  leave(job: SimJob, ending: 'finished' | 'killed'): void {
    const { w, seat } = this;
    pause(w, job);
    if (ending === 'finished') job.remaining = 0;
    job.state = ending;
    this.stopRunning(job, false);
    job.processors = SimJob.noProcessors;
    seat.running.delete(job);
    job.leftRound = seat.rounds + 1;
    w.byId.delete(job.id);
    w.freeEntries.push(job.entry);
    w.table[job.entry] = undefined;
    if (w.onJobEnded.length) {
      const outcome = {
        job: job.record,
        arrival: job.arrival,
        discipline: seat.name,
        start: job.firstStart,
        end: w.now,
        ending,
        processors: job.firstProcessors,
        processorTime: job.processorTime,
        runTime: job.ran,
        preemptions: job.preemptions,
        checkpoints: job.checkpoints,
        resizes: job.resizes,
        backfilled: job.backfilled,
      };
      for (const f of w.onJobEnded) f(outcome);
    }
    seat.triggers.left(job.view, ending);
  }
}
