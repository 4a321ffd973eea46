import type { JobView } from '@js/core';
import { coschedulingSlowdown } from '../contention/pair.ts';
import {
  asMember,
  type Decision,
  decideBackfill,
  decideFirstJob,
  type Group,
  groupWithinSlack,
  type MatchContext,
  type MatchJob,
  type MatchmakingOptions,
  offersAllCores,
  partialCoresPpn,
  type Situation,
  type SlackPrediction,
  selfSlowdown,
  spaceSharingPpn,
} from '../matchmaking/index.ts';
import type { PlacementPolicy, SliceStep } from '../scojo-pect/policy.ts';
import type { SspPlan } from '../ssp/ssp-policy.ts';
import { admits, aloneShape } from './alone.ts';
import type { GroupBook } from './groups.ts';
import type { NodeLayout } from './layout.ts';
import type { PaceBook } from './pace.ts';
import { memberEnds, type PlacementInput, placeGroup } from './placement.ts';
import { type Change, type Entry, replan } from './replan.ts';
import { type ResidentIndex, typeOf } from './residents.ts';

/** What a G-LOMARC-TS round works with, besides the frame's step. */
export interface GltsParts {
  readonly options: MatchmakingOptions;
  /** §5.1: R_est is the simulated response time × 0.75; predictions in the fairness test are adjusted alike. */
  readonly rEstFactor: number;
  readonly layout: NodeLayout;
  readonly pace: PaceBook;
  readonly residents: ResidentIndex;
  readonly groups: GroupBook;
  /** Space sharing by formula 8: the plan every waiting job is reserved with, and its placement. */
  readonly space: PlacementPolicy<SspPlan>;
  /** Sees each group as it starts, with the predictions its fairness test weighed (for tests). */
  readonly observe?: (decision: GroupDecision) => void;
}

/** A job's predicted response (real seconds) without and with a group, and its R_est. */
export interface Prediction extends SlackPrediction {
  readonly id: number;
}

/** A group G-LOMARC-TS started: the time, its primary job, and the type's waiting jobs' and running members' predictions against R_est. */
export interface GroupDecision {
  readonly time: number;
  readonly primary: number;
  readonly predictions: readonly Prediction[];
}

const EPS = 1e-6;

/**
 * One slice step of G-LOMARC-TS in a type's virtual machine (§4.4, §4.7): the first waiting job
 * (FCFS) is decided by Cases 1–5 and the serial-burst rule until it cannot start, then every other
 * waiting job is tried for backfilling by Cases 1, 4 and 5. Every decision is validated against
 * the type's conservative plan before anything starts:
 * - a job alone (Cases 4, 5) starts only where it fits now with its own reservation lifted, so it
 *   delays no reservation (conservative backfilling); a job whose reservation is due always starts
 *   with its planned shape;
 * - a group starts only if, with it in place and the plan redone, no job whose predicted response
 *   it lengthens is predicted past R_max = F_slack · R_est (formula 4, §4.5 step 6); the redone
 *   plan is then kept.
 */
export class GltsRound {
  readonly #views = new Map<number, JobView>();
  readonly #started = new Set<number>();
  readonly #matchJobs = new Map<number, MatchJob>();
  readonly #summary: { readonly coresPerNode: number; readonly cpusPerNode: number };

  constructor(
    readonly parts: GltsParts,
    readonly step: SliceStep,
  ) {
    for (const { job } of step.queue) this.#views.set(job.id, job);
    this.#summary = { coresPerNode: parts.layout.perNode, cpusPerNode: parts.layout.cpus };
  }

