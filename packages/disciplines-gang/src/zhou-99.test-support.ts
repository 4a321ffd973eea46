import { type DisciplineDefinition, simulate } from '@js/core';
import { Machine } from '@js/machine';
import { modelWorkload } from '@js/workloads';

/** One scheme's line of Zhou et al.'s Tables 1–2: means over the job sets; turnaround in 5 s slots. */
export interface TableRow {
  readonly r_a: number;
  readonly n_l: number;
  readonly n_a: number;
  readonly t_ta: number;
  readonly t_sa: number;
  readonly t_ma: number;
  readonly t_la: number;
}

/**
 * Runs `discipline` on `sets` job sets of the zhou-99 model (128 processors, 200 jobs each, load
 * ρ; seeds 1000, 1001, …) as §2 does, and averages the statistics over the sets.
 */
export async function zhouTableRow(
  discipline: DisciplineDefinition,
  load: number,
  sets: number,
): Promise<TableRow> {
  const sum = { r_a: 0, n_l: 0, n_a: 0, t_ta: 0, t_sa: 0, t_ma: 0, t_la: 0 };
  for (let set = 0; set < sets; set++) {
    const jobs = [...modelWorkload('zhou-99', { options: { load }, jobs: 200, seed: 1000 + set }).jobs];
    const result = await simulate(jobs, { machine: new Machine({ nodes: 128 }), discipline });
    // The discipline's own figures; turnaround in seconds, the paper's in 5 s slots.
    const counters = result.counters[discipline.name]!;
    for (const key of Object.keys(sum) as (keyof TableRow)[])
      sum[key] += key.startsWith('t_') ? counters[key]! / 5 : counters[key]!;
  }
  return Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v / sets])) as unknown as TableRow;
}

export const formatRow = (name: string, r: TableRow) =>
  `${name.padEnd(16)} r_a ${r.r_a.toFixed(2)}  n_l ${r.n_l.toFixed(1).padStart(4)}  n_a ${r.n_a.toFixed(2).padStart(5)}  ` +
  `t_ta ${r.t_ta.toFixed(1).padStart(5)}  t_sa ${r.t_sa.toFixed(1).padStart(4)}  t_ma ${r.t_ma.toFixed(1).padStart(5)}  t_la ${r.t_la.toFixed(1).padStart(5)}`;
