import {
  type DisciplineEnvironment,
  hasRunMinimum,
  type JobView,
  type Scheduler,
  type SchedulingContext,
} from '@js/core';
import { type JobType, jobTypeOf, SHORT } from './job-type.ts';
import { ZengSodanMetrics } from './metrics.ts';
import { nonTypeSliceBackfill } from './non-type-backfill.ts';
import { type PlacementPolicy, type SliceStep, type SliceTiming, startDueJobs } from './policy.ts';
import type { ScojoPectSettings } from './settings.ts';
import { type Slice, Timetable } from './timetable.ts';
import { type JobNote, type Planning, VirtualMachine, type Waiting } from './virtual-machine.ts';

/** How the frame plans, for tests: the planning, and a look at every plan it makes. */
export interface FrameHooks {
  readonly planning?: Planning;
  /** Each type's plan as compressed, waiting jobs in reservation order. */
  readonly onPlan?: (type: JobType, clock: number, queue: readonly Waiting[]) => void;
}

/** What one decision round knows once the slice is settled; shared with non-type backfilling. */
export interface Round {
  readonly ctx: SchedulingContext;
  readonly slice: Slice;
  /** Seconds left in the slice. */
  readonly untilEnd: number;
  /**
   * How long a job of another type holds its nodes in the slice's machine when backfilled with
   * `remaining` seconds to run: until it ends by its estimate, at most until the slice's end.
   */
  lent(remaining: number): number;
  /**
   * What a job of another type lent the slice with `remaining` seconds to run has left at the
   * slice's end, when it goes back to its own type's time: 0 if it ends within the slice.
   */
  beyond(remaining: number): number;
  /** Per type, the resident jobs (running or swapped out) at the round's start. */
  readonly residents: readonly JobView[][];
}

/**
 * The Scojo-PECT frame (seed 002, §4.7): one virtual machine per job type, each slice runs its
 * type's jobs, the jobs of the old type are swapped out at a slice switch and resume later on the
 * same processors, FCFS with compressed conservative backfilling per type, and non-type slice
 * backfilling. Where to place a job of the slice's type is the policy's.
 */
export class ScojoPectScheduler implements Scheduler {
  readonly vms: VirtualMachine[];
  /** Per type, which processors its residents hold (rebuilt every round). */
  readonly held: Uint8Array[];
  readonly #owned: Uint8Array;
  readonly #timetable: Timetable;
  readonly #metrics: ZengSodanMetrics;
  readonly #residency: number;
  readonly #timers = new Set<number>();
  readonly timing: SliceTiming;

  constructor(
    readonly settings: ScojoPectSettings,
    readonly policy: PlacementPolicy,
    readonly env: DisciplineEnvironment,
    readonly hooks: FrameHooks = {},
  ) {
    const { machine, processors, profile } = env;
    const perNode = machine.cpusPerNode * machine.coresPerCpu;
    this.vms = [0, 1, 2].map(
      (t) => new VirtualMachine(t as JobType, processors.length, machine.capacities, hooks.planning, perNode),
    );
    this.held = [0, 1, 2].map(() => new Uint8Array(machine.processors));
    this.#owned = new Uint8Array(machine.processors);
    for (const p of processors) this.#owned[p] = 1;
    this.#timetable = new Timetable(settings);
    this.#metrics = new ZengSodanMetrics(machine, processors, settings);
    this.#residency = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const timetable = this.#timetable;
    this.timing = {
      get slice() {
        return timetable.current;
      },
      project: (type, seconds) => timetable.project(type, seconds, settings.shortSliceMax),
      clock: (type) => this.vms[type]!.clock,
    };
  }

  note(ctx: SchedulingContext, job: JobView): JobNote {
    let note = ctx.notes.get(job) as JobNote | undefined;
    if (note === undefined) {
      note = { type: jobTypeOf(job, this.settings), plan: this.policy.plan(job) };
      ctx.notes.set(job, note);
    }
    return note;
  }

  /** Seconds a started job still needs by what the run lets the discipline know. */
  remaining(ctx: SchedulingContext, job: JobView): number {
    if (this.policy.remaining) return this.policy.remaining(ctx, job);
    return Math.max(0, ctx.estimatedEnd(job) - ctx.now);
  }

  /**
   * Whether a swapped-out job may resume on its processors now: they are idle, no job of another
   * type runs on its nodes (only jobs of the same type share a node, §4.7: "only jobs of the same
   * type are matched"; one swapping out still holds its node), and where the policy bounds the
   * jobs per node, its nodes stay within the bound.
   */
  canResume(ctx: SchedulingContext, job: JobView): boolean {
    const { machine } = ctx;
    if (!job.processors.every((p) => machine.runningJob(p) === -1)) return false;
    const type = this.note(ctx, job).type;
    const limit = this.policy.jobsPerNode ?? Number.POSITIVE_INFINITY;
    const perNode = machine.spec.cpusPerNode * machine.spec.coresPerCpu;
    const nodes = new Set(job.processors.map((p) => Math.floor(p / perNode)));
    for (const node of nodes) {
      const jobs = new Set<number>([job.id]);
      for (let p = node * perNode; p < (node + 1) * perNode; p++) {
        const other = machine.runningJob(p);
        if (other === -1 || jobs.has(other)) continue;
        // Another partition's job is not this frame's to type.
        const view = ctx.jobs.byId(other);
        if (view !== undefined && this.note(ctx, view).type !== type) return false;
        jobs.add(other);
      }
      if (jobs.size > limit) return false;
    }
    return true;
  }

