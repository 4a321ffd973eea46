/**
 * The one benchmark harness. A `*.bench.ts` file default-exports a suite made with
 * {@link defineBench}; each scenario's `run` does one complete unit of work (replay a trace,
 * generate N jobs…) and returns how many jobs / events / items it handled, so the runner can
 * report rates in the field's units instead of bare operations per second.
 */
export interface WorkCounts {
  readonly jobs?: number;
  readonly events?: number;
  readonly items?: number;
}

export interface BenchScenario {
  readonly name: string;
  /** Prepare inputs outside the timed region (read a trace into memory…). */
  readonly setup?: () => void | Promise<void>;
  readonly run: () => WorkCounts | Promise<WorkCounts>;
  /** Timed repetitions wanted; large scenarios want few. Default 5. */
  readonly iterations?: number;
}

export interface BenchSuite {
  readonly name: string;
  readonly scenarios: readonly BenchScenario[];
}

export const defineBench = (name: string, scenarios: readonly BenchScenario[]): BenchSuite => ({
  name,
  scenarios,
});
