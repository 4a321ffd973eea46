import { AvailabilityProfile } from '@js/blocks';
import type { JobView } from '@js/core';
import { firstRelease, type Hold } from './holds.ts';
import type { JobType } from './job-type.ts';
import type { SpacePlan } from './policy.ts';

/** The frame's book-keeping per job (kept in `ctx.notes`). */
export interface JobNote {
  readonly type: JobType;
  readonly plan: SpacePlan;
  /** Its reservation in its type's virtual time while it waits; Infinity: it cannot be placed yet. */
  at?: number;
  /** Index of the slice of another type it is backfilled into (valid until that slice's end). */
  borrowed?: number;
  /**
   * Its response time as predicted at submission (§4.1): the real time at which its first
   * conservative reservation in its type's virtual time ends, less its submission. Unset while
   * that is unknown (Infinity).
   */
  predicted?: number;
}

/** A waiting job in its type's plan, with the frame's book-keeping (type, reservation, prediction). */
export interface Waiting {
  readonly job: JobView;
  readonly note: JobNote;
}

const NO_DEMAND: readonly number[] = [];

/**
 * How a type's plan is redone each round: `incremental` (the default) skips re-placing a waiting
 * job whose place is provably its earliest fit still (see `VirtualMachine.compress`);
 * `rebuild` re-places every job, the plain algorithm, for the tests to compare against.
 */
export type Planning = 'incremental' | 'rebuild';

/**
 * Why a waiting job's reservation at `at` was its earliest fit when last placed: no earlier start
 * fitted then. A window starting before `at` that did not fit was too full somewhere before `at`
 * (from `at` on it lies inside the job's own place, which fitted), so the reservation stays the
 * earliest fit until processors are freed somewhere before `at`. `dirty` is the earliest instant
 * the same compression freed any after placing the job (a later job moving up).
 */
interface Certificate {
  readonly at: number;
  readonly dirty: number;
}

/** Relative change of a base hold's end taken as no change (see {@link VirtualMachine.hold}). */
const STABLE_END = 1e-12;

const hasDemand = (demand: readonly number[]) => demand.some((d) => d > 0);

/**
 * One job type's virtual machine (seed 002, §4.7: "scheduled in different virtual machines with a
 * time slice per job type"): its own clock, which runs only in its slices, and its availability
 * profile in that clock, in which its resident jobs (running or swapped out) hold their nodes and
 * its waiting jobs hold conservative reservations in FCFS order.
 */
export class VirtualMachine {
  clock = 0;
  readonly profile: AvailabilityProfile;
  /** What the residents and lent jobs hold since the last reset (the plan without reservations). */
  #base: Hold[] = [];
  /** Whether the base holds processors only (no resource demand), so it can be compared. */
  #plain = true;
  /** Nodes lent to other types' jobs since the last reset, each until when (this machine's clock). */
  readonly #loans = new Map<number, number>();
  /** The last compressed plan's holds by job, and each waiting job's certificate; unset: trust nothing. */
  #last:
    | { readonly holds: ReadonlyMap<number, Hold>; readonly certificates: ReadonlyMap<number, Certificate> }
    | undefined;

  constructor(
    readonly type: JobType,
    processors: number,
    readonly capacities: readonly number[],
    readonly planning: Planning = 'incremental',
    /** Processors per node: another type's job lent the slice keeps whole nodes from this type. */
    readonly perNode = 1,
  ) {
    this.profile = new AvailabilityProfile(processors, capacities);
  }

  /** Start the profile afresh at the clock. */
  reset(): void {
    this.profile.reset(this.clock);
    this.#base = [];
    this.#plain = this.capacities.length === 0;
    this.#loans.clear();
  }

  /**
   * Job `id` holds `held` processors from the clock for `duration` seconds in the plan's base: a
   * resident for its remaining run, or another type's job lent the slice.
   */
  hold(id: number, held: number, duration: number, demand: readonly number[]): void {
    const { clock } = this;
    let end = clock + duration;
    // Recomputed each round as clock + remaining, the same end wobbles in its last bits (the
    // virtual clock is a running sum), and a job started at its reservation ends a few bits off
    // the reservation's end; keeping the last plan's end keeps the plan comparable with the last,
    // so that its jobs need not be re-placed. Far below any time the schedule can resolve.
    const kept = this.#last?.holds.get(id)?.end;
    if (kept !== undefined && Math.abs(kept - end) <= STABLE_END * Math.max(1, Math.abs(end))) end = kept;
    const d = end - clock;
    this.profile.take(clock, d, held, demand);
    if (hasDemand(demand)) this.#plain = false;
    this.#base.push({ id, start: clock, end: clock + d, processors: held });
  }

