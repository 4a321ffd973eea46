import * as z from 'zod';

/**
 * The cleaning rules applied to a trace before replay, each an explicit option. Defaults are what
 * a careful replay study wants: keep the jobs exactly as logged where they are usable, drop the
 * ones that cannot be simulated faithfully, and make estimates honest upper bounds.
 *
 * Rules run in this order, each on the job the previous one produced.
 */
export const cleaningRulesSchema = z.strictObject({
  /**
   * Run time ≤ 0 (field 4; -1 = unknown, 0 = failed at once). `drop` (default): such a job did no
   * work the scheduler could have placed, and inventing a duration biases the workload.
   * `keep-as-1s` keeps it as a 1-second job (what the pyss simulator does; use it to compare).
   */
  nonPositiveRuntime: z.enum(['drop', 'keep-as-1s']).default('drop'),
  /** Size ≤ 0 (field 8, or field 5 when 8 is unknown): nothing to schedule, so the job is dropped. */
  nonPositiveSize: z.enum(['drop']).default('drop'),
  /**
   * Size above the machine's processors. `drop` (default): the job could never have run as
   * logged, and a rigid job that never fits would block an FCFS queue forever. `clip` narrows it
   * to the machine, keeping its runtime (so it does less work).
   */
  widerThanMachine: z.enum(['drop', 'clip']).default('drop'),
  /**
   * No requested time (field 9 unknown). `runtime` (default): the estimate is the actual run
   * time, the usual convention, so estimate-based disciplines (backfilling) still work; it makes
   * those jobs perfectly predictable, which the report's count lets a reader weigh. `infinity`
   * keeps it unknown (such jobs can never be backfilled and hold back reservations).
   */
  unknownEstimate: z.enum(['runtime', 'infinity']).default('runtime'),
  /**
   * Run time above the requested time (the job overran its limit). `clip-runtime` (default):
   * real schedulers kill a job at its limit, so the excess is grace time or accounting noise, and
   * backfilling's guarantees assume the estimate is an upper bound. `keep` leaves both (the engine
   * then sees a job outlive its estimate). `raise-estimate` sets the estimate to the run time.
   */
  runtimeAboveRequest: z.enum(['clip-runtime', 'keep', 'raise-estimate']).default('clip-runtime'),
});

/** The cleaning rules with every action decided (defaults filled in). */
export type CleaningRules = z.infer<typeof cleaningRulesSchema>;
/** Cleaning rules as a user writes them (`--clean rule=action`, a spec's `cleaning`): any rule left out keeps its default. */
export type CleaningRulesInput = z.input<typeof cleaningRulesSchema>;
/** The name of one cleaning rule (`nonPositiveRuntime`, `widerThanMachine`…), as counts and reports key them. */
export type CleaningRuleName = keyof CleaningRules;

/** The rules in the order they are applied. */
export const cleaningRuleOrder: readonly CleaningRuleName[] = [
  'nonPositiveRuntime',
  'nonPositiveSize',
  'widerThanMachine',
  'unknownEstimate',
  'runtimeAboveRequest',
];