  run(): void {
    let failed: number | undefined;
    for (;;) {
      const entries = this.#entries();
      if (entries.length === 0) return;
      const head = entries.reduce((a, b) => (b.job.arrival < a.job.arrival ? b : a));
      const free = this.#free();
      const decision = decideFirstJob(
        this.#situation(head, entries, this.#running(), free),
        this.parts.options,
      );
      if (!this.#execute(decision, head, free)) {
        failed = head.job.id;
        break;
      }
    }
    for (const e of this.#entries()) {
      if (e.job.id === failed || this.#started.has(e.job.id)) continue;
      const free = this.#free();
      if (free.length === 0) break;
      if (Math.min(this.#fewestNodes(e.job), (e.note.plan as SspPlan).nodes) > free.length) continue;
      const decision = decideBackfill(this.#situation(e, this.#entries(), [], free), this.parts.options);
      this.#execute(decision, e, free);
    }
  }

  /**
   * The fewest free nodes any backfilling case could start the job on (Case 1 at its group PPN,
   * Case 4, Case 5): a job needing more (and more than its planned shape, which a due reservation
   * gets) cannot be backfilled now, whatever the search finds.
   */
  #fewestNodes(job: JobView): number {
    const { options } = this.parts;
    const m = this.#waiting(job);
    const machine = { ...this.#summary, freeNodes: 0 };
    const ppn = Math.max(
      asMember(m, machine, options).ppn,
      partialCoresPpn(m, machine, options),
      offersAllCores(m, machine, options) ? machine.coresPerNode : spaceSharingPpn(m, machine, options),
    );
    return Math.ceil(job.size / Math.max(1, Math.min(ppn, job.size)));
  }

  #entries(): Entry[] {
    return this.step.queue.filter((e) => e.job.state === 'pending' && !this.#started.has(e.job.id));
  }

  #free(): number[] {
    return this.parts.layout.freeNodes(this.step.usable);
  }

  #rEst(job: JobView): number | undefined {
    const predicted = (this.step.ctx.notes.get(job) as { predicted?: number } | undefined)?.predicted;
    return predicted === undefined ? undefined : predicted * this.parts.rEstFactor;
  }

  /**
   * A job's response predicted from the type's plan, adjusted as R_est is (§5.1: "we applied an
   * adjustment by a factor of 0.75 to reflect that the estimates do not consider the benefits from
   * non-type slice backfilling and coscheduling"): the plan now is the same simulation as the one
   * at submission and misses the same benefits, so a job running as planned at submission is
   * predicted at R_est, not R_est / 0.75, and formula 4 bounds the change a group makes, "limiting
   * the response-time changes to R_max" (§4.1).
   */
  #response(job: JobView, seconds: number): number {
    return (this.step.timing.project(this.step.type, seconds) - job.submit) * this.parts.rEstFactor;
  }

  #waiting(job: JobView): MatchJob {
    const known = this.#matchJobs.get(job.id);
    if (known !== undefined) return known;
    const t = job.traits;
    const m: MatchJob = {
      id: job.id,
      size: job.size,
      state: 'waiting',
      remaining: job.estimate,
      submit: job.submit,
      slScr: t?.slScr ?? 1,
      slSno: t?.slSno ?? 1,
    };
    this.#matchJobs.set(job.id, m);
    return m;
  }