  /**
   * Whether another type's job may run on `nodes` in this type's slice for `duration` seconds
   * (non-type slice backfilling, §4.7) without delaying this type's plan; if so it is lent them.
   * The job keeps whole nodes from this type, however many of their cores it runs on (a job of
   * this type takes whole nodes). Two coscheduled jobs share a node: a node already lent counts
   * once, for the later of the two ends, so a job counts where it stays longer than its partner.
   */
  tryLend(nodes: readonly number[], duration: number): boolean {
    return this.#lend(nodes, this.clock + duration, true);
  }

  /** Lend `nodes` for `duration` seconds as {@link tryLend} does, unchecked: a job just started on free nodes that fit. */
  lend(nodes: readonly number[], duration: number): void {
    this.#lend(nodes, this.clock + duration, false);
  }

  /**
   * Job `id` of another type, lent the slice, keeps `nodes` for `duration` seconds (as
   * {@link tryLend}, already admitted): in the plan's base, so that the plan can be compared with
   * the last. Lent in decreasing `duration`, a node shared with a job lent before costs nothing.
   */
  holdLent(id: number, nodes: readonly number[], duration: number): void {
    const end = this.clock + duration;
    for (const [from, count] of this.#extension(nodes, end)) {
      if (from === this.clock) this.hold(id, count * this.perNode, duration, NO_DEMAND);
      else {
        // Beyond what a job holds in the base (one span from the clock): compare nothing.
        this.profile.take(from, end - from, count * this.perNode, NO_DEMAND);
        this.#plain = false;
      }
    }
    this.#record(nodes, end);
  }

