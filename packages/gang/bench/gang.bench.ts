import { defineBench } from '../../../tooling/bench.ts';
import {
  allocate,
  canExtendJob,
  eliminateSlots,
  extendJob,
  type JobId,
  SchedulingMatrix,
} from '../src/index.ts';

const PROCESSORS = 1024;
const SLOTS = 32;
const ROUNDS = 2000;

/** A small deterministic generator (mulberry32), so every timed run does the same work. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Job sizes uniform in log space over 1..N, as in the paper's workload (Downey 1997). */
const logUniformSize = (random: () => number) =>
  Math.max(1, Math.round(2 ** (random() * Math.log2(PROCESSORS))));

interface Loaded {
  readonly matrix: SchedulingMatrix;
  readonly live: JobId[];
  next: number;
}

/** A 1024-processor matrix filled by allocation until it has 32 slots. */
function loaded(seed: number): Loaded {
  const random = rng(seed);
  const matrix = new SchedulingMatrix(PROCESSORS);
  const live: JobId[] = [];
  let next = 0;
  while (matrix.slots < SLOTS) {
    allocate(matrix, { id: next, size: logUniformSize(random) });
    live.push(next++);
  }
  return { matrix, live, next };
}

let base: Loaded;

interface ChurnSteps {
  /** Run after each departure (slot elimination). */
  readonly afterDeparture?: (m: SchedulingMatrix) => void;
  /** Which tree picks the block (the paper's BRMMS allocates by WLTS). */
  readonly allocateBy?: 'WLTM' | 'WLTS';
  /** Run after each allocation (extending a job into an extra slot). */
  readonly afterAllocation?: (m: SchedulingMatrix, live: readonly JobId[], random: () => number) => void;
}

/** One departure of a random job then one allocation, ROUNDS times, on a copy of the loaded matrix. */
function churn(seed: number, steps: ChurnSteps = {}): { items: number } {
  const random = rng(seed);
  const matrix = base.matrix.clone();
  const live = [...base.live];
  let next = base.next;
  for (let i = 0; i < ROUNDS; i++) {
    const k = Math.floor(random() * live.length);
    matrix.depart(live[k]!);
    live[k] = live[live.length - 1]!;
    live.pop();
    steps.afterDeparture?.(matrix);
    allocate(
      matrix,
      { id: next, size: logUniformSize(random) },
      steps.allocateBy ? { by: steps.allocateBy } : undefined,
    );
    live.push(next++);
    steps.afterAllocation?.(matrix, live, random);
  }
  return { items: ROUNDS };
}

export default defineBench('gang', [
  {
    name: `allocate+depart, ${PROCESSORS} procs × ${SLOTS} slots`,
    setup: () => {
      base = loaded(1);
    },
    run: () => churn(42),
    iterations: 20,
  },
  {
    name: `allocate+depart+eliminate (BR), ${PROCESSORS} procs × ${SLOTS} slots`,
    setup: () => {
      base = loaded(1);
    },
    run: () => churn(42, { afterDeparture: (m) => eliminateSlots(m, { by: 'WLTM' }) }),
    iterations: 20,
  },
  {
    name: `allocate by WLTS+depart+extend+eliminate (BRMMS), ${PROCESSORS} procs × ${SLOTS} slots`,
    setup: () => {
      base = loaded(1);
    },
    run: () =>
      churn(7, {
        afterDeparture: (m) => eliminateSlots(m, { by: 'WLTS' }),
        allocateBy: 'WLTS',
        afterAllocation: (m, live, random) => {
          const candidate = live[Math.floor(random() * live.length)]!;
          if (canExtendJob(m, candidate)) extendJob(m, candidate);
        },
      }),
    iterations: 20,
  },
]);
