import { ConfigError } from '@js/core';
import { type ConfidenceInterval, confidenceInterval } from '@js/metrics';
import { formatFigure, renderTable } from '../output/table.ts';
import type { Paper, ReproduceOptions, Reproduction } from './paper.ts';

/**
 * Zhou, Mackerras, Johnson, Walsh & Brent 1999, §4–5, Tables 1 and 2: the five buddy-based gang allocation
 * schemes on the paper's workload (`zhou-99`: 128 processors, uniform-log sizes and runtimes in
 * whole 5 s slots, Poisson arrivals at ρ), 20 sets of 200 jobs per load, every job run to
 * completion under the `gang` profile (free row switches, unlimited residency). The figures are
 * the disciplines' own (the discipline-metrics channel): r_a, n_l, n_a and the mean turnaround,
 * overall and by job class (small 1–12 slots of work, medium 13–60, large > 60), in slots of 5 s as
 * the paper gives them; each a mean over the sets with a 95 % confidence interval.
 *
 * Where we depart, and why (`departures`; ratios to BR at ρ = 0.9, ours against the paper's, seeds
 * 1–20, so that the common level cancels):
 * - A common level: every scheme's slot counts are about 1.5× the paper's and its turnarounds
 *   1.6–1.8× (BR at ρ = 0.9: n_a 1.52×, t_ta 1.65×), while r_a is within 0.1. It is not in our
 *   simulator: a BC written apart from it, from the rules alone (now the test's reference,
 *   `bc-reference.test-support.ts` in @js/disciplines-gang), ends every job of the 20 sets at
 *   ρ = 0.2 and at 0.9 where `gang-bc` does. At ρ = 0.2 the
 *   paper's BR has n_a 0.45, so its machine is empty at least 55 % of the time; at that load
 *   that needs a mean size near 46 processors, where sizes uniform in log space from 1 to 128
 *   (the paper's words, the model's default) have 26. No reading of §2 that we tried fits every
 *   load (see the `zhou-99` model). It is not in how n_a is averaged: sampled at each departure
 *   or arrival, BR's is 0.95 or 1.31 at ρ = 0.2 (over time 0.98).
 * - Relative to BR, BC (t_ta 1.21 against 1.26, n_a 1.21 against 1.27) and BRMMS (t_ta 0.76
 *   against 0.66, n_a 0.93 against 0.92) follow the paper.
 * - BRMS gains more and hurts small jobs less than the paper's: t_ta 0.61 (paper 0.80), t_sa
 *   1.06 (1.76), n_a 2.69 (3.36). So BRMS, not BRMMS, has the best overall turnaround. A new
 *   job goes to the least-loaded block and takes that block's idle cells as extra slots at once:
 *   at ρ = 0.9, 65 % of small jobs get an extra slot, 86 % of them at the boundary where they are
 *   placed, and small jobs hold 2.9 slots on average. Giving extra slots only to jobs already
 *   running when idle cells appear (a departure, a slot added) takes t_sa only to 1.13; no
 *   reading of when extra slots are given that we tried comes near 1.76.
 * - BRMS's r_a stays above BC's (0.561 against 0.508; the paper: 0.56 below 0.58). §4 explains
 *   its fall by the cells of a finished multi-slot job standing idle "until a change in the
 *   workload condition occurs, such as a new job arriving to fill the freed resources, or some
 *   slots becoming totally empty which can be eliminated". Holding such cells back until a job is
 *   placed or a slot deleted moves r_a by −0.005 ± 0.011 (paired over the 20 sets): arrivals come
 *   often enough that the cells held back are 1.1 % of the capacity, where falling below BC needs
 *   about 7 points. With a new job also taking no extra slot where it is placed (§4: "when a short
 *   job arrives, it can only obtain a very small portion of CPU utilisation if allocated only in a
 *   single time slot"), t_sa ÷ BR reaches 1.14, and BRMMS's t_ta stays above BRMS's (1.20 of it).
 *   Read strictly (extra slots only in a slot just added for a new job; freed cells idle until a
 *   job is placed in them), BRMS loses nearly all its gain: t_ta 0.98, n_a 1.14, r_a 0.574. Nor is
 *   it whom the cells go to: all of a job's extras at once, or widest or newest first, gives t_ta
 *   0.59–0.61 and r_a 0.556–0.566; extending without re-packing changes nothing. Per set, BRMS's
 *   r_a is below BC's in 4 of the 20 at ρ = 0.7 and 1 at ρ = 0.9 (median +0.028 and +0.053).
 *   Relative to BR, our BC matches the paper (r_a 0.86 of BR's against 0.89) and our BRMS is the
 *   outlier (0.954 against 0.86).
 * - BRMMS* deletes by WLTS only the slots departures free, so it keeps more slots than BR:
 *   n_a 1.46, n_l 1.67 (paper 1.64, 1.82; at ρ = 0.5 1.19 and 1.39 against 1.22 and 1.40). Its
 *   small jobs still fare better than the paper's (t_sa 0.81 against 0.99).
 */
