/**
 * Tools for property-testing a discipline in a few lines: fast-check arbitraries for machines
 * and job streams, the invariant checker every registered discipline is held to, and chaos
 * disciplines that try every operation, legal or not.
 */

export type { JobStreamOptions, MachineArbitraryOptions } from './testing/arbitraries.ts';
export { arbJobs, arbMachine, arbScenario } from './testing/arbitraries.ts';
export type { ChaosReport } from './testing/chaos.ts';
export { chaosDiscipline, chaosDisciplines } from './testing/chaos.ts';
export type { CheckedRun, ScheduledJob } from './testing/check-run.ts';
export { checkRun } from './testing/check-run.ts';
export { sharedNodeSlowdown } from './testing/contention.ts';
export type { InvariantOptions } from './testing/invariants.ts';
export { InvariantChecker } from './testing/invariants.ts';
