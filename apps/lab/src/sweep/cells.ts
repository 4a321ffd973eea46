import { createHash } from 'node:crypto';
import { basename, dirname, resolve } from 'node:path';
import { ConfigError, parseOptions } from '@js/core';
import { type WorkloadSpec, workloadSpecSchema } from '@js/workloads';
import { readWorkloadSpec } from '../commands/shared.ts';
import { checkStatistic } from '../run/calibrate.ts';
import { runIdentity } from '../run/identity.ts';
import type { DisciplineEntry, Grid } from './grid.ts';

/** One run of a sweep: a discipline (with options) on a workload at a load, with a seed. */
export interface Cell {
  /** A hash of everything that determines the run (see {@link expandGrid}). */
  readonly id: string;
  readonly discipline: string;
  readonly options?: Readonly<Record<string, unknown>>;
  /** The discipline as tables show it: its name, with its options when it has some. */
  readonly label: string;
  /** The workload as tables show it. */
  readonly workload: string;
  readonly load: number;
  readonly seed: number | string;
  /** What the cell runs: the grid's workload at `load`, a trace's path made absolute. */
  readonly spec: WorkloadSpec;
}

/** A grid workload resolved: its spec (load still the grid's), label, and what keys its contents. */
interface ResolvedWorkload {
  readonly spec: WorkloadSpec;
  readonly label: string;
  /** The file whose bytes key the workload (as `compare --results` keys `-w`); none for a model or synthetic spec. */
  readonly contents?: string;
}

/**
 * The grid's cells in grid order (workloads × disciplines × loads × seeds). A cell's id hashes
 * `compare --results`'s content key of the run (`runIdentity`: the workload's bytes — a trace's
 * too —, the plugins' code, the schedlab version) with the cell's spec, seed, options and the
 * grid's run settings; so the same file gives the same ids, and an edited workload file changes
 * the ids of its cells only. Two cells with one id (a workload or seed listed twice) are refused.
 */
export async function expandGrid(grid: Grid, file: string, plugins: readonly string[] = []): Promise<Cell[]> {
  const base = dirname(resolve(file));
  const workloads = await Promise.all(grid.workloads.map((w) => resolveWorkload(w, base)));
  if (grid.replicate) {
    checkStatistic(grid.replicate.statistic);
    // Replications draw fresh jobs from each seed: a trace has the same jobs for every seed.
    const trace = workloads.findIndex((w) => w.spec.kind === 'swf');
    if (trace >= 0)
      throw new ConfigError(
        `sweep ${file}: workloads.${trace} is a trace, and replicate needs generated workloads (model or synthetic specs): every replication would see the same jobs`,
      );
  }
  const labels = uniqueLabels(workloads.map((w) => w.label));
  const cells: Cell[] = [];
  const seen = new Map<string, string>();
  for (const [w, workload] of workloads.entries()) {
    // One digest per workload: the file is read once, however many cells use it.
    const key = await runIdentity('', { workload: workload.contents }, plugins);
    for (const [d, entry] of grid.disciplines.entries()) {
      const { name, options } = disciplineOf(entry);
      for (const load of grid.loads) {
        const spec = parseOptions(`sweep ${file}: workloads.${w}`, workloadSpecSchema, {
          ...workload.spec,
          load,
        });
        for (const seed of grid.seeds) {
          const identity = {
            ...key,
            discipline: name,
            options,
            // Paths do not count (a moved trace is the same trace): its bytes are in `key`.
            spec: { ...spec, path: undefined },
            seed,
            profile: grid.profile,
            contention: grid.contention,
            knowledge: grid.knowledge,
            exactRuntimes: grid.exactRuntimes,
            // Absent when not replicating, so ids of plain sweeps are as before.
            ...(grid.replicate ? { replicate: grid.replicate } : {}),
          };
          const id = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
          const where = `workloads.${w} × disciplines.${d} × load ${load} × seed ${seed}`;
          const twin = seen.get(id);
          if (twin)
            throw new ConfigError(
              `sweep ${file}: ${where} is the same run as ${twin}; list each workload, discipline, load and seed once`,
            );
          seen.set(id, where);
          cells.push({
            id,
            discipline: name,
            options,
            label: disciplineLabel(entry),
            workload: labels[w]!,
            load,
            seed,
            spec,
          });
        }
      }
    }
  }
  return cells;
}

export function disciplineOf(entry: DisciplineEntry): { name: string; options?: Record<string, unknown> } {
  return typeof entry === 'string' ? { name: entry } : entry;
}

function disciplineLabel(entry: DisciplineEntry): string {
  const { name, options } = disciplineOf(entry);
  return options && Object.keys(options).length > 0 ? `${name} ${JSON.stringify(options)}` : name;
}

/**
 * A path is relative to the sweep file: a JSON spec (its trace relative to the spec, as `-w`
 * reads it) or a trace. A spec object naming a trace names it relative to the sweep file.
 */
async function resolveWorkload(entry: string | WorkloadSpec, base: string): Promise<ResolvedWorkload> {
  if (typeof entry === 'string') {
    const path = resolve(base, entry);
    const spec = await readWorkloadSpec(path);
    const trace = spec.kind === 'swf' ? { ...spec, path: resolve(dirname(path), spec.path) } : spec;
    // Named by its file: a spec's own name is mostly its kind's default.
    return { spec: trace, label: fileLabel(path), contents: path };
  }
  if (entry.kind === 'swf') {
    const path = resolve(base, entry.path);
    return { spec: { ...entry, path }, label: entry.name ?? fileLabel(path), contents: path };
  }
  return { spec: entry, label: entry.kind === 'model' ? (entry.name ?? entry.model) : entry.name };
}

const fileLabel = (path: string): string => basename(path).replace(/(\.swf)?(\.gz)?$|\.json$/i, '');

/** `synthetic`, `synthetic#2`: workloads of one name told apart by their place in the grid. */
function uniqueLabels(labels: readonly string[]): string[] {
  return labels.map((label, k) =>
    labels.indexOf(label) === k && labels.lastIndexOf(label) === k ? label : `${label}#${k + 1}`,
  );
}
