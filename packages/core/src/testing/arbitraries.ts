import type { MachineSpec } from '@js/machine';
import fc from 'fast-check';
import type { Job } from '../job/job.ts';

/** A plain machine description (prints readably in a shrunk counter-example). */
export interface MachineArbitraryOptions {
  readonly maxProcessors?: number;
  /** Most named resources besides processors (K − 1). */
  readonly maxResources?: number;
  /** Nodes of 1–2 CPUs of 1–2 cores instead of single-core nodes. */
  readonly topology?: boolean;
  /** Give the machine a multiprogramming limit of 1–4 (else unlimited). */
  readonly multiprogramming?: boolean;
}

/** Machines of up to `maxProcessors` processors and `maxResources` named resources, flat or as nodes of CPUs and cores. */
export function arbMachine(options: MachineArbitraryOptions = {}): fc.Arbitrary<MachineSpec> {
  const maxP = options.maxProcessors ?? 32;
  const maxR = options.maxResources ?? 2;
  const resources = fc
    .array(fc.integer({ min: 1, max: 64 }), { maxLength: maxR })
    .map((caps) => caps.map((capacity, i) => ({ name: `r${i + 1}`, capacity })));
  const limit: { multiprogrammingLimit?: fc.Arbitrary<number> } = options.multiprogramming
    ? { multiprogrammingLimit: fc.integer({ min: 1, max: 4 }) }
    : {};
  if (!options.topology) return fc.record({ nodes: fc.integer({ min: 1, max: maxP }), resources, ...limit });
  return fc.record({
    nodes: fc.integer({ min: 1, max: Math.max(1, Math.floor(maxP / 4)) }),
    cpusPerNode: fc.integer({ min: 1, max: 2 }),
    coresPerCpu: fc.integer({ min: 1, max: 2 }),
    resources,
    ...limit,
  });
}

export interface JobStreamOptions {
  readonly maxJobs?: number;
  /**
   * 'exact': estimate = runtime; 'over': estimate ≥ runtime (the usual trace case); 'any': may be
   * under; 'unknown-some': as 'over', but about a third of the jobs have no estimate (Infinity, as
   * SWF field 9 = -1 or a model without user estimates); 'unknown-all': no job has one.
   */
  readonly estimates?: 'exact' | 'over' | 'any' | 'unknown-some' | 'unknown-all';
  /** Give some jobs a processor range [min, max] (malleable / moldable). */
  readonly malleable?: boolean;
  /** Largest runtime in seconds. */
  readonly maxRuntime?: number;
}

/**
 * Job streams that fit `machine`: integer times so that same-instant arrivals and departures
 * and queue ties are common, sizes up to the machine, demands up to each capacity.
 */
export function arbJobs(machine: MachineSpec, options: JobStreamOptions = {}): fc.Arbitrary<Job[]> {
  const P = machine.nodes * (machine.cpusPerNode ?? 1) * (machine.coresPerCpu ?? 1);
  const resources = machine.resources ?? [];
  const estimates = options.estimates ?? 'over';
  const maxRuntime = options.maxRuntime ?? 50;
  const one = fc.record({
    gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 })),
    size: fc.integer({ min: 1, max: P }),
    spread: options.malleable ? fc.integer({ min: 0, max: P }) : fc.constant(0),
    runtime: fc.integer({ min: 1, max: maxRuntime }),
    slack:
      estimates === 'exact'
        ? fc.constant(0)
        : fc.integer({ min: estimates === 'any' ? -maxRuntime : 0, max: maxRuntime }),
    unknown:
      estimates === 'unknown-all'
        ? fc.constant(true)
        : estimates === 'unknown-some'
          ? fc.integer({ min: 0, max: 2 }).map((k) => k === 0)
          : fc.constant(false),
    demand: fc.tuple(...resources.map((r) => fc.integer({ min: 0, max: Math.floor(r.capacity) }))),
  });
  return fc.array(one, { minLength: 1, maxLength: options.maxJobs ?? 30 }).map((rows) => {
    let t = 0;
    return rows.map((row, i): Job => {
      t += row.gap;
      const minSize = Math.max(1, row.size - row.spread);
      const maxSize = Math.min(P, row.size + row.spread);
      return {
        id: i + 1,
        submit: t,
        size: row.size,
        ...(row.spread ? { minSize, maxSize } : {}),
        runtime: row.runtime,
        estimate: row.unknown ? Number.POSITIVE_INFINITY : Math.max(1, row.runtime + row.slack),
        ...(resources.length
          ? { resources: Object.fromEntries(resources.map((r, k) => [r.name, row.demand[k] as number])) }
          : {}),
      };
    });
  });
}

/** A machine and a job stream that fits it. */
export function arbScenario(
  machine: MachineArbitraryOptions = {},
  jobs: JobStreamOptions = {},
): fc.Arbitrary<{ machine: MachineSpec; jobs: Job[] }> {
  return arbMachine(machine).chain((m) => arbJobs(m, jobs).map((js) => ({ machine: m, jobs: js })));
}
