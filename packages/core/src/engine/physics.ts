import { ConfigError, InputError } from '../errors/errors.ts';
import { EventKind, Priority } from './event-queue.ts';
import type { SimJob } from './sim-job.ts';
import type { World } from './world.ts';

/**
 * Events closer than this to an instant's first event belong to that instant: a completion that
 * float rounding puts a hair after (or before) a timer or an arrival is applied with it, so the
 * job ends at that instant. Absolute 1 ns, or 1e-12 of the clock
 * where times are large: far above float rounding (≈ 1e-16 relative), far below any timing a
 * trace or a paper distinguishes.
 */
export const instantTolerance = (t: number): number => Math.max(1e-9, 1e-12 * Math.abs(t));

/**
 * Whether a job that has run `ran` seconds since its last start, resume or resize has run `minimum` at
 * time `now`: within the instant tolerance, since a timer set for the minimum's end may land a
 * hair early. The engine's minimum-run rule and disciplines that plan around it use this one test.
 */
export const hasRunMinimum = (ran: number, minimum: number, now: number): boolean =>
  ran >= minimum - instantTolerance(now);

/** Start making progress now at the speed the current allocation and co-runners give. */
export function progress(w: World, job: SimJob): void {
  const p = job.processors.length;
  job.slowdown = w.contentionActive ? w.contention.slowdown(job.record, job.processors, w.placementView) : 1;
  // On its requested size a job runs its reference time (no call into the workload's T(p)).
  const period = (p === job.size ? job.reference : job.executionTime(p)) * job.slowdown;
  if (!(period > 0) || !Number.isFinite(period)) badRate(w, job, p);
  // A rigid job alone runs at exactly 1: its end is now + remaining with no division.
  job.speed = period === job.reference ? 1 : job.reference / period;
  job.progressing = true;
  job.since = w.now;
  let end = w.now + (job.speed === 1 ? job.remaining : job.remaining / job.speed);
  let kind: number = EventKind.Completion;
  if (w.killAtEstimate) {
    const limit = w.now + ((job.record.estimate - job.nominal) * job.record.size) / p;
    if (limit < end) {
      end = limit;
      kind = EventKind.Kill;
    }
  }
  job.endTime = end;
  supersede(w, job);
  job.eventCell = w.queue.push(end, Priority.Completion, kind, job.entry, job.token);
}

/** The job's live event, if any, is void from now on: a fresh token, and the old event taken out. */
export function supersede(w: World, job: SimJob): void {
  if (job.eventCell >= 0) w.queue.cancel(job.eventCell, job.token);
  job.eventCell = -1;
  job.token = ++w.tokens;
}

/** A rate that would put NaN or infinity into the event queue: name what produced it. */
function badRate(w: World, job: SimJob, p: number): never {
  const t = job.executionTime(p);
  if (!(t > 0) || !Number.isFinite(t)) {
    throw new InputError(
      `workload job ${job.id}`,
      undefined,
      'executionTime',
      `T(${p}) = ${t}: it must be positive and finite`,
    );
  }
  throw new ConfigError(
    `contention model '${w.contention.name}': slowdown ${job.slowdown} for job ${job.id} must be positive and finite`,
  );
}

/** Stop making progress now, banking the work done since `since`. */
export function pause(w: World, job: SimJob): void {
  if (!job.progressing) {
    if (job.pendingOp) supersede(w, job); // cancel the pending overhead's end
    job.pendingOp = null;
    return;
  }
  const dt = w.now - job.since;
  const p = job.processors.length;
  for (const f of w.onProgressed) f(job.record, job.since, w.now, p, job.slowdown);
  job.remaining = Math.max(0, job.remaining - (job.speed === 1 ? dt : dt * job.speed));
  job.ran += dt;
  job.nominal += (dt * p) / job.record.size;
  job.progressing = false;
  job.endTime = Number.POSITIVE_INFINITY;
  supersede(w, job);
}

/**
 * After a decision round: every running job on a node whose co-runners changed gets the
 * contention model's factor again and, if it changed, continues at its new speed.
 */
export function rerate(w: World): void {
  if (w.dirtyNodes.size === 0) return;
  const perNode = w.machine.cpusPerNode * w.machine.coresPerCpu;
  const seen = new Set<SimJob>();
  for (const node of w.dirtyNodes) {
    for (let p = node * perNode; p < (node + 1) * perNode; p++) {
      const job = w.runningOn(p);
      if (!job || seen.has(job) || !job.progressing) continue;
      seen.add(job);
      const factor = w.contention.slowdown(job.record, job.processors, w.placementView);
      if (factor !== job.slowdown) {
        pause(w, job);
        progress(w, job);
      }
    }
  }
  w.dirtyNodes.clear();
}
