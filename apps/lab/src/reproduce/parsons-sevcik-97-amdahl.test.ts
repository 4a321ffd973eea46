import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/builtins.ts';
import { createRunner } from '../run/parallel.ts';
import type { Paper } from './paper.ts';
import { parsonsSevcik97 } from './parsons-sevcik-97.ts';
import { parsonsSevcik97Amdahl } from './parsons-sevcik-97-amdahl.ts';

interface Cell {
  discipline: string;
  knowledge: string;
  responseTime: { mean: number };
  makespan: { mean: number };
}
interface Data {
  modelOptions: Record<string, unknown>;
  results: Cell[];
  longJob: { results: Cell[] };
}

/** A paper's quick reproduction, run in this process. */
async function quick(paper: Paper): Promise<{ text: string; data: Data }> {
  const registry = await createRegistry();
  const runner = createRunner({ workers: 1, registry, plugins: [] });
  try {
    const r = await paper.reproduce({ quick: true, settings: { registry, progress: undefined }, runner });
    return { text: r.text, data: r.data as Data };
  } finally {
    await runner.close();
  }
}

describe("parsons-sevcik-97-amdahl: Table 3 with the poor class by Amdahl's law", () => {
  it('runs every cell of both grids on the Amdahl reading, and only the poor curve differs from the fit', async () => {
    const [fitted, amdahl] = [await quick(parsonsSevcik97), await quick(parsonsSevcik97Amdahl)];
    expect(fitted.data.modelOptions).toEqual({});
    expect(amdahl.data.modelOptions).toEqual({ poorSpeedupLaw: 'amdahl' });
    expect(amdahl.text).toContain("poor speedup by Amdahl's law");
    expect(amdahl.text).toMatch(/lsf-rtc +│ [\d,]+ \/ 5,853/);
    // Same cells, same seeds; poor jobs run longer under Amdahl on every count but 16, so the
    // tagged jobs' total response differs somewhere in each grid.
    for (const grid of ['results', 'longJob'] as const) {
      const cells = (d: Data) => (grid === 'results' ? d.results : d.longJob.results);
      const key = (c: Cell) => `${c.discipline}/${c.knowledge}`;
      expect(cells(amdahl.data).map(key)).toEqual(cells(fitted.data).map(key));
      const moved = cells(amdahl.data).filter(
        (c, i) => c.responseTime.mean !== cells(fitted.data)[i]!.responseTime.mean,
      );
      expect(moved.length).toBeGreaterThan(0);
    }
    // On the conditioned grid no makespan is shorter than the long job on all 128 processors.
    for (const c of amdahl.data.longJob.results) expect(c.makespan.mean).toBeGreaterThan(265_000 / 9.3);
  }, 60_000);
});