const schemes = [
  ['BC', 'gang-bc'],
  ['BR', 'gang-br'],
  ['BRMS', 'gang-brms'],
  ['BRMMS*', 'gang-brmms-star'],
  ['BRMMS', 'gang-brmms'],
] as const;
type Scheme = (typeof schemes)[number][0];
const loads = [0.2, 0.5, 0.7, 0.9] as const;
const figures = ['r_a', 'n_l', 'n_a', 't_ta', 't_sa', 't_ma', 't_la'] as const;
type Figure = (typeof figures)[number];

/** Tables 1 and 2 of the paper (BRMS appears in both, with the same figures), by scheme and ρ. */
const paperTables: Record<Scheme, Record<number, readonly number[]>> = {
  BC: {
    0.2: [0.19, 3, 1.16, 31.1, 5.67, 40.52, 112.45],
    0.5: [0.46, 6, 2.84, 70.0, 14.04, 89.27, 246.08],
    0.7: [0.55, 10, 5.23, 129.65, 25.03, 166.21, 456.72],
    0.9: [0.58, 14, 7.62, 189.6, 35.91, 246.73, 670.42],
  },
  BR: {
    0.2: [0.19, 3, 0.45, 30.01, 5.52, 39.29, 108.18],
    0.5: [0.46, 5, 2.27, 58.65, 11.68, 75.23, 206.45],
    0.7: [0.58, 8, 4.09, 102.21, 20.27, 130.17, 359.0],
    0.9: [0.65, 11, 6.0, 150.18, 29.5, 195.49, 526.64],
  },
  BRMS: {
    0.2: [0.19, 4, 0.57, 29.25, 5.37, 37.86, 106.56],
    0.5: [0.45, 15, 6.11, 57.28, 15.99, 73.83, 184.98],
    0.7: [0.53, 30, 14.39, 96.95, 35.78, 128.23, 271.12],
    0.9: [0.56, 43, 20.17, 120.53, 51.84, 170.61, 356.94],
  },
  'BRMMS*': {
    0.2: [0.19, 3, 0.45, 28.81, 5.26, 37.21, 105.38],
    0.5: [0.46, 7, 2.78, 49.19, 9.98, 62.18, 178.27],
    0.7: [0.55, 13, 6.14, 81.47, 18.5, 103.76, 280.47],
    0.9: [0.58, 20, 9.86, 117.71, 29.07, 153.45, 391.67],
  },
  BRMMS: {
    0.2: [0.19, 3, 0.44, 28.66, 5.24, 37.09, 104.68],
    0.5: [0.47, 5, 2.06, 44.05, 8.77, 55.82, 159.75],
    0.7: [0.61, 7, 3.58, 66.23, 13.96, 83.19, 234.05],
    0.9: [0.68, 10, 5.51, 98.51, 20.8, 124.69, 345.48],
  },
};

