/**
 * Tools for property-testing a discipline in a few lines: fast-check arbitraries for machines
 * and job streams, and the invariant checker every registered discipline is held to.
 */

export type { JobStreamOptions, MachineArbitraryOptions } from './testing/arbitraries.ts';
export { arbJobs, arbMachine, arbScenario } from './testing/arbitraries.ts';
export type { CheckedRun, InvariantOptions, ScheduledJob } from './testing/invariants.ts';
export { checkRun, InvariantChecker } from './testing/invariants.ts';
