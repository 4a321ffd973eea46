import { AvailabilityProfile } from '@js/blocks';
import { defineDiscipline, type JobView, type SchedulingContext } from '@js/core';
import * as z from 'zod';
import { EarliestByShape, type ShapeScan } from './earliest-by-shape.ts';
import { ReservationBook, type Waiting } from './reservation-book.ts';

/**
 * A waiting job in conservative's queue: its shape, read once (compression visits every waiting
 * job at nearly every departure, and a view's getters were a tenth of its time on RICC), and the
 * scan it shares with the jobs of that shape.
 */
interface Queued extends Waiting {
  readonly estimate: number;
  readonly size: number;
  readonly demand: readonly number[];
  readonly shape: ShapeScan | undefined;
  /**
   * Set when this discipline starts it, the only way a job leaves the queue (read instead of the
   * job's state: compression reads it for every waiting job, and the view's getter was a third of
   * the visit on RICC).
   */
  started: boolean;
}

/**
 * Conservative backfilling (Mu'alem & Feitelson 2001; K-resource form: Leinberger et al.,
 * seed 001 §2, FCFS/FF-CONS). Every waiting job holds a reservation, made in arrival order at
 * the earliest time its estimate fits in the availability profile. A job starts when its
 * reservation comes due; since a job is only ever placed in space nobody else holds, starting
 * early never delays anyone.
 *
 * The profile is kept between decisions. When a job leaves before its estimated end, the space
 * it frees may let others move up: the rest of its estimate is given back, then the reservations
 * are *compressed* in arrival order (Mu'alem & Feitelson): each job that can start sooner is
 * lifted and put back at the earliest time it fits, which is never later than before (its old
 * place is still free). So no reservation ever moves later while estimates hold. At other
 * decisions only new arrivals are placed. One pass is not a fixed point (a job may fit into a slot
 * that a later job left during the pass); as in the paper, it moves up at the next compression.
 * When the kept profile may be wrong (a job overran its estimate, started after its reservation
 * because a decision interval held the round, or holds space for ever: unknown estimates below),
 * it is rebuilt from the running jobs' estimated ends and the waiting jobs go back in arrival
 * order: a standing reservation that still fits is kept, one that does not is made afresh in its
 * turn (so no later job can take its place), and all are compressed.
 *
 * Unknown estimates (Infinity: SWF field 9 = -1, models without user estimates): a job of unknown
 * estimate holds its place in the profile for ever from its reservation on. A job that can never
 * fit for its estimate (it waits for a job of unknown estimate, which may end at any moment or
 * never) gets no reservation (none is declared at Infinity, and no timer), and it holds, from now
 * on, whatever it needs of what is free, so that no later job starts in its way: taking nothing
 * (a "reservation at Infinity" that occupies no time) would let every later job that fits go
 * ahead and starve it. Such a job is placed again when a job of unknown estimate leaves (never at
 * its estimated end, so the profile is rebuilt). With finite estimates every job fits once all
 * running and reserved jobs have ended, so none of this arises.
 *
 * Each job's note (`ctx.notes`) holds its reservation while it waits (none: no note) and its
 * estimated end, fixed when it starts, while it runs. The notes are the truth a rebuilt
 * discipline starts from; the queue and the reservation book below are kept beside them for speed.
 *
 * Speed (real traces: about a thousand jobs waiting, most jobs ending before their estimate, so a
 * compression at nearly every departure, and on RICC a hundred moves in each): the profile is kept
 * rather than rebuilt; compression lifts only the jobs that can move up, found without changing the
 * profile (lifting any other would put it back where it was); the jobs due and the next wake-up
 * come from a book ordered by start, not a scan of the queue. Whether a job can move up is its
 * shape's earliest start, found once per shape and looked for again only where a move changed the
 * profile (a queue is a few shapes many times over; see EarliestByShape), and one search; where it
 * moves to is that start or the run of room reaching its own hold
 * (`AvailabilityProfile.fitsSince`), so a move scans the profile no further.
 */
