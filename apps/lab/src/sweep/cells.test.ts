import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OptionsError } from '@js/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandGrid } from './cells.ts';
import { parseGrid } from './grid.ts';
import { parseShard, shardCells } from './shard.ts';

let dir: string;
const synthetic = (jobs: number) => ({
  kind: 'synthetic',
  jobs,
  processors: 16,
  load: 0.5,
  sizes: { kind: 'log-uniform', min: 1, max: 16 },
  runtimes: { kind: 'exponential', mean: 300 },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-sweep-cells-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** A sweep file in `dir` naming an inline spec and a spec file, with the grid's other fields. */
async function grid(specFile: string, extra: Record<string, unknown> = {}) {
  const file = join(dir, 'sweep.json');
  const text = JSON.stringify({
    name: 'cells',
    disciplines: ['fcfs', { name: 'easy', options: {} }],
    workloads: [synthetic(200), specFile],
    loads: [0.5, 0.9],
    seeds: [1, 2],
    ...extra,
  });
  await writeFile(file, text);
  return { file, grid: parseGrid(file, text) };
}

describe('a sweep grid expands into cells with stable ids', () => {
  it('workloads × disciplines × loads × seeds, the same ids from the same file, each load in its spec', async () => {
    await writeFile(join(dir, 'w.json'), JSON.stringify(synthetic(100)));
    const { file, grid: g } = await grid('w.json');
    const cells = await expandGrid(g, file);
    expect(cells).toHaveLength(2 * 2 * 2 * 2);
    expect(new Set(cells.map((c) => c.id)).size).toBe(16);
    expect(cells.map((c) => c.spec.load)).toEqual(
      Array.from({ length: 4 }, () => [0.5, 0.5, 0.9, 0.9]).flat(),
    );
    expect(cells.map((c) => [c.label, c.workload])).toContainEqual(['easy', 'w']);
    expect((await expandGrid(g, file)).map((c) => c.id)).toEqual(cells.map((c) => c.id));
  });

  it('changing a workload file’s bytes changes the ids of its cells, and only theirs', async () => {
    await writeFile(join(dir, 'w.json'), JSON.stringify(synthetic(100)));
    const { file, grid: g } = await grid('w.json');
    const before = await expandGrid(g, file);
    await writeFile(join(dir, 'w.json'), JSON.stringify(synthetic(101)));
    const after = await expandGrid(g, file);
    for (const [k, cell] of before.entries()) {
      if (cell.workload === 'w') expect(after[k]!.id).not.toBe(cell.id);
      else expect(after[k]!.id).toBe(cell.id);
    }
  });

  it('a trace path is time-scaled to each load: an swf spec with the load, its path absolute', async () => {
    await writeFile(join(dir, 't.swf'), '; MaxProcs: 4\n1 0 0 10 2 -1 -1 2 10 -1 1 -1 -1 -1 -1 -1 -1 -1\n');
    const { file, grid: g } = await grid('t.swf', { disciplines: ['fcfs'], seeds: [1] });
    const trace = (await expandGrid(g, file)).filter((c) => c.workload === 't');
    expect(trace.map((c) => c.spec)).toEqual([
      { kind: 'swf', path: join(dir, 't.swf'), load: 0.5 },
      { kind: 'swf', path: join(dir, 't.swf'), load: 0.9 },
    ]);
  });

  it('refuses two cells that are one run (a seed listed twice)', async () => {
    await writeFile(join(dir, 'w.json'), JSON.stringify(synthetic(100)));
    const { file, grid: g } = await grid('w.json', { seeds: [1, 1] });
    await expect(expandGrid(g, file)).rejects.toThrow(/seed 1 is the same run as/);
  });
});

describe('a bad sweep file gets an error naming the field', () => {
  const errorOf = (text: string, file = 'bad.json'): OptionsError => {
    try {
      parseGrid(file, text);
    } catch (error) {
      return error as OptionsError;
    }
    throw new Error('accepted');
  };
  it('names the path into the grid, inside a workload spec too', () => {
    const bad = errorOf(
      JSON.stringify({
        name: 'x',
        disciplines: ['fcfs'],
        workloads: [{ ...synthetic(10), jobs: -1 }],
        loads: [0, 0.5],
        seeds: [1],
      }),
    );
    expect(bad).toBeInstanceOf(OptionsError);
    expect(bad.issues.map((i) => i.path)).toEqual(['workloads.0.jobs', 'loads.0']);
  });
  it('in YAML too, and a line for YAML that does not parse', () => {
    expect(errorOf('name: x\ndisciplines: []\n', 'g.yaml').issues.map((i) => i.path)).toEqual([
      'disciplines',
      'workloads',
      'loads',
      'seeds',
    ]);
    expect(() => parseGrid('g.yaml', 'name: x\n  bad: [\n')).toThrow(/g\.yaml:\d+: not valid YAML/);
  });
});

describe('shards', () => {
  it('split the cells by id into disjoint sets that cover them all, within one cell of each other', async () => {
    await writeFile(join(dir, 'w.json'), JSON.stringify(synthetic(100)));
    const { file, grid: g } = await grid('w.json');
    const cells = await expandGrid(g, file);
    const shards = [0, 1, 2].map((index) => shardCells(cells, { index, count: 3 }).map((c) => c.id));
    expect(shards.flat().sort()).toEqual(cells.map((c) => c.id).sort());
    expect(shards.map((s) => s.length).sort()).toEqual([5, 5, 6]);
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(() => parseShard('3/3')).toThrow(/--shard.*0 ≤ i < n/);
  });
});
