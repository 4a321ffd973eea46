import type { DisciplineEnvironment, JobView, SchedulingContext } from '@js/core';
import type { MatchmakingOptions } from '../matchmaking/index.ts';
import { SHORT } from '../scojo-pect/job-type.ts';
import { type PlacementPolicy, type SliceStep, startDueJobs } from '../scojo-pect/policy.ts';
import type { JobNote } from '../scojo-pect/virtual-machine.ts';
import { type SspPlan, type SspSettings, sspPolicy } from '../ssp/ssp-policy.ts';
import { GroupBook } from './groups.ts';
import { NodeLayout } from './layout.ts';
import { PaceBook } from './pace.ts';
import { ResidentIndex, typeOf } from './residents.ts';
import { type GltsParts, GltsRound, type GroupDecision } from './round.ts';

/** SSP's formula-8 settings plus Table 6's matchmaking parameters and the R_est factor that G-LOMARC-TS groups are checked with. */
export interface GltsSettings extends SspSettings {
  readonly matchmaking: MatchmakingOptions;
  /** §5.1: the simulated response time is adjusted by this factor to give R_est (0.75). */
  readonly rEstFactor: number;
  /** Sees each group as it starts (tests). */
  readonly observe?: (decision: GroupDecision) => void;
}

/**
 * Whether a round of `type` can be matchmade: every decision is checked against predictions
 * (§4.1, §4.7), which need a finite runtime for each waiting and resident job of the type; the
 * paper's machine has no resource but nodes of cores, and a node of one core cannot be shared.
 * Otherwise the round is the frame's FCFS with conservative backfilling under space sharing.
 */
function matchable(step: SliceStep, parts: GltsParts): boolean {
  const { ctx, type } = step;
  if (type === SHORT || parts.layout.perNode < 2 || ctx.machine.spec.capacities.length > 0) return false;
  for (const e of step.queue)
    if (!Number.isFinite(e.at) || !Number.isFinite(e.plan.runtime) || !Number.isFinite(e.job.estimate))
      return false;
  for (const list of [ctx.jobs.running, ctx.jobs.suspended])
    for (const job of list) if (typeOf(ctx, job) === type && !Number.isFinite(job.estimate)) return false;
  return true;
}

/**
 * G-LOMARC-TS inside Scojo-PECT (seed 002, §4.7: "applied per virtual machine"): waiting jobs are
 * planned under space sharing by formula 8 (FCFS with compressed conservative backfilling gives
 * the predictions, §5.1), and each slice step of a medium or long type is a `GltsRound`.
 * Short jobs are only space-shared (§4.3). Non-type slice backfilling places whole nodes.
 */
export function gltsPolicy(settings: GltsSettings, env: DisciplineEnvironment): PlacementPolicy<SspPlan> {
  const space = sspPolicy(settings, env);
  const layout = new NodeLayout(env.machine, env.processors);
  const pace = new PaceBook(env.machine);
  const residents = new ResidentIndex(layout, pace);
  const groups = new GroupBook();
  const parts: GltsParts = {
    options: settings.matchmaking,
    rEstFactor: settings.rEstFactor,
    layout,
    pace,
    residents,
    groups,
    space,
    ...(settings.observe ? { observe: settings.observe } : {}),
  };
  return {
    plan: (job) => space.plan(job),
    choose: (job, plan, usable) => space.choose(job, plan, usable),
    held: (job: JobView, ctx: SchedulingContext) => residents.held(ctx, job),
    remaining: (ctx, job) => pace.wallRemaining(ctx, job),
    // §4.5: "per node, only two jobs are coscheduled".
    jobsPerNode: 2,
    startJobs(step) {
      if (matchable(step, parts)) new GltsRound(parts, step).run();
      else startDueJobs(step, space);
    },
    // A start adds a resident; a swap only changes who runs beside whom.
    changed: (operation, job) => (operation === 'start' ? residents.added(job) : residents.moved()),
    beginRound(ctx) {
      pace.advance(ctx);
      // Residence changes by starts (told one by one) and departures (below); paces every round.
      residents.moved();
    },
    departed(ctx, job) {
      residents.invalidate();
      groups.ended(job.id);
      const note = ctx.notes.get(job) as JobNote | undefined;
      if (note !== undefined && note.type !== SHORT) groups.eligibleLeft(job.id);
      // §5.2 gives the delay factor of medium and long jobs, the ones matchmaking may delay.
      if (note?.predicted !== undefined && note.type !== SHORT)
        groups.finished(ctx.now - job.submit, note.predicted * settings.rEstFactor);
      pace.forget(job);
    },
    endRound(ctx) {
      pace.settle(ctx);
      groups.report(ctx);
    },
    ranInGroup: (id) => groups.ranInGroup(id),
  };
}