export const conservative = defineDiscipline({
  name: 'conservative',
  summary: 'conservative backfilling: every waiting job holds a reservation; none is ever delayed',
  source: "Mu'alem & Feitelson 2001; Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-CONS, K resources)",
  options: z.object({}).strict(),
  create: (_options, { machine }) => {
    const profile = new AvailabilityProfile(machine.processors, machine.capacities);
    const shapes = new EarliestByShape(profile);
    const book = new ReservationBook<Queued>();
    const noted = (ctx: SchedulingContext, job: JobView) => ctx.notes.get(job) as number | undefined;
    /** The waiting jobs in arrival order (started ones are dropped lazily). */
    let queue: Queued[] = [];
    /** Jobs started since the queue was last compacted. */
    let started = 0;
    let arrivals = 0;
    /** Whether the kept profile may be wrong (see the speed note above): rebuild it at the next decision. */
    let stale = true;
    /** The wake-up already asked for: the earliest standing reservation. */
    let alarm = Number.NEGATIVE_INFINITY;

    /** A waiting job not yet placed (at: its standing reservation, if any) nor entered in the book. */
    const queued = (job: JobView, at?: number): Queued => {
      const { estimate, size, demand } = job;
      return {
        job,
        seq: arrivals++,
        at,
        ticket: -1,
        estimate,
        size,
        demand,
        shape: shapes.of(estimate, size, demand),
        started: false,
      };
    };

    /** Place `w` at the earliest time it fits. */
    const place = (ctx: SchedulingContext, w: Queued): void => {
      const at = profile.earliest(w.estimate, w.size, w.demand);
      if (at === Number.POSITIVE_INFINITY) {
        // Unknown start (see above): it holds what is free from now on.
        profile.takeFree(ctx.now, w.size, w.demand);
        stale = true;
      } else profile.take(at, w.estimate, w.size, w.demand);
      reserve(ctx, w, at);
    };

    /** Book `w`'s reservation at `at`, if it moved. */
    const reserve = (ctx: SchedulingContext, w: Queued, at: number): void => {
      const old = w.at;
      if (at === old) return;
      if (old !== undefined && old !== Number.POSITIVE_INFINITY) book.remove(w, old);
      w.at = at;
      ctx.notes.set(w.job, at);
      if (at !== Number.POSITIVE_INFINITY) {
        book.add(w);
        ctx.reserve(w.job, at);
      }
    };

    /** Lift `w`'s reservation and put it back at the earliest time it fits (never later). */
    const replace = (ctx: SchedulingContext, w: Queued): void => {
      if (w.at !== undefined) profile.give(w.at, w.estimate, w.size, w.demand);
      place(ctx, w);
    };

    const rebuild = (ctx: SchedulingContext): void => {
      const now = ctx.now;
      stale = false;
      profile.reset(now);
      book.clear();
      for (const job of ctx.jobs.running)
        profile.take(now, ctx.estimatedEnd(job) - now, job.allocated, job.demand);
      // The queue as of this decision: skip jobs already started in it.
      queue = [];
      started = 0;
      for (const job of ctx.jobs.pending) {
        if (job.state !== 'pending') continue;
        const w = queued(job, noted(ctx, job));
        queue.push(w);
        const at = w.at;
        // An unknown start (Infinity) holds no interval to put back: it is placed afresh.
        if (
          at !== undefined &&
          at !== Number.POSITIVE_INFINITY &&
          at >= now &&
          profile.fitsAt(at, w.estimate, w.size, w.demand)
        ) {
          profile.take(at, w.estimate, w.size, w.demand);
          book.add(w);
          continue;
        }
        // Its place is lost (a running job overran, or a decision interval held the round past
        // it), or it has none yet: placed now, in its turn, before the later jobs' places go back,
        // so that no job that arrived after it can delay it.
        if (at !== undefined) ctx.notes.delete(job);
        w.at = undefined;
        place(ctx, w);
      }
      for (const w of queue) replace(ctx, w);
    };

    /**
     * Compression after early departures, on the kept profile: give back each hole (the rest of
     * the job's estimate), then lift and re-place in arrival order only the jobs that could move up.
     */
    const compress = (ctx: SchedulingContext, holes: readonly JobView[]): void => {
      const now = ctx.now;
      profile.advance(now);
      for (const job of holes) profile.release(now, noted(ctx, job)!, job.size, job.demand);
      shapes.forget();
      let kept = 0;
      for (const w of queue) {
        if (w.started) continue;
        queue[kept++] = w;
        const { at, estimate, size, demand } = w;
        if (at === undefined || at === Number.POSITIVE_INFINITY) {
          // Not placed, or holding what is free for ever (nothing to give back): placed by a scan.
          if (at === undefined || profile.fitsBefore(at, estimate, size, demand)) {
            replace(ctx, w);
            shapes.forget();
          }
          continue;
        }
        // Whether it could start sooner (`fitsBefore`), and where to, from its shape's earliest
        // start (see EarliestByShape and the profile's fitsJustBefore and fitsSince).
        const earliest = shapes.before(w.shape, at, estimate, size, demand);
        if (earliest >= at && !profile.fitsJustBefore(at, size, demand)) continue;
        const floor = earliest < at ? earliest : Number.NEGATIVE_INFINITY;
        const to = Math.min(earliest, profile.fitsSince(at, size, demand, floor));
        profile.move(at, to, estimate, size, demand);
        reserve(ctx, w, to);
        // Room taken from its new start on, given back where its old hold ends up uncovered.
        shapes.forget(to, Math.max(at, to + estimate));
      }
      queue.length = kept;
      started = 0;
    };

    /**
     * Start the jobs whose reservation is due (or overdue: a profile's decision interval may hold
     * the round past it); false if one cannot (a running job overran).
     */
    const startDue = (ctx: SchedulingContext): boolean => {
      const due = book.takeDue(ctx.now);
      for (let i = 0; i < due.length; i++) {
        const w = due[i]!;
        const { job, at } = w;
        if (job.state !== 'pending') continue;
        if (!ctx.machine.fits(job.size, job.demand)) {
          for (let j = i; j < due.length; j++) book.add(due[j]!);
          return false;
        }
        ctx.start(job);
        w.started = true;
        started++;
        ctx.notes.set(job, ctx.estimatedEnd(job));
        // The profile holds [at, at + estimate); a later start runs past it.
        if (at !== ctx.now) stale = true;
      }
      return true;
    };

    return {
      schedule(ctx) {
        // A departure before its estimate frees space; one after it (an overrun) means the kept
        // profile was wrong.
        const holes: JobView[] = [];
        // An overdue reservation (a decision interval held the round past it) is re-placed from now.
        if (book.next() < ctx.now) stale = true;
        for (const t of ctx.triggers) {
          if (t.kind !== 'completion' && t.kind !== 'killed') continue;
          const end = noted(ctx, t.job);
          if (end === undefined || ctx.now > end) stale = true;
          else if (ctx.now < end) holes.push(t.job);
        }
        if (stale) {
          rebuild(ctx);
        } else {
          if (holes.length > 0) compress(ctx, holes);
          else profile.advance(ctx.now);
          for (const t of ctx.triggers) {
            if (t.kind !== 'arrival') continue;
            const w = queued(t.job);
            queue.push(w);
            place(ctx, w);
          }
        }
        if (!startDue(ctx)) {
          // A running job is past its estimate: the kept profile is wrong about now. Start over.
          rebuild(ctx);
          startDue(ctx);
        }
        // Started jobs leave the queue lazily; drop them once they are most of it (counted here:
        // reading ctx.jobs.pending would make the engine bring its queue array up to date).
        if (queue.length > 64 && started * 2 > queue.length) {
          queue = queue.filter((w) => !w.started);
          started = 0;
        }
        // A reservation is a promise to start then, even if nothing else happens at that time
        // (compression in arrival order can leave one where a later job's old slot ended).
        const next = book.nextAfter(ctx.now);
        if (next !== Number.POSITIVE_INFINITY && (alarm <= ctx.now || next < alarm)) {
          ctx.setTimer(next, 'reservation');
          alarm = next;
        }
      },
    };
  },
});