/** The paper's time slot: turnaround times are given in slots. */
const SLOT = 5;

interface Cell {
  readonly scheme: Scheme;
  readonly load: number;
  readonly figures: Readonly<Record<Figure, ConfidenceInterval>>;
}

export const zhou99: Paper = {
  name: 'zhou-99',
  title:
    'Zhou, Mackerras, Johnson, Walsh & Brent 1999: buddy-based gang scheduling with re-packing and multiple slots (Tables 1–2)',
  reproduce,
};

async function reproduce(o: ReproduceOptions): Promise<Reproduction> {
  const levels = o.quick ? ([0.5, 0.9] as const) : loads;
  const sets = Array.from({ length: o.seeds ?? (o.quick ? 3 : 20) }, (_, i) => i + 1);
  const jobs = o.jobs ?? 200;
  // Every run asked for at once (the runner spreads them over its workers), read back in order.
  const grid = levels.flatMap((load) =>
    schemes.map(([scheme, discipline]) => ({ load, scheme, discipline })),
  );
  const cells: Cell[] = await Promise.all(
    grid.map(async ({ load, scheme, discipline }) => {
      const reports = await Promise.all(
        sets.map((seed) =>
          o.runner.run({
            discipline,
            workload: { kind: 'model', model: 'zhou-99', jobs, load },
            seed,
            settings: { profile: 'gang' },
          }),
        ),
      );
      const values = Object.fromEntries(figures.map((f) => [f, [] as number[]])) as Record<Figure, number[]>;
      for (const report of reports) {
        const counters = report.result.counters[discipline] ?? {};
        for (const f of figures) {
          const value = counters[f];
          if (value === undefined)
            throw new ConfigError(
              `${discipline} reported no '${f}' counter; a gang scheme reports ${figures.join(', ')}`,
            );
          values[f].push(f.startsWith('t_') ? value / SLOT : value);
        }
      }
      const ci = Object.fromEntries(
        figures.map((f) => [f, confidenceInterval(values[f])]),
      ) as Cell['figures'];
      return { scheme, load, figures: ci };
    }),
  );
  const rows = cells.map((c) => ({
    scheme: c.scheme,
    load: c.load,
    ...Object.fromEntries(
      figures.flatMap((f, i) => [
        [f, c.figures[f].mean],
        [`${f}HalfWidth`, c.figures[f].halfWidth],
        [`paper_${f}`, paperTables[c.scheme][c.load]![i]!],
      ]),
    ),
  }));
  const cellOf = (scheme: Scheme, load: number) => cells.find((c) => c.scheme === scheme && c.load === load)!;
  const table = renderTable(
    ['scheme', 'ρ', ...figures.map((f) => `${f}: ours / paper`)],
    levels.flatMap((load) =>
      schemes.map(([scheme]) => {
        const c = cellOf(scheme, load);
        return [
          scheme,
          load,
          ...figures.map(
            (f, i) =>
              `${formatFigure(c.figures[f].mean)} ± ${formatFigure(c.figures[f].halfWidth)} / ${paperTables[scheme][load]![i]}`,
          ),
        ];
      }),
    ),
  );
  const text = [
    zhou99.title,
    `zhou-99, 128 processors, ${sets.length} sets of ${jobs} jobs per load, gang profile, quantum 5 s; each figure a mean over the sets ± the 95 % half-width; turnaround times in slots of ${SLOT} s.`,
    '',
    table,
    '',
    'Shape (ours, at the highest load):',
    ...shape(levels[levels.length - 1]!, cellOf).map((l) => `  ${l}`),
    '',
    'Paper (§4–5): BR beats BC on every figure, most at high load. BRMS lowers overall turnaround but raises',
    "small jobs' turnaround, inflates the slot counts several-fold and can push r_a below BC's at high load.",
    'BRMMS is best overall: fewest slots among the multi-slot schemes, highest r_a, best small-job turnaround.',
    '',
    ...departures,
  ].join('\n');
  return {
    paper: zhou99.name,
    text,
    rows,
    data: { paper: zhou99.title, departures, sets: sets.length, jobs, cells },
  };
}

