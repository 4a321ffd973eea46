import type { Machine } from '@js/machine';
import type { DisciplineDefinition } from '../discipline/define.ts';
import type { ContentionModel } from './contention.ts';
import type { Knowledge } from './knowledge.ts';
import type { RunObserver, RunStatus } from './observer.ts';
import type { PartitionSpec, Route } from './partitions.ts';
import type { PlacementRules } from './placement.ts';
import type { PlatformProfile } from './profile.ts';
import type { StallReport } from './stall.ts';

/** Bounds that end a run early, and the saturation rule of an open-arrival experiment. */
export interface RunLimits {
  /** Stop before any event later than this simulated time. */
  readonly maxTime?: number;
  /** Stop after this many events (see {@link RunResult.events}). */
  readonly maxEvents?: number;
  /** Saturation rule: more waiting jobs than this ends the run with status `saturated`. */
  readonly maxQueued?: number;
  /**
   * Rounds in a row that only fire timers and change nothing, with nothing running and nothing
   * more to arrive, before the run ends as `stalled` (default 1 000 000).
   */
  readonly idleRounds?: number;
}

/** What `simulate` needs: the machine, the discipline(s), the platform, knowledge and rules, and the hooks. */
export interface SimulationOptions {
  readonly machine: Machine;
  /** The discipline of an unpartitioned run. */
  readonly discipline?: DisciplineDefinition;
  /** The discipline's options, validated against its schema (defaults fill the rest). */
  readonly options?: unknown;
  /** Disjoint processor sets, each with its own discipline (instead of `discipline`). */
  readonly partitions?: readonly PartitionSpec[];
  /** How arrivals find their partition. Default 'size'. */
  readonly route?: Route;
  readonly profile?: PlatformProfile;
  readonly knowledge?: Partial<Knowledge>;
  readonly contention?: ContentionModel;
  readonly placement?: Partial<PlacementRules>;
  /** `all-left` (default), `tagged-left:N`, `saturation:M,K`. */
  readonly stop?: string;
  readonly seed?: number | string;
  readonly limits?: RunLimits;
  /** Kill a job when its run time reaches its user estimate (batch systems do). Default false. */
  readonly killAtEstimate?: boolean;
  readonly observers?: readonly RunObserver[];
  /**
   * Give the event loop a turn every this many instants, so a long run over in-memory jobs lets
   * the process handle signals (an app's Ctrl-C) while it runs. Absent: never (the run only
   * waits where an asynchronous job source does).
   */
  readonly yieldEvery?: number;
}

/** How a run ended: why, when, how many jobs came and went, and the disciplines' counters. */
export interface RunResult {
  readonly status: RunStatus;
  /** Simulated time at the end. */
  readonly now: number;
  /**
   * Events taken: arrivals, completions, ends of overheads, timers (a cancelled one included).
   * A job's event that an operation superseded was taken out of the queue and is not counted.
   */
  readonly events: number;
  readonly submitted: number;
  readonly ended: number;
  /** Jobs still in the system (waiting, running, preempted) at the end. */
  readonly inSystem: number;
  /** Each discipline's own counters, by discipline (or partition) name. */
  readonly counters: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Present when the run stalled: who waits, and why nothing could start. */
  readonly stall?: StallReport;
}