  #lend(nodes: readonly number[], end: number, check: boolean): boolean {
    const { profile } = this;
    const taken: [number, number][] = [];
    for (const [from, count] of this.#extension(nodes, end)) {
      const held = count * this.perNode;
      // Each piece checked with the ones before it taken: together they fit.
      if (check && !profile.fitsAt(from, end - from, held, NO_DEMAND)) {
        for (const [f, h] of taken) profile.give(f, end - f, h, NO_DEMAND);
        return false;
      }
      profile.take(from, end - from, held, NO_DEMAND);
      taken.push([from, held]);
    }
    this.#record(nodes, end);
    return true;
  }

  /** What lending `nodes` until `end` adds to the loans: node counts by the instant they are needed from. */
  #extension(nodes: readonly number[], end: number): Map<number, number> {
    const from = new Map<number, number>();
    for (const node of nodes) {
      const lent = this.#loans.get(node) ?? this.clock;
      if (lent < end) from.set(lent, (from.get(lent) ?? 0) + 1);
    }
    return from;
  }

  #record(nodes: readonly number[], end: number): void {
    for (const node of nodes) this.#loans.set(node, Math.max(end, this.#loans.get(node) ?? end));
  }

  /** Another type's resident keeps its resources for as long as this machine can tell: for ever. */
  holdForeignDemand(demand: readonly number[]): void {
    if (!hasDemand(demand)) return;
    this.profile.take(this.clock, Number.POSITIVE_INFINITY, 0, demand);
    this.#plain = false;
  }

  /**
   * Put back the standing reservations in reservation order (one that no longer fits is placed
   * again at its earliest fit in its turn, so it keeps its rank), then compress (Mu'alem & Feitelson; §4.7's
   * "compressed" conservative backfilling): each job in reservation order — a backfilled job keeps
   * its position — is lifted and put back at its earliest fit, never later than before. Jobs
   * without a reservation (new arrivals) come after, in arrival order. Returns the queue in that order.
   *
   * Finding a job's earliest fit scans the plan from the clock, so re-placing every job each round
   * is quadratic in the queue. Most jobs stay put: a job whose certificate holds (its place is as
   * before, and no processors have been freed before it since it was placed, by the base or
   * by a job moving up) is its own earliest fit, so lifting and re-placing it would put it back
   * where it is; it is skipped. The freed instants come from comparing the plan after the put-back
   * with the last compressed one ({@link firstRelease}). Plans with resource demands, or a job that
   * cannot be placed (it holds what is free for ever), are not compared: every job is re-placed.
   */
  compress(queue: readonly Waiting[]): Waiting[] {
    const { profile, clock } = this;
    const ordered = [...queue].sort(
      (a, b) => (a.note.at ?? Infinity) - (b.note.at ?? Infinity) || a.job.arrival - b.job.arrival,
    );
    for (const { job, note } of ordered) {
      const at = note.at;
      if (at === undefined) continue;
      const { runtime, footprint } = note.plan;
      if (
        at !== Number.POSITIVE_INFINITY &&
        at >= clock &&
        profile.fitsAt(at, runtime, footprint, job.demand)
      ) {
        profile.take(at, runtime, footprint, job.demand);
        continue;
      }
      // Its place is lost: the plan ran late (a resident's swap in or out, a due start the
      // processors were not ready for). It is placed again at once, before the later jobs' places
      // go back, so it keeps its rank: conservative backfilling lets no later job delay an earlier
      // one (§4.7), and R_est, read off this plan, stays the response it promised. Placed after
      // the later jobs instead, a job that slipped by one swap would wait behind all of them.
      const earliest =
        at === Number.POSITIVE_INFINITY
          ? Number.POSITIVE_INFINITY
          : profile.earliest(runtime, footprint, job.demand);
      if (earliest === Number.POSITIVE_INFINITY) {
        note.at = undefined;
      } else {
        profile.take(earliest, runtime, footprint, job.demand);
        note.at = earliest;
      }
    }
    const plain = this.#plain && ordered.every(({ job }) => !hasDemand(job.demand));
    const last = this.planning === 'incremental' && plain ? this.#last : undefined;
    const released = last ? firstRelease(last.holds, this.#holds(ordered), clock) : Number.NEGATIVE_INFINITY;
    // Earliest start of a place freed by a job moving up in this pass, so far; and per job.
    let moved = Number.POSITIVE_INFINITY;
    const freed = new Array<number>(ordered.length).fill(Number.POSITIVE_INFINITY);
    ordered.forEach(({ job, note }, i) => {
      const was = note.at;
      if (was !== undefined) {
        const known = last?.certificates.get(job.id);
        const before = Math.min(released, moved, known?.dirty ?? Number.NEGATIVE_INFINITY);
        if (known?.at === was && before >= was) return;
        profile.give(was, note.plan.runtime, note.plan.footprint, job.demand);
      }
      this.reserve(job, note);
      if (was !== undefined && note.at !== was) {
        // What of its old place its new one does not cover.
        freed[i] = Math.max(was, note.at! + note.plan.runtime);
        moved = Math.min(moved, freed[i]!);
      }
    });
    this.#remember(ordered, freed, plain);
    return ordered;
  }

  /** The plan as holds: the base, and the reservations in place. */
  #holds(ordered: readonly Waiting[]): Hold[] {
    const holds = [...this.#base];
    for (const { job, note } of ordered) {
      const at = note.at;
      if (at !== undefined)
        holds.push({ id: job.id, start: at, end: at + note.plan.runtime, processors: note.plan.footprint });
    }
    return holds;
  }

  /** Certificates for the next compression: each job's place, and what later moves freed. */
  #remember(ordered: readonly Waiting[], freed: readonly number[], plain: boolean): void {
    if (!plain || ordered.some(({ note }) => note.at === Number.POSITIVE_INFINITY)) {
      this.#last = undefined;
      return;
    }
    const certificates = new Map<number, Certificate>();
    let dirty = Number.POSITIVE_INFINITY;
    for (let i = ordered.length - 1; i >= 0; i--) {
      const { job, note } = ordered[i]!;
      certificates.set(job.id, { at: note.at!, dirty });
      dirty = Math.min(dirty, freed[i]!);
    }
    this.#last = { holds: new Map(this.#holds(ordered).map((h) => [h.id, h])), certificates };
  }

  /**
   * Give a waiting job its earliest reservation. One that can never fit (it waits behind a job of
   * unknown estimate) holds whatever it needs of what is free from now on, so that no later job
   * takes its place (as the `conservative` discipline does).
   */
  reserve(job: JobView, note: JobNote): void {
    const { footprint, runtime } = note.plan;
    const at = this.profile.earliest(runtime, footprint, job.demand);
    if (at === Number.POSITIVE_INFINITY) this.profile.takeFree(this.clock, footprint, job.demand);
    else this.profile.take(at, runtime, footprint, job.demand);
    note.at = at;
  }

  /**
   * Whether a waiting job may start now without delaying any job of its type: with its own
   * reservation lifted, it fits at the clock for `duration` seconds of this type's time (its
   * planned run; less for a job lent another type's slice, which runs there while this clock
   * stands still; 0: none of its run falls here). If so it is taken there (and its reservation gone).
   */
  admitNow(job: JobView, note: JobNote, duration: number = note.plan.runtime): boolean {
    const { footprint, runtime } = note.plan;
    const { profile, clock } = this;
    const at = note.at;
    const lifted = at !== undefined && at !== Number.POSITIVE_INFINITY;
    if (lifted) profile.give(at, runtime, footprint, job.demand);
    if (duration <= 0 || profile.fitsAt(clock, duration, footprint, job.demand)) {
      if (duration > 0) profile.take(clock, duration, footprint, job.demand);
      note.at = undefined;
      return true;
    }
    if (lifted) profile.take(at, runtime, footprint, job.demand);
    return false;
  }
}
