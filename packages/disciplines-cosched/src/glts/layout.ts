import type { MachineView } from '@js/core';
import type { Machine } from '@js/machine';

/**
 * The machine as nodes of CPUs of cores (§3): processor `node·N_core + cpu·coresPerCpu + core`.
 * Only nodes wholly the discipline's are used (a partitioned run may cut one).
 */
export class NodeLayout {
  readonly perNode: number;
  readonly cpus: number;
  readonly coresPerCpu: number;
  /** The nodes wholly owned, in order. */
  readonly nodes: readonly number[];

  constructor(machine: Machine, processors: readonly number[]) {
    this.cpus = machine.cpusPerNode;
    this.coresPerCpu = machine.coresPerCpu;
    this.perNode = this.cpus * this.coresPerCpu;
    const owned = new Set(processors);
    const nodes: number[] = [];
    for (let n = 0; n < machine.nodes; n++) {
      let whole = true;
      for (let p = n * this.perNode; p < (n + 1) * this.perNode; p++) if (!owned.has(p)) whole = false;
      if (whole) nodes.push(n);
    }
    this.nodes = nodes;
  }

  nodeOf(p: number): number {
    return Math.floor(p / this.perNode);
  }

  /** Nodes of which every core passes `usable`, in order. */
  freeNodes(usable: (p: number) => boolean): number[] {
    const out: number[] = [];
    for (const n of this.nodes) {
      let all = true;
      for (let p = n * this.perNode; all && p < (n + 1) * this.perNode; p++) all = usable(p);
      if (all) out.push(n);
    }
    return out;
  }

  /** Distinct nodes of a set of processors, in order. */
  nodesOf(processors: readonly number[]): number[] {
    const out: number[] = [];
    let sorted = true;
    for (const p of processors) {
      const n = Math.floor(p / this.perNode);
      const last = out[out.length - 1];
      if (last === n) continue;
      if (last !== undefined && n < last) {
        sorted = false;
        if (out.includes(n)) continue;
      }
      out.push(n);
    }
    return sorted ? out : [...new Set(out)].sort((a, b) => a - b);
  }

  /** Ids of the jobs running on a node. */
  runningOn(machine: MachineView, node: number): Set<number> {
    const jobs = new Set<number>();
    for (let p = node * this.perNode; p < (node + 1) * this.perNode; p++) {
      const j = machine.runningJob(p);
      if (j !== -1) jobs.add(j);
    }
    return jobs;
  }

  /**
   * Cores for `count` processes of one job on `node` (§4.9): "processes of the same job are
   * allocated to cores of different CPUs per node, while processes of different jobs are
   * allocated to the cores of the same CPU". So one process per CPU in each round, CPUs that
   * already hold another job's processes first; a CPU gets a second process of the job only once
   * every CPU has one (N_core processes fill the node). `free(p)`: p may be taken; `other(p)`: p
   * holds another job's process. Undefined if the free cores do not suffice.
   */
  spread(
    node: number,
    count: number,
    free: (p: number) => boolean,
    other: (p: number) => boolean,
  ): number[] | undefined {
    const base = node * this.perNode;
    const load = (cpu: number) => {
      let k = 0;
      for (let c = 0; c < this.coresPerCpu; c++) if (other(base + cpu * this.coresPerCpu + c)) k++;
      return k;
    };
    const order = Array.from({ length: this.cpus }, (_, cpu) => cpu).sort(
      (a, b) => load(b) - load(a) || a - b,
    );
    const out: number[] = [];
    const taken = new Set<number>();
    for (let round = 0; round < this.coresPerCpu && out.length < count; round++) {
      for (const cpu of order) {
        if (out.length === count) break;
        for (let c = 0; c < this.coresPerCpu; c++) {
          const p = base + cpu * this.coresPerCpu + c;
          if (taken.has(p) || !free(p)) continue;
          out.push(p);
          taken.add(p);
          break;
        }
      }
    }
    return out.length === count ? out : undefined;
  }
}
