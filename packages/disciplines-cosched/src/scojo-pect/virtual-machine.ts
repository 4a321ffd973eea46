import { AvailabilityProfile } from '@js/blocks';
import type { JobView } from '@js/core';
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

export interface Waiting {
  readonly job: JobView;
  readonly note: JobNote;
}

const NO_DEMAND: readonly number[] = [];

/**
 * One job type's virtual machine (seed 002, §4.7: "scheduled in different virtual machines with a
 * time slice per job type"): its own clock, which runs only in its slices, and its availability
 * profile in that clock, in which its resident jobs (running or swapped out) hold their nodes and
 * its waiting jobs hold conservative reservations in FCFS order.
 */
export class VirtualMachine {
  clock = 0;
  readonly profile: AvailabilityProfile;

  constructor(
    readonly type: JobType,
    processors: number,
    capacities: readonly number[],
  ) {
    this.profile = new AvailabilityProfile(processors, capacities);
  }

  /** Start the profile afresh at the clock. */
  reset(): void {
    this.profile.reset(this.clock);
  }

  /** A resident job holds `held` processors for `remaining` more seconds of its own run. */
  holdResident(held: number, remaining: number, demand: readonly number[]): void {
    this.profile.take(this.clock, remaining, held, demand);
  }

  /** Another type's job runs in this type's slice until the slice ends (non-type slice backfilling). */
  lend(held: number, until: number): void {
    this.profile.take(this.clock, until, held, NO_DEMAND);
  }

  /** Another type's resident keeps its resources for as long as this machine can tell: for ever. */
  holdForeignDemand(demand: readonly number[]): void {
    if (demand.some((d) => d > 0)) this.profile.take(this.clock, Number.POSITIVE_INFINITY, 0, demand);
  }

  /**
   * Put back the standing reservations that still fit, then compress (Mu'alem & Feitelson; §4.7's
   * "compressed" conservative backfilling): each job in reservation order — a backfilled job keeps
   * its position — is lifted and put back at its earliest fit, never later than before. Jobs
   * without a reservation (new arrivals) come after, in arrival order. Returns the queue in that order.
   */
  compress(queue: readonly Waiting[]): Waiting[] {
    const { profile, clock } = this;
    const ordered = [...queue].sort(
      (a, b) => (a.note.at ?? Infinity) - (b.note.at ?? Infinity) || a.job.arrival - b.job.arrival,
    );
    for (const { job, note } of ordered) {
      const at = note.at;
      if (at === undefined) continue;
      if (
        at !== Number.POSITIVE_INFINITY &&
        at >= clock &&
        profile.fitsAt(at, note.plan.runtime, note.plan.footprint, job.demand)
      ) {
        profile.take(at, note.plan.runtime, note.plan.footprint, job.demand);
      } else {
        note.at = undefined;
      }
    }
    for (const { job, note } of ordered) {
      if (note.at !== undefined) profile.give(note.at, note.plan.runtime, note.plan.footprint, job.demand);
      this.reserve(job, note);
    }
    return ordered;
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
   * reservation lifted, it fits at the clock. If so it is taken there (and its reservation gone).
   */
  admitNow(job: JobView, note: JobNote): boolean {
    const { footprint, runtime } = note.plan;
    const { profile, clock } = this;
    const at = note.at;
    const lifted = at !== undefined && at !== Number.POSITIVE_INFINITY;
    if (lifted) profile.give(at, runtime, footprint, job.demand);
    if (profile.fitsAt(clock, runtime, footprint, job.demand)) {
      profile.take(clock, runtime, footprint, job.demand);
      note.at = undefined;
      return true;
    }
    if (lifted) profile.take(at, runtime, footprint, job.demand);
    return false;
  }
}