  /** Whether a job of type `type` may start on a processor now. */
  usable(ctx: SchedulingContext, type: JobType, p: number): boolean {
    const { machine } = ctx;
    return (
      this.#owned[p] === 1 &&
      this.held[type]![p] === 0 &&
      machine.runningJob(p) === -1 &&
      machine.residentCount(p) < this.#residency
    );
  }

  /** The waiting jobs of a type, in arrival order. */
  waiting(ctx: SchedulingContext, type: JobType): Waiting[] {
    const out: Waiting[] = [];
    for (const job of ctx.jobs.pending) {
      if (job.state !== 'pending') continue;
      const note = this.note(ctx, job);
      if (note.type === type) out.push({ job, note });
    }
    return out;
  }

  /** The nodes of `processors`, each once. */
  nodesOf(processors: readonly number[]): number[] {
    const { machine } = this.env;
    return [...new Set(processors.map((p) => machine.nodeOf(p)))];
  }

  /**
   * Whether `processors` lie on nodes where no resident of `type` holds a core: a job lent
   * `type`'s slice keeps off that type's nodes whole, not only off its cores, since only jobs of
   * the same type share a node (§4.7: "only jobs of the same type are matched"; space sharing is
   * dedicated, §4.2). A job of another type running beside a resident would hold the node in
   * the slice's plan twice, lent and held.
   */
  offNodesOf(type: JobType, processors: readonly number[]): boolean {
    const held = this.held[type]!;
    const { machine } = this.env;
    const perNode = machine.cpusPerNode * machine.coresPerCpu;
    for (const node of this.nodesOf(processors))
      for (let p = node * perNode; p < (node + 1) * perNode; p++) if (held[p]) return false;
    return true;
  }

  /** A type's profile: its residents, its foreign residents' resources, its reservations compressed. */
  build(round: Round, type: JobType, lend: boolean): Waiting[] {
    const { ctx, residents, slice } = round;
    const vm = this.vms[type]!;
    vm.reset();
    for (const job of residents[type]!) {
      let remaining = this.remaining(ctx, job);
      // A job lent the running slice of another type runs there until the slice's end: only what
      // it has left then falls in its own type's time (§4.7; its type's clock stands still now).
      if (type !== slice.type && job.state === 'running' && this.note(ctx, job).borrowed === slice.index)
        remaining = round.beyond(remaining);
      vm.hold(job.id, this.policy.held(job, ctx), remaining, job.demand);
    }
    const lent: { readonly job: JobView; readonly duration: number }[] = [];
    for (let t = 0; t < 3; t++) {
      if (t === type) continue;
      for (const job of residents[t]!) {
        if (lend && job.state === 'running' && this.note(ctx, job).borrowed === slice.index)
          lent.push({ job, duration: round.lent(this.remaining(ctx, job)) });
        if (ctx.machine.spec.capacities.length) vm.holdForeignDemand(job.demand);
      }
    }
    // Longest first: a node two coscheduled jobs share is held once, for the one staying longer.
    lent.sort((a, b) => b.duration - a.duration);
    for (const { job, duration } of lent) vm.holdLent(job.id, this.nodesOf(job.processors), duration);
    const queue = vm.compress(this.waiting(ctx, type));
    // The response predicted at submission: the first reservation a job gets (§4.1, §4.7).
    for (const { job, note } of queue) {
      if (note.predicted !== undefined || note.at === undefined || note.at === Number.POSITIVE_INFINITY)
        continue;
      const end = this.timing.project(type, note.at - vm.clock + note.plan.runtime);
      if (Number.isFinite(end)) note.predicted = end - job.submit;
    }
    this.hooks.onPlan?.(type, vm.clock, queue);
    return queue;
  }

  start(ctx: SchedulingContext, job: JobView, processors: readonly number[], type: JobType): boolean {
    if (!processors.every((p) => this.usable(ctx, type, p))) return false;
    if (!ctx.machine.fits(processors.length, job.demand)) return false;
    ctx.start(job, { processors });
    this.policy.changed?.('start', job);
    for (const p of processors) this.held[type]![p] = 1;
    return true;
  }

