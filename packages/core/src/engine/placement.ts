import type { Machine } from '@js/machine';
import * as z from 'zod';

/**
 * Placement rules a run may set, checked by the engine on every start, resume and resize
 * (Zeng & Sodan, seed 002 §4.5, §4.9): at most so many distinct jobs running on one node, and
 * at most one process of a job per CPU.
 */
export const placementRulesSchema = z
  .object({
    maxJobsPerNode: z.number().int().min(1).default(Number.MAX_SAFE_INTEGER),
    oneProcessPerCpu: z.boolean().default(false),
  })
  .strict();

/** A run's placement rules, defaults filled in (no limit on jobs per node; CPUs may be shared). */
export type PlacementRules = z.output<typeof placementRulesSchema>;

/** The rules of an unconstrained run: any number of jobs per node, any processes per CPU. */
export const noPlacementRules: PlacementRules = placementRulesSchema.parse({});

/** Whether a run's rules constrain anything (so the common case skips the checks). */
export const constrains = (rules: PlacementRules): boolean =>
  rules.oneProcessPerCpu || rules.maxJobsPerNode < Number.MAX_SAFE_INTEGER;

/**
 * The first rule `job` would break by running on `processors`, as [rule, detail], or undefined.
 * `runningOn(p)` gives the job on a processor as it will be (so an atomic switch can be checked
 * before any of it is applied).
 */
export function placementViolation(
  rules: PlacementRules,
  machine: Machine,
  job: number,
  processors: ArrayLike<number>,
  runningOn: (p: number) => number,
): [string, string] | undefined {
  if (rules.oneProcessPerCpu) {
    const cpus = new Set<number>();
    for (let i = 0; i < processors.length; i++) {
      const cpu = machine.cpuOf(processors[i]!);
      if (cpus.has(cpu)) return ['one-process-per-cpu', `two of its processes would share CPU ${cpu}`];
      cpus.add(cpu);
    }
  }
  if (rules.maxJobsPerNode < Number.MAX_SAFE_INTEGER) {
    const perNode = machine.cpusPerNode * machine.coresPerCpu;
    const nodes = new Set<number>();
    for (let i = 0; i < processors.length; i++) nodes.add(machine.nodeOf(processors[i]!));
    for (const node of nodes) {
      const jobs = new Set<number>([job]);
      for (let p = node * perNode; p < (node + 1) * perNode; p++) {
        const other = runningOn(p);
        if (other >= 0) jobs.add(other);
      }
      if (jobs.size > rules.maxJobsPerNode) {
        return ['jobs-per-node', `node ${node} would run ${jobs.size} jobs (limit ${rules.maxJobsPerNode})`];
      }
    }
  }
  return undefined;
}
