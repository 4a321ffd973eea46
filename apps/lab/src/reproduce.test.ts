import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schedlab } from './cli.test-support.ts';

describe('schedlab reproduce', () => {
  it('leinberger99 --quick: calibrates easy, compares the four disciplines, writes CSV and JSON whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schedlab-reproduce-'));
    const prefix = join(dir, 'lein');
    const { code, stdout } = await schedlab('reproduce', 'leinberger99', '--quick', '-o', prefix);
    expect(code).toBe(0);
    expect(stdout).toContain('Average response time');
    expect(stdout).toContain('Weighted average response time');
    expect(stdout).toMatch(/easy-bb gain %/);
    expect(stdout).toContain('Paper (Figures 2–3');
    // Where our shape departs from the paper's, said with the run.
    expect(stdout).toContain('Where we depart: easy-bl gains at every K');
    // Only the two files, no partial one left behind.
    expect((await readdir(dir)).sort()).toEqual(['lein.csv', 'lein.json']);
    const [header, ...rows] = (await readFile(`${prefix}.csv`, 'utf8')).trim().split('\n');
    expect(header).toBe('k,law,queue,load,achievedQueue,discipline,metric,gain,halfWidth,seeds,saturated');
    // One cell: five disciplines (BL twice: as we read it, and strict; BB twice: the two readings of
    // the fullness modifier) against easy, two metrics each.
    expect(rows).toHaveLength(10);
    const data = JSON.parse(await readFile(`${prefix}.json`, 'utf8')) as {
      figure1: Record<string, number[][]>;
      cells: {
        load: number;
        achievedQueue: number;
        queue: number;
        figures: Record<string, { response: number[] }>;
      }[];
    };
    // Figure 1 first: the jobs each scheme starts per epoch, as in the paper's table.
    expect(data.figure1).toEqual({
      fcfs: [[0, 1], [2], [3, 4], [5]],
      'fcfs-ff': [[0, 1, 4, 5], [2], [3]],
      unc: [
        [0, 2, 4],
        [1, 3, 5],
      ],
    });
    expect(stdout).toContain('Figure 1');
    const [cell] = data.cells;
    expect(cell!.load).toBeGreaterThan(0);
    // Calibrated: easy's mean queue is within the calibration tolerance (2 %) of the target.
    expect(Math.abs(cell!.achievedQueue - cell!.queue)).toBeLessThanOrEqual(0.02 * cell!.queue);
    expect(Object.keys(cell!.figures)).toEqual([
      'easy',
      'easy-bl',
      'easy-bl-strict',
      'easy-bb',
      'easy-bb-score',
      'conservative',
    ]);
    for (const f of Object.values(cell!.figures)) expect(f.response.every((x) => x > 0)).toBe(true);
    // The other reading of the fullness modifier reached the discipline: other choices, other figures.
    expect(cell!.figures['easy-bb-score']!.response).not.toEqual(cell!.figures['easy-bb']!.response);
    expect(stdout).toMatch(/easy-bb-score gain %/);
    // Same seeds, same figures, whether the runs go to worker processes (the default) or not.
    const again = await schedlab('reproduce', 'leinberger99', '--quick', '--json', '--workers', '1');
    expect(JSON.parse(again.stdout).cells).toEqual(data.cells);
  }, 60_000);

  it('leinberger99-size-mean --quick: the same grid on requirements of mean the job size', async () => {
    const json = async (paper: string) => {
      const { code, stdout } = await schedlab('reproduce', paper, '--quick', '--json', '--workers', '1');
      expect(code).toBe(0);
      return JSON.parse(stdout) as {
        paper: string;
        vectors: Record<string, unknown>;
        cells: { load: number; figures: Record<string, { response: number[] }> }[];
      };
    };
    const [sizeMean, plain] = [await json('leinberger99-size-mean'), await json('leinberger99')];
    expect([sizeMean.vectors, plain.vectors]).toEqual([{ meanFactor: 1 }, {}]);
    expect(sizeMean.paper).toContain('requirements of mean the job size');
    // Larger requirements, so a lower calibrated load and other figures: the option reached the model.
    expect(sizeMean.cells[0]!.load).toBeLessThan(plain.cells[0]!.load);
    expect(sizeMean.cells[0]!.figures.easy!.response).not.toEqual(plain.cells[0]!.figures.easy!.response);
    expect(sizeMean.cells).toHaveLength(plain.cells.length);
    const text = await schedlab('reproduce', 'leinberger99-size-mean', '--quick', '--workers', '1');
    expect(text.stdout).toContain('Requirement vectors: each of the K numbers, of mean 1,');
  }, 120_000);

  it('parsons-sevcik-97 --quick: every registered LSF discipline under the four knowledge cases, the paper beside', async () => {
    const { code, stdout } = await schedlab('reproduce', 'parsons-sevcik-97', '--quick', '--json');
    expect(code).toBe(0);
    interface Cell {
      discipline: string;
      knowledge: string;
      responseTime: { mean: number };
      makespan: { mean: number };
      unfinished: number;
    }
    const data = JSON.parse(stdout) as {
      tagged: number;
      results: Cell[];
      longJob: { demand: number; among: number; results: Cell[] };
    };
    expect(data.tagged).toBe(40);
    // Beside it, the same seeds conditioned on the paper's 265 000 s poor-speedup job (§6.2), no
    // knowledge only under --quick: that job alone needs over 20 000 s on its best count
    // (265 000 · g(40) ≈ 20 320 s), so no makespan there can be shorter.
    expect(data.longJob).toMatchObject({ demand: 265_000, among: 40 });
    const byName = (rs: typeof data.results) => new Map(rs.map((r) => [r.discipline, r]));
    const conditioned = byName(data.longJob.results);
    expect([...new Set(data.longJob.results.map((r) => r.knowledge))]).toEqual(['none']);
    for (const r of data.longJob.results) expect(r.makespan.mean).toBeGreaterThan(20_300);
    expect(conditioned.get('lsf-rtc')!.makespan.mean).not.toBe(
      byName(data.results.filter((r) => r.knowledge === 'none')).get('lsf-rtc')!.makespan.mean,
    );
    const names = [...new Set(data.results.map((r) => r.discipline))];
    expect(names).toContain('lsf-rtc');
    expect(names).toContain('lsf-mall-ad');
    // Four knowledge cases for each discipline run.
    expect(data.results).toHaveLength(names.length * 4);
    for (const r of data.results) expect(r.responseTime.mean).toBeGreaterThan(0);
    const text = await schedlab('reproduce', 'parsons-sevcik-97', '--quick');
    expect(text.stdout).toContain('MRT of the tagged jobs');
    // The paper's Table 3 figure for LSF-RTC without knowledge sits beside ours.
    expect(text.stdout).toMatch(/lsf-rtc +│ [\d,]+ \/ 5,853/);
    expect(text.stdout).toContain("Conditioned on the paper's long job");
  }, 60_000);

  it('anastasiadis-sevcik-97 --quick: replicated cells normalised to dyn-equi, saturation marked, the shape checked', async () => {
    const { code, stdout } = await schedlab('reproduce', 'anastasiadis-sevcik-97', '--quick', '--json');
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as {
      cells: {
        workload: string;
        load: number;
        policy: string;
        report: { stop: string; replications: number; figures: Record<string, { mean: number }> };
      }[];
    };
    const cell = (workload: string, load: number, policy: string) =>
      data.cells.find((c) => c.workload === workload && c.load === load && c.policy === policy)!.report;
    // The grid: WK3, WK4 × 50 %, 90 % × dyn-equi and the thirteen policies of Figures 3–6.
    expect(data.cells).toHaveLength(2 * 2 * 14);
    // Paper §6.1: SDF saturates on WK3 at 50 %; SDF-Max 1 never saturates.
    expect(cell('WK3', 0.5, 'sdf').stop).toBe('saturated');
    for (const wk of ['WK3', 'WK4'])
      for (const load of [0.5, 0.9]) expect(cell(wk, load, 'sdf-max-1').stop).not.toBe('saturated');
    // Every policy is run to completion on 1…p_max processors: mean partitions of a few processors.
    const response = (p: string) => cell('WK4', 0.5, p).figures['response.mean']!.mean;
    // Paper §6.2 and §6.5: AEP beats ASP; AEP(2) is far closer to DYN-EQUI than ASP(2) at 50 %.
    expect(response('aep')).toBeLessThan(response('asp'));
    expect(response('aep-2') / response('dyn-equi')).toBeLessThan(response('asp-2') / response('dyn-equi'));
    const text = await schedlab('reproduce', 'anastasiadis-sevcik-97', '--quick');
    expect(text.stdout).toContain('Figure 6: combined with SDF and DIF, WK4');
    expect(text.stdout).toMatch(/sdf +│ [^\n]*saturated/);
  }, 120_000);

  it('zhou-99 --quick: the five gang schemes with the paper’s Tables 1–2 beside ours', async () => {
    const { code, stdout } = await schedlab('reproduce', 'zhou-99', '--quick', '--json');
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as {
      sets: number;
      cells: {
        scheme: string;
        load: number;
        figures: Record<string, { mean: number; replications: number }>;
      }[];
    };
    expect(data.sets).toBe(3);
    expect(data.cells.map((c) => `${c.scheme}@${c.load}`)).toEqual(
      [0.5, 0.9].flatMap((l) => ['BC', 'BR', 'BRMS', 'BRMMS*', 'BRMMS'].map((s) => `${s}@${l}`)),
    );
    const at = (scheme: string) => data.cells.find((c) => c.scheme === scheme && c.load === 0.9)!.figures;
    // Table 1's clearest effect: BRMS inflates the slot counts several-fold over BR.
    expect(at('BRMS').n_a!.mean).toBeGreaterThan(2 * at('BR').n_a!.mean);
    for (const c of data.cells) {
      expect(c.figures.r_a!.mean).toBeGreaterThan(0);
      expect(c.figures.r_a!.mean).toBeLessThanOrEqual(1);
      expect(c.figures.t_ta!.replications).toBe(3);
    }
    // The same tables from one process as from two worker processes.
    const one = await schedlab('reproduce', 'zhou-99', '--quick', '--json', '--workers', '1');
    expect(one.stdout).toBe(stdout);
    const two = await schedlab('reproduce', 'zhou-99', '--quick', '--json', '--workers', '2');
    expect(two.stdout).toBe(stdout);
    const text = await schedlab('reproduce', 'zhou-99', '--quick');
    // The paper's BC figures at ρ = 0.9 beside ours.
    expect(text.stdout).toMatch(/BC +│ 0\.9 │ [^│]+\/ 0\.58 +│/);
    // Where our tables depart from the paper's, said with the run.
    expect(text.stdout).toContain('Where we depart: slot counts and turnarounds');
  }, 60_000);

  it('zeng-sodan-09 --quick: ssp, two-job and group matchmaking on W1 with the paper’s gains beside ours', async () => {
    const { code, stdout } = await schedlab('reproduce', 'zeng-sodan-09', '--quick', '--json');
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as {
      jobs: number;
      departures: string[];
      cells: {
        workload: string;
        discipline: string;
        options: Record<string, unknown>;
        figures: Record<string, number>;
      }[];
    };
    expect(data.jobs).toBe(400);
    const w1 = data.cells.filter((c) => c.workload === 'W1' && Object.keys(c.options).length === 0);
    expect(w1.map((c) => c.discipline)).toEqual([
      'ssp',
      'cst',
      'cstws',
      'glts',
      'glts-fbo',
      'glts-ns',
      'glts-nh',
    ]);
    for (const c of w1) {
      expect(c.figures.RR).toBeGreaterThanOrEqual(1);
      expect(c.figures['U_core.high']).toBeGreaterThan(0);
      expect(c.figures['U_core.high']).toBeLessThanOrEqual(1);
    }
    // Space sharing forms no groups; group matchmaking forms some, of two jobs or more.
    const glts = w1.find((c) => c.discipline === 'glts')!;
    expect(glts.figures.groups).toBeGreaterThan(0);
    expect(glts.figures.groupSize).toBeGreaterThanOrEqual(2);
    // A share of the medium and long jobs ran in a group (§5.2: 41.7 % on W1); none can be more than all.
    expect(glts.figures.groupedShare).toBeGreaterThan(0);
    expect(glts.figures.groupedShare).toBeLessThanOrEqual(1);
    // §5.2's delay factor R / R_est of medium and long jobs, at the 75th and 95th percentiles.
    expect(glts.figures['fairness.p75']).toBeGreaterThan(0);
    expect(glts.figures['fairness.p95']).toBeGreaterThanOrEqual(glts.figures['fairness.p75']!);
    // Shares of the searches with under four candidates (§5.3: 85 %) and of the groups that passed
    // the fairness test; space sharing searches for none.
    for (const f of ['search.fewCandidates', 'fairness.passed']) {
      expect(glts.figures[f]).toBeGreaterThan(0);
      expect(glts.figures[f]).toBeLessThanOrEqual(1);
      // NaN in the figures, null in the JSON.
      expect(w1.find((c) => c.discipline === 'ssp')!.figures[f]).toBeNull();
    }
    // The nodes of high-load phases, by use, add up to the machine's 128; only group matchmaking
    // leaves group members alone on a node, and none of them on more nodes than run one job partly.
    for (const c of w1) {
      const f = c.figures;
      const parts = ['shared', 'allCores', 'someCores', 'idle'].map((k) => f[`nodes.${k}.high`]!);
      expect(parts.reduce((a, b) => a + b)).toBeCloseTo(128, 6);
      if (c.discipline === 'ssp') expect(f['nodes.memberAlone.high']).toBeNull();
      else expect(f['nodes.memberAlone.high']).toBeLessThanOrEqual(f['nodes.someCores.high']!);
    }
    expect(glts.figures['nodes.shared.high']).toBeGreaterThan(0);
    expect(w1.find((c) => c.discipline === 'ssp')!.figures['nodes.shared.high']).toBe(0);
    // The slack sweep of Figure 9, reduced: F_slack 1 and 1.5.
    expect(data.cells.filter((c) => 'fSlack' in c.options).map((c) => c.options.fSlack)).toEqual([1, 1.5]);
    const text = await schedlab('reproduce', 'zeng-sodan-09', '--quick');
    // A gain may be negative: the test checks the layout, not the sign.
    expect(text.stdout).toMatch(/ssp +│ -?[\d.]+ \/ 34\.9 +│/);
    // Where the default W1 departs from the paper, printed and in the JSON.
    expect(text.stdout).toContain('Where we depart: GLTS leads CST by 3 %');
    expect(text.stdout).toMatch(/Nodes in high-load phases \(W1\)[\s\S]*│ glts +│ [\d.]+ +│/);
    expect(data.departures[0]).toMatch(/^Where we depart/);
  }, 120_000);

  it('zeng-sodan-09-table5-load --quick: the same W1 cells on W1 read by Table 5’s Load column', async () => {
    const run = async (paper: string) => {
      const { code, stdout } = await schedlab('reproduce', paper, '--quick', '--json', '--workers', '1');
      expect(code).toBe(0);
      return JSON.parse(stdout) as {
        w1: { typeless: { aarr: number } };
        cells: { workload: string; discipline: string; figures: Record<string, number> }[];
      };
    };
    const [byLoad, plain] = [await run('zeng-sodan-09-table5-load'), await run('zeng-sodan-09')];
    expect([byLoad.w1.typeless.aarr, plain.w1.typeless.aarr]).toEqual([10.168, 10.33]);
    const key = (c: { workload: string; discipline: string }) => `${c.workload} ${c.discipline}`;
    expect(byLoad.cells.map(key)).toEqual(plain.cells.map(key));
    // Shorter gaps, so other jobs and other figures: the reading reached the model.
    const ssp = (d: typeof plain) => d.cells.find((c) => c.discipline === 'ssp')!.figures.RR;
    expect(ssp(byLoad)).not.toBe(ssp(plain));
    const text = await schedlab('reproduce', 'zeng-sodan-09-table5-load', '--quick', '--workers', '1');
    expect(text.stdout).toContain("W1 here is read by Table 5's Load column");
  }, 120_000);

  it('zeng-sodan-09-all-cores --quick: the same cells with Case 5 offered to every job of four processes or more', async () => {
    type Data = {
      matchmaking: Record<string, unknown>;
      cells: { workload: string; discipline: string; options: object; figures: Record<string, number> }[];
    };
    const run = async (paper: string) => {
      const { code, stdout } = await schedlab('reproduce', paper, '--quick', '--json', '--workers', '1');
      expect(code).toBe(0);
      return JSON.parse(stdout) as Data;
    };
    const [allCores, plain] = [await run('zeng-sodan-09-all-cores'), await run('zeng-sodan-09')];
    expect([allCores.matchmaking, plain.matchmaking]).toEqual([{ allCores: 'any' }, {}]);
    const key = (c: Data['cells'][number]) => `${c.workload} ${c.discipline} ${JSON.stringify(c.options)}`;
    expect(allCores.cells.map(key)).toEqual(plain.cells.map(key));
    // SSP has no Case 5 to read, so its runs are the same; GLTS's are not: the option reached it.
    const figures = (d: Data, discipline: string) =>
      d.cells.find((c) => c.discipline === discipline && Object.keys(c.options).length === 0)!.figures;
    expect(figures(allCores, 'ssp')).toEqual(figures(plain, 'ssp'));
    expect(figures(allCores, 'glts')['nodes.allCores.high']).not.toBe(
      figures(plain, 'glts')['nodes.allCores.high'],
    );
    const prefix = join(await mkdtemp(join(tmpdir(), 'schedlab-reproduce-')), 'all-cores');
    const text = await schedlab(
      'reproduce',
      'zeng-sodan-09-all-cores',
      '--quick',
      '--workers',
      '1',
      '-o',
      prefix,
    );
    expect(text.stdout).toContain('offers Case 5 (all cores) to every job of four processes or more');
    // The CSV's rows say which options each scheme ran with: the reading's, but not for SSP.
    const csv = (await readFile(`${prefix}.csv`, 'utf8')).split('\n');
    expect(csv.find((r) => r.startsWith('W1,glts,'))).toContain('allCores');
    expect(csv.find((r) => r.startsWith('W1,ssp,'))).not.toContain('allCores');
  }, 120_000);

  it('an unknown paper is a coded error naming the known ones', async () => {
    const { code, stderr } = await schedlab('reproduce', 'leinberger98');
    expect(code).toBe(1);
    expect(stderr).toContain('UNKNOWN_NAME');
    expect(stderr).toContain("did you mean 'leinberger99'");
  });
});
