import fc from 'fast-check';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { WorkloadTreeChoice } from '../workload-tree/workload-tree.ts';
import type { GangOperation, GangScenario } from './operations.ts';
import { buildMatrix } from './scenario.ts';

/** Bounds on the machines and operation histories the gang arbitraries generate. */
export interface GangArbitraryOptions {
  /** Largest machine, as log₂ of the processor count. Default 4 (16 processors). */
  readonly maxLog2?: number;
  /** A fixed processor count (a power of two) instead of a random one. */
  readonly processors?: number;
  /** Longest operation list. Default 40. */
  readonly maxOperations?: number;
}

/** Processor counts 1, 2, 4, … 2^maxLog2. */
export const processorCountArb = (maxLog2 = 4): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: maxLog2 }).map((k) => 2 ** k);

const pick = fc.nat({ max: 1000 });
const tree: fc.Arbitrary<WorkloadTreeChoice> = fc.constantFrom('WLTM', 'WLTS');
// Small jobs are the common case (sizes are uniform in log space in the paper's workload).
const size = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 3 }) },
  { weight: 1, arbitrary: fc.nat({ max: 1023 }) },
);

/**
 * One random operation. Allocation and departure dominate, as in a real history; the rest
 * exercise multiple slots, re-packing, both properties and elimination, legal or not.
 */
export const gangOperationArb = (): fc.Arbitrary<GangOperation> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('allocate' as const), size, by: tree }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('depart' as const), job: pick }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('place' as const), slot: pick, start: pick, width: size }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('extend' as const), job: pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('extendInto' as const), job: pick, slot: pick }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('relinquish' as const), job: pick, slot: pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('relinquishExtras' as const), job: pick }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('legalShift' as const), job: pick, from: pick, to: pick }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('repack' as const),
        shifts: fc.array(fc.record({ job: pick, from: pick, to: pick }), { maxLength: 3 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('swap' as const), a: pick, b: pick, from: pick, to: pick }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('groupFragments' as const), pair: pick }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('groupRaw' as const),
        left: pick,
        right: pick,
        start: pick,
        mid: pick,
        end: pick,
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('gather' as const), from: pick, to: pick }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('eliminate' as const), by: tree }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('eliminateAll' as const), by: tree }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'addSlot' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteSlot' as const), slot: pick }) },
  );

/** A machine and a random history on it. */
export const gangScenarioArb = (options: GangArbitraryOptions = {}): fc.Arbitrary<GangScenario> =>
  fc.record({
    processors:
      options.processors === undefined
        ? processorCountArb(options.maxLog2 ?? 4)
        : fc.constant(options.processors),
    // size 'max': long histories are the point — holes, extra slots and re-packing need time to build up.
    operations: fc.array(gangOperationArb(), { maxLength: options.maxOperations ?? 40, size: 'max' }),
  });

/**
 * Matrices reached by random histories — jobs in one or several slots, buddy-placed and
 * not, slots with and without idle cells. fast-check gets a fresh copy for every use
 * (tests may mutate it), and prints it as its rendering.
 */
export const matrixArb = (options: GangArbitraryOptions = {}): fc.Arbitrary<SchedulingMatrix> =>
  gangScenarioArb(options).map((scenario) => withCloning(buildMatrix(scenario)));

function withCloning(matrix: SchedulingMatrix): SchedulingMatrix {
  return Object.defineProperty(matrix, fc.cloneMethod, { value: () => withCloning(matrix.clone()) });
}
