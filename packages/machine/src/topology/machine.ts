import { ConfigError } from '@js/errors';

/** A named, allocatable resource besides processors (memory, disk, licences, I/O channels…). */
export interface ResourceSpec {
  readonly name: string;
  readonly capacity: number;
}

/**
 * A machine as the simulator sees it: nodes → CPUs → cores, where a core is the smallest
 * compute unit and is called a *processor* everywhere else, plus K named resources.
 */
export interface MachineSpec {
  readonly nodes: number;
  readonly cpusPerNode?: number;
  readonly coresPerCpu?: number;
  readonly resources?: readonly ResourceSpec[];
  /**
   * Most jobs resident on one processor at once: one running plus suspended ones, or gang jobs
   * in other slots (`10-architecture.md` §4). Default unlimited.
   */
  readonly multiprogrammingLimit?: number;
}

/** The demand of a job on a machine with no named resources (shared: never written). */
const NO_DEMAND = new Float64Array(0);

/**
 * A machine spec that cannot be built. It is a ConfigError so that whoever handles bad
 * configuration (the CLI, scripts) catches it with the rest, under the same code.
 */
export class MachineSpecError extends ConfigError {}

/** The validated, derived form of a {@link MachineSpec}. Immutable. */
export class Machine {
  readonly nodes: number;
  readonly cpusPerNode: number;
  readonly coresPerCpu: number;
  readonly processors: number;
  readonly resourceNames: readonly string[];
  /** Capacity of each named resource (frozen: a machine is shared by the engine and every discipline). */
  readonly capacities: readonly number[];
  readonly multiprogrammingLimit: number;
  readonly #resourceIndex: ReadonlyMap<string, number>;

  constructor(spec: MachineSpec) {
    const positiveInt = (v: number | undefined, what: string, dflt: number): number => {
      const x = v ?? dflt;
      if (!Number.isInteger(x) || x < 1)
        throw new MachineSpecError(`machine: ${what} must be a positive integer, got ${x}`);
      return x;
    };
    this.nodes = positiveInt(spec.nodes, 'nodes', 1);
    this.cpusPerNode = positiveInt(spec.cpusPerNode, 'cpusPerNode', 1);
    this.coresPerCpu = positiveInt(spec.coresPerCpu, 'coresPerCpu', 1);
    this.processors = this.nodes * this.cpusPerNode * this.coresPerCpu;
    const resources = spec.resources ?? [];
    const index = new Map<string, number>();
    resources.forEach((r, i) => {
      if (!r.name || r.name === 'processors')
        throw new MachineSpecError(`machine: resource ${i} needs a name other than 'processors'`);
      if (index.has(r.name)) throw new MachineSpecError(`machine: resource '${r.name}' is named twice`);
      if (!(r.capacity > 0) || !Number.isFinite(r.capacity))
        throw new MachineSpecError(
          `machine: resource '${r.name}' needs a positive finite capacity, got ${r.capacity}`,
        );
      index.set(r.name, i);
    });
    this.#resourceIndex = index;
    this.resourceNames = Object.freeze(resources.map((r) => r.name));
    this.capacities = Object.freeze(resources.map((r) => r.capacity));
    const mpl = spec.multiprogrammingLimit ?? Number.POSITIVE_INFINITY;
    if (!(mpl >= 1)) throw new MachineSpecError(`machine: multiprogrammingLimit must be ≥ 1, got ${mpl}`);
    this.multiprogrammingLimit = mpl;
    // One machine is shared by the engine and every discipline of a run: nobody may change it.
    Object.freeze(this);
  }

  /** A flat machine of `processors` single-core nodes. */
  static flat(processors: number, resources?: readonly ResourceSpec[]): Machine {
    return new Machine({ nodes: processors, resources });
  }

  /** Index of a named resource, or -1. */
  resourceIndex(name: string): number {
    return this.#resourceIndex.get(name) ?? -1;
  }

  /** The node a processor belongs to: processors are numbered node by node, CPU by CPU, core by core. */
  nodeOf(processor: number): number {
    return Math.floor(processor / (this.cpusPerNode * this.coresPerCpu));
  }

  /** The CPU (numbered across the whole machine) a processor belongs to; processors sharing it contend for it under coscheduling. */
  cpuOf(processor: number): number {
    return Math.floor(processor / this.coresPerCpu);
  }

  /**
   * Per-job resource amounts as a vector in this machine's resource order (missing = 0). Amounts
   * of resources this machine does not model are not constrained here: a trace's requested
   * memory does not matter on a processors-only machine.
   */
  demandVector(resources: Readonly<Record<string, number>> | undefined): Float64Array {
    if (!resources || this.resourceNames.length === 0) return NO_DEMAND;
    const v = new Float64Array(this.resourceNames.length);
    for (const [name, amount] of Object.entries(resources)) {
      const i = this.#resourceIndex.get(name);
      if (i !== undefined) v[i] = amount;
    }
    return v;
  }
}