  /** Ask for a wake-up at `at` (once per time). */
  want(ctx: SchedulingContext, at: number, tag: string): void {
    if (!(at > ctx.now) || at === Number.POSITIVE_INFINITY || this.#timers.has(at)) return;
    this.#timers.add(at);
    ctx.setTimer(at, tag);
  }

  schedule(ctx: SchedulingContext): void {
    const now = ctx.now;
    this.policy.beginRound?.(ctx);
    this.#metrics.advance(now);
    for (const t of ctx.triggers) {
      if (t.kind === 'completion') this.#metrics.departed(t.job, this.note(ctx, t.job).type, now);
      if (t.kind === 'completion' || t.kind === 'killed') this.policy.departed?.(ctx, t.job);
    }
    for (const at of this.#timers) if (at <= now) this.#timers.delete(at);
    const { jobs } = ctx;
    if (jobs.pending.length + jobs.running.length + jobs.suspended.length > 0) {
      const slice = this.#timetable.at(
        now,
        (type, seconds) => {
          this.vms[type]!.clock += seconds;
        },
        (boundary) => this.#shortSlice(ctx, boundary),
      );
      this.#round(ctx, slice);
    }
    this.policy.endRound?.(ctx, this.timing);
    this.#metrics.settle(ctx, this.policy.ranInGroup);
  }

  #round(ctx: SchedulingContext, slice: Slice): void {
    const type = slice.type;
    const residents: JobView[][] = [[], [], []];
    for (const h of this.held) h.fill(0);
    for (const job of [...ctx.jobs.running, ...ctx.jobs.suspended]) {
      const t = this.note(ctx, job).type;
      residents[t]!.push(job);
      for (const p of job.processors) this.held[t]![p] = 1;
    }
    const untilEnd = slice.end - ctx.now;
    const round: Round = {
      ctx,
      slice,
      untilEnd,
      residents,
      lent: (remaining) => Math.min(remaining, untilEnd),
      beyond: (remaining) => Math.max(0, remaining - untilEnd),
    };
    const vm = this.vms[type]!;
    const queue = this.build(round, type, true);
    // Jobs of other types still running since the last slice may go on as non-type backfill if
    // they keep off this type's nodes and delay none of its reservations; the rest are swapped out.
    for (let t = 0; t < 3; t++) {
      if (t === type) continue;
      for (const job of residents[t]!) {
        const note = this.note(ctx, job);
        if (job.state !== 'running' || note.borrowed === slice.index) continue;
        if (
          this.offNodesOf(type, job.processors) &&
          vm.tryLend(this.nodesOf(job.processors), round.lent(this.remaining(ctx, job)))
        ) {
          note.borrowed = slice.index;
        } else {
          this.#swapOut(ctx, job);
        }
      }
    }
    for (const job of residents[type]!) {
      if (job.state === 'suspended' && !job.inOverhead && this.canResume(ctx, job)) this.resume(ctx, job);
    }
    const step: SliceStep = {
      ctx,
      slice,
      type,
      profile: vm.profile,
      clock: vm.clock,
      queue: queue.map(({ job, note }) => ({
        job,
        plan: note.plan,
        at: note.at ?? Number.POSITIVE_INFINITY,
        note,
      })),
      timing: this.timing,
      usable: (p) => this.usable(ctx, type, p),
      start: (job, processors) => this.start(ctx, job, processors, type),
    };
    if (this.policy.startJobs) this.policy.startJobs(step);
    else startDueJobs(step, this.policy);
    nonTypeSliceBackfill(this, round);
    // Wake-ups: the slice's end, and the next reservation of this type due within the slice (the
    // type's clock runs with real time only there; the round it wakes sets the one after). Later
    // ones would be read through a clock that stops at the slice's end, so at wrong times.
    this.want(ctx, slice.end, 'slice');
    let next = Number.POSITIVE_INFINITY;
    for (const { job, note } of queue) {
      if (job.state !== 'pending' || note.at === undefined || note.at <= vm.clock) continue;
      next = Math.min(next, note.at - vm.clock);
    }
    if (next < untilEnd) this.want(ctx, ctx.now + next, 'reservation');
  }

  /** Swap a job out, or ask to be woken when the profile's minimum run allows it. */
  #swapOut(ctx: SchedulingContext, job: JobView): void {
    if (job.inOverhead) return; // the end of its overhead wakes the discipline
    const minimum = this.env.profile.minRunBeforeSuspend;
    if (!hasRunMinimum(job.sinceRun, minimum, ctx.now)) {
      this.want(ctx, ctx.now + minimum - job.sinceRun, 'swap');
      return;
    }
    ctx.suspend(job);
    this.policy.changed?.('suspend', job);
  }

  resume(ctx: SchedulingContext, job: JobView): void {
    ctx.resume(job);
    this.policy.changed?.('resume', job);
  }

  /**
   * The short slice of an interval starting at `boundary` (§4.7: only if short jobs wait): long
   * enough for the longest waiting or swapped-out short job plus the swap-out before it can start,
   * at most `shortSliceMax`; 0 when none waits.
   */
  #shortSlice(ctx: SchedulingContext, boundary: number): number {
    let need = -1;
    for (const job of ctx.jobs.pending) {
      if (job.state !== 'pending' || job.submit > boundary) continue;
      const note = this.note(ctx, job);
      if (note.type === SHORT) need = Math.max(need, note.plan.runtime);
    }
    for (const job of ctx.jobs.suspended) {
      if (this.note(ctx, job).type === SHORT) need = Math.max(need, this.remaining(ctx, job));
    }
    if (need < 0) return 0;
    return Math.min(this.settings.shortSliceMax, Math.max(need, 1) + this.env.profile.suspend);
  }
}
