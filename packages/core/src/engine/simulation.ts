import type { Job } from '../job/job.ts';
import { parseOptions } from '../options/options.ts';
import { RandomStreams } from '../random/streams.ts';
import { Arrivals, type BufferedJobs } from './arrivals.ts';
import { noContention } from './contention.ts';
import { deciding, disciplineFailure } from './discipline-failure.ts';
import { EventKind, Priority } from './event-queue.ts';
import { Instant } from './instant.ts';
import { knowledgeSchema } from './knowledge.ts';
import type { RunStatus } from './observer.ts';
import { Operations } from './operations.ts';
import { platformOf, seatsFor } from './partitions.ts';
import { instantTolerance, rerate } from './physics.ts';
import { placementRulesSchema } from './placement.ts';
import { idealProfile } from './profile.ts';
import type { RunLimits, RunResult, SimulationOptions } from './run-options.ts';
import { Sampler } from './sampling.ts';
import type { SimJob } from './sim-job.ts';
import { explainStall } from './stall.ts';
import { parseStopRule, type StopRule } from './stop-rules.ts';
import { Context, open } from './view.ts';
import { newSeat, World } from './world.ts';

/**
 * Run a discipline (or one per partition) over a stream of jobs in non-decreasing submit order.
 * An asynchronous stream whose iterator has `takeBuffered()` (see {@link BufferedJobs}) is read
 * without a promise per job while it holds jobs already.
 */
export function simulate(
  jobs: Iterable<Job> | AsyncIterable<Job>,
  options: SimulationOptions,
): Promise<RunResult> {
  return new Simulation(jobs, options).run();
}

/**
 * Decision rounds in a row that only fired timers and changed nothing, with nothing running and
 * nothing more to arrive, before a run counts as stalled (`limits.idleRounds` overrides it).
 */
const IDLE_ROUNDS = 1_000_000;

/**
 * The discrete-event engine (`06`, `10` §2): applies every event of an instant, then gives each
 * discipline with triggers one decision round (at most one per decision interval), re-rates jobs
 * whose co-runners changed, and samples occupancy.
 */
class Simulation {
  readonly #w: World;
  readonly #contexts: Context[] = [];
  /** Each seat's discipline, by its registered name (a partition's seat is named after the partition). */
  readonly #names: string[] = [];
  readonly #ops: Operations[] = [];
  readonly #sampler: Sampler;
  readonly #stop: StopRule;
  /** Whether the stop rule can end the run (`all-left` never does: the loop ends it), so it is told of each job. */
  readonly #stopWatches: boolean;
  readonly #limits: RunLimits;
  readonly #yieldEvery: number;
  readonly #arrivals: Arrivals;
  /** Jobs that have arrived. */
  #arrivedJobs = 0;
  #ended = 0;
  #status: RunStatus | undefined;
  /** The events of the current instant. */
  readonly #instant: Instant;

  constructor(jobs: Iterable<Job> | AsyncIterable<Job>, o: SimulationOptions) {
    const seats = seatsFor(o).map((spec) => ({
      ...spec,
      options: parseOptions(
        `discipline '${spec.definition.name}'`,
        spec.definition.options,
        spec.options ?? {},
      ),
    }));
    // The run's own frozen copies: a discipline is handed the profile, and must not change it.
    const profile = Object.freeze({ ...platformOf(seats, o.profile ?? idealProfile) });
    const knowledge = Object.freeze(parseOptions('knowledge', knowledgeSchema, o.knowledge ?? {}));
    const placement = Object.freeze(parseOptions('placement rules', placementRulesSchema, o.placement ?? {}));
    this.#w = new World(
      o.machine,
      profile,
      knowledge,
      o.contention ?? noContention,
      placement,
      o.killAtEstimate ?? false,
      o.observers ?? [],
    );
    this.#limits = o.limits ?? {};
    this.#yieldEvery = o.yieldEvery ?? 0;
    this.#stop = parseStopRule(o.stop ?? 'all-left');
    this.#stopWatches = this.#stop.measured < Number.POSITIVE_INFINITY;
    const random = new RandomStreams(o.seed ?? 0);
    for (const spec of seats) {
      const { definition, options } = spec;
      const owned = spec.processors;
      let scheduler: ReturnType<typeof definition.create>;
      try {
        scheduler = definition.create(options, {
          machine: o.machine,
          random: random.fork(`discipline:${spec.name}`),
          profile,
          processors: Object.freeze(Array.from(owned)),
        });
      } catch (error) {
        throw disciplineFailure(error, definition.name, 0, 'being created');
      }
      this.#names.push(definition.name);
      const seat = newSeat(
        this.#w.seats.length,
        spec.name,
        definition.capabilities,
        scheduler,
        owned,
        o.machine,
      );
      for (const p of owned) this.#w.seatOf[p] = seat.index;
      this.#w.seats.push(seat);
      const ops = new Operations(this.#w, seat);
      this.#ops.push(ops);
      this.#contexts.push(new Context(this.#w, seat, ops));
    }
    this.#sampler = new Sampler(this.#w);
    this.#arrivals = new Arrivals(this.#w, jobs, o.route ?? 'size');
    this.#instant = new Instant(this.#w, this.#arrivals);
  }

