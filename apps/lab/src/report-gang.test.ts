import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedlab } from './cli.test-support.ts';

let dir: string;
let trace: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-report-gang-'));
  trace = join(dir, 'g.swf');
  // 4 processors; at 0: jobs 1 and 2 on 2 processors for 20 s each, job 3 on 2 for 10 s.
  const line = (id: number, size: number, runtime: number) =>
    [id, 0, -1, runtime, size, -1, -1, size, runtime, -1, 1, -1, -1, -1, -1, -1, -1, -1].join(' ');
  await writeFile(trace, ['; MaxProcs: 4', line(1, 2, 20), line(2, 2, 20), line(3, 2, 10), ''].join('\n'));
});

type Written = {
  id: number;
  segments: {
    from: number;
    to: number;
    slot?: number;
    processors: number[][];
    period?: number;
    count?: number;
  }[];
};

describe('a gang run’s schedule says which slot each stretch ran in, and the report draws the rows', () => {
  it('gang-brmms: the matrix by hand, stretch by stretch', async () => {
    const out = join(dir, 'brmms.json');
    const run = await schedlab('run', '-d', 'gang-brmms', '-w', trace, '--profile', 'gang', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const { jobs } = JSON.parse(await readFile(out, 'utf8')) as { jobs: Written[] };
    // Stretches alike a round apart are one periodic record per slot: job 2 holds both slots.
    expect(jobs.map((j) => j.segments.map((s) => s.count ?? 1))).toEqual([[2, 1], [2, 2], [2]]);
    const rows = jobs.flatMap((j) =>
      j.segments.flatMap(({ period = 0, count = 1, ...s }) =>
        Array.from(
          { length: count },
          (_, k) =>
            `${s.from + k * period}–${s.to + k * period} slot ${s.slot} job ${j.id} on ${s.processors.join(',')}`,
        ),
      ),
    );
    // The buddy system places jobs 1 (0–1) and 2 (2–3) in slot 0, job 3 in slot 1 on 0–1. Job 2's
    // processors are idle in slot 1, so BRMMS gives it that cell as well: it runs in both slots,
    // without a break, and gets a stretch per slot. 5 s quanta: slot 0 at 0 and 10, slot 1 at 5
    // and 15; jobs 2 and 3 are done at 20, slot 1 is eliminated and job 1 runs on alone in slot 0.
    expect(rows.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b))).toEqual([
      '0–5 slot 0 job 1 on 0,1',
      '0–5 slot 0 job 2 on 2,3',
      '5–10 slot 1 job 2 on 2,3',
      '5–10 slot 1 job 3 on 0,1',
      '10–15 slot 0 job 1 on 0,1',
      '10–15 slot 0 job 2 on 2,3',
      '15–20 slot 1 job 2 on 2,3',
      '15–20 slot 1 job 3 on 0,1',
      '20–30 slot 0 job 1 on 0,1',
    ]);

    const html = join(dir, 'brmms.html');
    const report = await schedlab('report', out, '--out', html);
    expect(report.code, report.stderr).toBe(0);
    const text = await readFile(html, 'utf8');
    const json = /<script type="application\/json" id="schedlab-charts">(.*?)<\/script>/s.exec(text)![1]!;
    const charts = JSON.parse(json) as { name: string; vega: unknown }[];
    const gantt = charts.find((c) => c.name.startsWith('gantt-'))!;
    const spec = JSON.stringify(gantt.vega);
    // One facet row per slot: the Gantt's layout is faceted by the bars' slot.
    expect(spec).toContain('"slot"');
    const values = (
      gantt.vega as { data: { values?: { job: number; slot?: number; from: number }[] }[] }
    ).data
      .flatMap((d) => d.values ?? [])
      .filter((v) => v.job !== undefined);
    const bySlot = (s: number) =>
      values
        .filter((v) => v.slot === s)
        .map((v) => `${v.from} ${v.job}`)
        .sort();
    expect(bySlot(0)).toEqual(['0 1', '0 2', '10 1', '10 2', '20 1']);
    expect(bySlot(1)).toEqual(['15 2', '15 3', '5 2', '5 3']);
  });

  it('a discipline that names no slot writes segments without one', async () => {
    const out = join(dir, 'easy.json');
    const run = await schedlab('run', '-d', 'easy', '-w', trace, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const { jobs } = JSON.parse(await readFile(out, 'utf8')) as { jobs: Written[] };
    expect(jobs.flatMap((j) => j.segments).some((s) => 'slot' in s)).toBe(false);
    expect(jobs.flatMap((j) => j.segments)).toHaveLength(3);
  });
});