  /** Running jobs of the type that could share their nodes: ungrouped, alone on every node. */
  #running(): MatchJob[] {
    const { ctx, type } = this.step;
    const { layout, pace, groups } = this.parts;
    const out: MatchJob[] = [];
    for (const job of ctx.jobs.running) {
      if (job.inOverhead || typeOf(ctx, job) !== type || groups.grouped(job.id)) continue;
      if (!Number.isFinite(job.estimate)) continue;
      const perNode = new Map<number, number>();
      for (const p of job.processors) perNode.set(layout.nodeOf(p), (perNode.get(layout.nodeOf(p)) ?? 0) + 1);
      let alone = true;
      for (const node of perNode.keys()) {
        const on = layout.runningOn(ctx.machine, node);
        if (on.size !== 1) alone = false;
      }
      if (!alone) continue;
      this.#views.set(job.id, job);
      const rEst = this.#rEst(job);
      const predicted = this.#response(job, pace.wallRemaining(ctx, job));
      const t = job.traits;
      out.push({
        id: job.id,
        size: job.size,
        state: 'running',
        ppn: Math.max(...perNode.values()),
        remaining: pace.baseRemaining(job),
        submit: job.submit,
        delay: rEst ? predicted / rEst : Number.POSITIVE_INFINITY,
        slScr: t?.slScr ?? 1,
        slSno: t?.slSno ?? 1,
      });
    }
    return out;
  }

  #context(free: readonly number[]): MatchContext {
    return {
      machine: { ...this.#summary, freeNodes: free.length },
      // SL_{of,partner} as the run reveals the two jobs' traits (§4.6: per pair).
      cosSlowdown: (of, partner) =>
        coschedulingSlowdown(this.#views.get(of.id)?.traits, this.#views.get(partner.id)?.traits),
      searched: (candidates) => this.parts.groups.searched(candidates),
    };
  }

  #situation(e: Entry, entries: readonly Entry[], running: MatchJob[], free: readonly number[]): Situation {
    return {
      job: this.#waiting(e.job),
      waiting: entries.filter((x) => x !== e).map((x) => this.#waiting(x.job)),
      running,
      context: this.#context(free),
      fair: (group) => this.#fair(group, free),
      startsAlone: (alone) => {
        const shape = this.#aloneShape(e, alone.ppn, alone.nodes, free);
        return shape !== undefined && admits(this.step.profile, this.step.clock, e, shape);
      },
    };
  }

  #input(free: readonly number[]): PlacementInput {
    return {
      layout: this.parts.layout,
      machine: this.step.ctx.machine,
      usable: this.step.usable,
      freeNodes: free,
      processorsOf: (id) => this.#views.get(id)!.processors,
    };
  }

  /** The group's nodes and member ends, as a change to the plan; undefined if it cannot be placed. */
  #change(group: Group, free: readonly number[]) {
    const placement = placeGroup(group, this.#input(free));
    if (placement === undefined) return undefined;
    const { ctx, type } = this.step;
    const ends = memberEnds(group, this.#context(free));
    const nodes = [...placement.nodes].map(([node, ids]) => ({
      release: Math.max(...ids.map((id) => ends.get(id)!)),
      held: this.parts.residents.holdEnd(ctx, node, type),
    }));
    const change: Change = { starting: new Set(placement.starts.map((s) => s.id)), nodes };
    return { placement, ends, change };
  }

  /**
   * Every job's predicted response before and after the group (§4.5 step 6): waiting jobs by the
   * redone plan, members by the group's timeline, in real seconds (the type's virtual time read
   * through the slices to come), adjusted by R_est's factor (see {@link #response}).
   */
  #predict(group: Group, free: readonly number[]): Prediction[] | undefined {
    const found = this.#change(group, free);
    if (found === undefined) return undefined;
    const { ends, change } = found;
    const { profile, clock, ctx } = this.step;
    const entries = this.#entries();
    const planned = replan(profile, clock, this.parts.layout.perNode, entries, change, false);
    const out: Prediction[] = [];
    const add = (job: JobView, before: number, after: number) => {
      const rEst = this.#rEst(job);
      if (rEst === undefined) return;
      out.push({ id: job.id, before: this.#response(job, before), after: this.#response(job, after), rEst });
    };
    for (const e of entries) {
      const before = e.note.at! - clock + e.note.plan.runtime;
      const after = change.starting.has(e.job.id)
        ? ends.get(e.job.id)!
        : planned.get(e.job.id)! - clock + e.note.plan.runtime;
      add(e.job, before, after);
    }
    for (const m of [group.primary, ...group.matched]) {
      if (m.job.state !== 'running') continue;
      const job = this.#views.get(m.job.id)!;
      add(job, this.parts.pace.wallRemaining(ctx, job), ends.get(m.job.id)!);
    }
    return out;
  }

  /** §4.5 step 6 with formula 4: no job the group delays is predicted past F_slack · R_est. */
  #fair(group: Group, free: readonly number[]): boolean {
    const predictions = this.#predict(group, free);
    if (predictions === undefined) return false;
    const { fSlack, slackTest } = this.parts.options;
    const passed = groupWithinSlack(predictions, fSlack, slackTest);
    this.parts.groups.tested(passed);
    return passed;
  }

  #execute(decision: Decision, e: Entry, free: readonly number[]): boolean {
    switch (decision.kind) {
      case 'space':
        return this.#alone(e, decision.ppn, decision.nodes, free) || this.#due(e);
      case 'group':
        return this.#group(decision.group, free) || this.#due(e);
      case 'serial-burst': {
        let any = false;
        for (const g of decision.groups) {
          if (this.#group(g, this.#free())) any = true;
          else if (!any) break;
        }
        return any || this.#due(e);
      }
      default:
        return this.#due(e);
    }
  }

  #start(job: JobView, processors: readonly number[]): boolean {
    if (!this.step.start(job, processors)) return false;
    this.#started.add(job.id);
    return true;
  }

  /** A job whose reservation is due starts with its planned shape (conservative backfilling's promise). */
  #due(e: Entry): boolean {
    if (!(e.note.at !== undefined && e.note.at <= this.step.clock + EPS)) return false;
    const processors = this.parts.space.choose(e.job, e.note.plan as SspPlan, this.step.usable);
    if (processors === undefined || !this.#start(e.job, processors)) return false;
    e.note.at = undefined;
    return true;
  }

  /** Cases 4 and 5's shape now, on the first free nodes. */
  #aloneShape(e: Entry, ppn: number, nodes: number, free: readonly number[]) {
    const slowdown = selfSlowdown(this.#waiting(e.job), ppn, this.#context(free).machine);
    return aloneShape(this.parts.layout, this.step.usable, e, { ppn, nodes, slowdown }, free);
  }

  /** Cases 4 and 5: alone on whole nodes, if that delays no reservation. */
  #alone(e: Entry, ppn: number, nodes: number, free: readonly number[]): boolean {
    const shape = this.#aloneShape(e, ppn, nodes, free);
    if (shape === undefined) return false;
    const { profile, clock } = this.step;
    return admits(profile, clock, e, shape, () => this.#start(e.job, shape.processors));
  }

  /** A group (Cases 1–3, a serial pair): placed, the plan redone and kept, the members started. */
  #group(group: Group, free: readonly number[]): boolean {
    const found = this.#change(group, free);
    if (found === undefined) return false;
    const { placement, change } = found;
    if (this.parts.observe) {
      const predictions = this.#predict(group, free) ?? [];
      const { ctx } = this.step;
      this.parts.observe({ time: ctx.now, primary: group.primary.job.id, predictions });
    }
    replan(this.step.profile, this.step.clock, this.parts.layout.perNode, this.#entries(), change, true);
    const members: number[] = [];
    for (const { id, processors } of placement.starts) {
      if (this.#start(this.#views.get(id)!, processors)) members.push(id);
    }
    for (const m of [group.primary, ...group.matched]) if (m.job.state === 'running') members.push(m.job.id);
    const primary = group.primary.job.id;
    const matched = members.filter((id) => id !== primary);
    if (members.includes(primary) && matched.length > 0) this.parts.groups.form(primary, matched);
    return members.includes(primary) || matched.length > 0;
  }
}