  async run(): Promise<RunResult> {
    const w = this.#w;
    const { machine } = w;
    for (const o of w.observers) {
      o.begin?.({
        discipline: w.seats.map((s) => s.name).join('+'),
        processors: machine.processors,
        resourceNames: machine.resourceNames,
        resourceCapacities: [...machine.capacities],
        multiprogrammingLimit: w.ledger.multiprogrammingLimit,
        nodeOf: (p) => machine.nodeOf(p),
        cpuOf: (p) => machine.cpuOf(p),
        ownerOf: (p) => w.seats[w.seatOf[p]!]?.name,
        placement: w.rules,
      });
    }
    const maxTime = this.#limits.maxTime ?? Number.POSITIVE_INFINITY;
    const maxEvents = this.#limits.maxEvents ?? Number.POSITIVE_INFINITY;
    const maxQueued = this.#limits.maxQueued ?? Number.POSITIVE_INFINITY;
    const queue = w.queue;
    const idleLimit = this.#limits.idleRounds ?? IDLE_ROUNDS;
    let idleRounds = 0;
    const yieldEvery = this.#yieldEvery;
    let instants = 0;
    const arrivals = this.#arrivals;
    if (arrivals.isAsync) await arrivals.pullAsync();
    else arrivals.pullSync();

    const instant = this.#instant;
    while ((queue.size > 0 || arrivals.ahead >= 0) && this.#status === undefined) {
      const t = instant.next();
      // Every job has left: what timers remain cannot matter.
      if (arrivals.done && w.byId.size === 0) break;
      if (t === Number.POSITIVE_INFINITY) break;
      if (t > maxTime) {
        this.#status = 'time-limit';
        break;
      }
      // The instant: every event within the tolerance of the first.
      instant.begin(t);
      // An arrival from an asynchronous source stops the gathering until the next job is read.
      while (!instant.collect()) arrivals.accept(await arrivals.nextAsync());
      const onlyTimers = this.#applyInstant();
      const before = w.changes;
      this.#decide();
      rerate(w);
      this.#sampler.sample();
      if (instant.events >= maxEvents) this.#status ??= 'event-limit';
      if (maxQueued < Number.POSITIVE_INFINITY) {
        let queued = 0;
        for (const seat of w.seats) queued += seat.queue.live;
        if (queued > maxQueued) this.#status ??= 'saturated';
      }
      // A discipline that only re-arms timers, changing nothing, while nothing runs and nothing
      // more arrives, is taken to be stuck after so many rounds.
      idleRounds =
        onlyTimers && w.changes === before && arrivals.done && !this.#anyRunning() ? idleRounds + 1 : 0;
      if (idleRounds >= idleLimit) break;
      if (++instants === yieldEvery) {
        instants = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    const inSystem = this.#arrivedJobs - this.#ended;
    const status = this.#status ?? (inSystem > 0 || !arrivals.done ? 'stalled' : 'completed');
    for (const o of w.observers) o.end?.(w.now, status);
    const counters: Record<string, Record<string, number>> = {};
    for (const seat of w.seats)
      counters[seat.name] = Object.fromEntries([...seat.counters].sort(([a], [b]) => (a < b ? -1 : 1)));
    return {
      status,
      now: w.now,
      events: instant.events,
      submitted: this.#arrivedJobs,
      ended: this.#ended,
      inSystem,
      counters,
      ...(status === 'stalled' ? { stall: explainStall(w) } : {}),
    };
  }

  /** Apply the instant's events at its time; true if they were only timers and wake-ups. */
  #applyInstant(): boolean {
    const w = this.#w;
    const instant = this.#instant;
    w.now = instant.time;
    let onlyTimers = true;
    // Applying events gathers none: the columns and their length stay as they are.
    const { kind: kinds, subject: subjects, token: tokens, size } = instant;
    for (let i = 0; i < size; i++) {
      const kind = kinds[i]!;
      const subject = subjects[i]!;
      if (kind === EventKind.Arrival) {
        onlyTimers = false;
        this.#arrive(subject);
      } else if (kind === EventKind.Timer) {
        const timer = w.timers.take(subject, tokens[i]!);
        if (timer) w.seats[timer.seat]!.triggers.timer(timer.handle);
      } else if (kind === EventKind.Wake) {
        w.seats[subject]!.wakeQueued = false;
      } else {
        onlyTimers = false;
        this.#apply(kind, subject, tokens[i]!);
      }
    }
    return onlyTimers;
  }

  /** One decision round for each discipline woken at this instant, within its decision interval. */
  #decide(): void {
    const w = this.#w;
    const interval = w.profile.decisionInterval;
    for (let i = 0; i < w.seats.length; i++) {
      const seat = w.seats[i]!;
      if (seat.triggers.size === 0) continue;
      if (interval > 0 && w.now < seat.lastDecision + interval - instantTolerance(w.now)) {
        // Too soon: hold the triggers for a round at the end of the interval.
        if (!seat.wakeQueued) {
          seat.wakeQueued = true;
          w.queue.push(seat.lastDecision + interval, Priority.Timer, EventKind.Wake, i, 0);
        }
        continue;
      }
      seat.lastDecision = w.now;
      seat.rounds++;
      const context = this.#contexts[i]!;
      // The round's triggers become the shown ones; the last round's log collects the next round's.
      const triggers = seat.triggers;
      seat.triggers = seat.shown;
      seat.triggers.clear();
      seat.shown = triggers;
      open(context, triggers);
      try {
        seat.scheduler.schedule(context);
      } catch (error) {
        throw disciplineFailure(error, this.#names[i]!, w.now, deciding(triggers.triggers()));
      }
      seat.queue.tidy();
    }
  }

  #anyRunning(): boolean {
    for (const seat of this.#w.seats) if (seat.running.size > 0) return true;
    for (const job of this.#w.table) if (job?.pendingOp) return true;
    return false;
  }

  // ── events ──────────────────────────────────────────────────────────────────────────────

  #apply(kind: number, entry: number, token: number): void {
    const job = this.#w.table[entry];
    if (!job || job.token !== token) return; // stale: superseded by a later operation
    if (kind === EventKind.OverheadEnd) this.#endOverhead(job);
    else this.#leave(job, kind === EventKind.Kill ? 'killed' : 'finished');
  }

  #arrive(entry: number): void {
    const w = this.#w;
    const job = w.table[entry]!;
    const seat = w.seats[job.owner]!;
    job.arrived = true;
    this.#arrivedJobs++;
    seat.queue.arrive(job);
    if (w.onSubmitted.length) for (const f of w.onSubmitted) f(job.record, w.now, seat.name);
    seat.triggers.arrival(job.view);
    if (!this.#stopWatches) return;
    const status = this.#stop.arrived(job.arrival);
    if (status) this.#status ??= status;
  }

  #endOverhead(job: SimJob): void {
    this.#ops[job.owner]!.endOverhead(job);
  }

  #leave(job: SimJob, ending: 'finished' | 'killed'): void {
    this.#ops[job.owner]!.leave(job, ending);
    this.#ended++;
    if (!this.#stopWatches) return;
    const status = this.#stop.left(job.arrival);
    if (status) this.#status ??= status;
  }
}