/** Where our tables depart from the paper's, and why (measured; see the module's comment). */
const departures = [
  "Where we depart: slot counts and turnarounds sit about 1.5× the paper's for every scheme (r_a within 0.1); the",
  "paper's low-load slot counts need larger jobs than sizes log-uniform over 1…128 give. It is not our simulator:",
  'a BC written apart from ours, from the rules alone, ends every job of the 40 sets at ρ = 0.2 and 0.9 where',
  'ours does (t_ta 299.6 at 0.9; placing slot-first 263). Relative to BR, BC and BRMMS follow the paper; BRMS',
  'gains more and hurts small jobs less (t_ta ÷ BR 0.61 vs 0.80, t_sa 1.06 vs 1.76), so BRMS, not BRMMS, has the',
  "best turnaround. A new job takes its block's idle cells as extra slots at once, but withholding them moves",
  "t_sa only to 1.13. BRMMS* keeps fewer slots (n_a ÷ BR 1.46 vs 1.64). BRMS's r_a stays above BC's (0.561 vs",
  "0.508; paper 0.56 vs 0.58): holding a finished job's cells idle until a job is placed or a slot deleted (§4)",
  "idles only 1.1 % of the capacity and moves r_a by −0.005 ± 0.011. Relative to BR, BC's r_a is the paper's",
  "(0.86 of BR's vs 0.89) and BRMS's is not (0.954 vs 0.86); it falls below BC's in 1 of the 20 sets at ρ = 0.9",
  "(4 at 0.7). Extra slots only in slots added for new jobs (freed cells left idle) remove nearly all of BRMS's",
  'gain (t_ta ÷ BR 0.98); the order in which jobs take idle cells barely matters.',
];

/** The paper's claims against our cells at one load, one line each with the figures behind it. */
function shape(load: number, cellOf: (s: Scheme, l: number) => Cell): string[] {
  const m = (s: Scheme, f: Figure) => cellOf(s, load).figures[f].mean;
  const lowerBetter: Figure[] = ['n_l', 'n_a', 't_ta', 't_sa', 't_ma', 't_la'];
  const brBeatsBc = [
    ...lowerBetter.filter((f) => m('BR', f) <= m('BC', f)),
    ...(m('BR', 'r_a') >= m('BC', 'r_a') ? ['r_a'] : []),
  ];
  const multi: Scheme[] = ['BRMS', 'BRMMS*', 'BRMMS'];
  const best = (f: Figure, higher = false) =>
    schemes.map(([s]) => s).reduce((a, b) => ((higher ? m(b, f) > m(a, f) : m(b, f) < m(a, f)) ? b : a));
  return [
    `BR no worse than BC on ${brBeatsBc.length} of 7 figures (${brBeatsBc.join(', ')})`,
    `BRMS ÷ BR: t_ta ${formatFigure(m('BRMS', 't_ta') / m('BR', 't_ta'))}, t_sa ${formatFigure(m('BRMS', 't_sa') / m('BR', 't_sa'))}, n_a ${formatFigure(m('BRMS', 'n_a') / m('BR', 'n_a'))}, n_l ${formatFigure(m('BRMS', 'n_l') / m('BR', 'n_l'))}; r_a BRMS ${formatFigure(m('BRMS', 'r_a'))} vs BC ${formatFigure(m('BC', 'r_a'))}`,
    `fewest slots (n_a) among the multi-slot schemes: ${multi.reduce((a, b) => (m(b, 'n_a') < m(a, 'n_a') ? b : a))}`,
    `highest r_a: ${best('r_a', true)}; best t_ta: ${best('t_ta')}; best t_sa: ${best('t_sa')}`,
  ];
}
