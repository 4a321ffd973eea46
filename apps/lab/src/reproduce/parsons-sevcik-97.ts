import { type ConfidenceInterval, confidenceInterval, type RunSummary } from '@js/metrics';
import { formatNumber, renderTable } from '../output/table.ts';
import type { RunPlan } from '../run/runner.ts';
import type { Paper, ReproduceOptions, Reproduction } from './paper.ts';

/**
 * Parsons & Sevcik 1997, §6, Table 3: the LSF disciplines under the four knowledge cases on the
 * paper's workload (`parsons-sevcik-97`: Poisson arrivals at a moderately heavy load, 16
 * simulated processors of 8). The first jobs are tagged and measured; the run ends when every
 * tagged job has left (`tagged-left`), on the `lsf-now-97` platform (30 s dispatch, checkpoints,
 * 5 s decision interval, minimum runs, multiprogramming limit 5). Reported per discipline and
 * case: mean response time and makespan of the tagged jobs, and the longest queue, each a mean
 * over the seeds with a 95 % confidence interval.
 */
const disciplines = [
  'lsf-rtc',
  'lsf-rtc-ad',
  'lsf-rtc-adsubset',
  'lsf-preempt',
  'lsf-preempt-ad',
  'lsf-mig',
  'lsf-mig-ad',
  'lsf-mig-adsubset',
  'lsf-mall-ad',
  'lsf-mall-adsubset',
] as const;
type Discipline = (typeof disciplines)[number];
const cases = ['none', 'demand', 'speedup', 'both'] as const;

/**
 * Offered load λ·E[D]/128 of the runs. The paper says only "an arrival rate that reflects a
 * moderately-heavy load" (§6). Its minimum possible makespan, 65 412 s (§6.2), bounds the last
 * tagged arrival, so 200 arrivals fit in about 65 000 s: load ≥ about 0.19; it does not fix the
 * load, since "the makespan is dictated essentially by the long-running jobs" (§6.2) — a long
 * poor-speedup job (D/9.3 on 128 processors) can set that bound well after the last arrival.
 * Above it we take the load at which our migratable and malleable disciplines sit nearest the
 * paper's 660–860 s while rigid LSF-MIG still drains in every seed: 0.25 (at 0.3 rigid LSF-MIG
 * saturates in one seed of five, makespan ≈ 500 000 s, while the paper's finishes at 83 985 s).
 */
const load = 0.25;
type Case = (typeof cases)[number];

/** Table 3 of the paper: MRT and makespan, s; a string where the paper gives a bound (did not finish). */
const table3: Record<Discipline, Record<Case, readonly [number | string, number | string]>> = {
  'lsf-rtc': { none: [5853, 147951], demand: [4040, 140342], speedup: [5279, 130361], both: [5627, 143507] },
  'lsf-rtc-ad': {
    none: [10611, 129093],
    demand: [8713, 126531],
    speedup: [8034, 91003],
    both: [8946, 126917],
  },
  'lsf-rtc-adsubset': {
    none: [8264, 76637],
    demand: [8410, 81767],
    speedup: [8039, 73324],
    both: [8074, 75340],
  },
  'lsf-preempt': {
    none: [5793, 145440],
    demand: [5039, 143686],
    speedup: [5280, 130314],
    both: [5028, 143631],
  },
  'lsf-preempt-ad': {
    none: ['> 2293', '> 219105 (2)'],
    demand: [1078, 127204],
    speedup: [2207, 172768],
    both: [821, 111489],
  },
  'lsf-mig': { none: [678, 83985], demand: [662, 81836], speedup: [690, 82214], both: [660, 82708] },
  'lsf-mig-ad': {
    none: [769, 88488],
    demand: [858, 103876],
    speedup: [784, 86080],
    both: ['> 1342', '> 192031 (1)'],
  },
  'lsf-mig-adsubset': {
    none: [770, 90789],
    demand: [854, 106065],
    speedup: [769, 85828],
    both: ['> 1347', '> 193772 (1)'],
  },
  'lsf-mall-ad': { none: [667, 77534], demand: [632, 78760], speedup: [666, 78215], both: [650, 78840] },
  'lsf-mall-adsubset': {
    none: [681, 78537],
    demand: [680, 79191],
    speedup: [680, 76481],
    both: [644, 78065],
  },
};

/**
 * The paper's long job (§6.2: "one job had a sequential service demand of 265000 seconds, or
 * almost 74 hours"), planted by the model's `longJob` option for the conditioned grid: in each
 * seed's sequence one of the tagged jobs, drawn uniformly, gets this demand and poor speedup; its
 * arrival and sizes, and every other job, stay as drawn. Our unconditioned sequences rarely hold
 * such a job (among seeds 1–40, six have a tagged poor-speedup job that runs 20 000 s or more).
 */
const longJobDemand = 265_000;

/** Which sequences a grid runs on: as drawn, or with the paper's long job planted. */
type Sequence = 'drawn' | 'long-job';

interface Result {
  readonly sequence: Sequence;
  readonly discipline: Discipline;
  readonly knowledge: Case;
  readonly responseTime: ConfidenceInterval;
  readonly makespan: ConfidenceInterval;
  readonly maxQueue: ConfidenceInterval;
  /** Seeds whose run did not end with every tagged job gone (saturated). */
  readonly unfinished: number;
}

export const parsonsSevcik97: Paper = {
  name: 'parsons-sevcik-97',
  title: 'Parsons & Sevcik 1997: LSF scheduling disciplines under four knowledge cases (Table 3)',
  reproduce,
};

async function reproduce(o: ReproduceOptions): Promise<Reproduction> {
  const tagged = o.quick ? 40 : 200;
  const jobs = o.jobs ?? (o.quick ? 200 : 2000);
  const seeds = Array.from({ length: o.seeds ?? (o.quick ? 1 : 5) }, (_, i) => i + 1);
  const registered = new Set(o.settings.registry.disciplines().map((d) => d.definition.name));
  // Every run asked for at once (the runner spreads them over its workers), read back in order.
  const grid = (sequence: Sequence, knowledge: readonly Case[]): Promise<Result[]> =>
    Promise.all(
      disciplines
        .filter((d) => registered.has(d))
        .flatMap((d) => knowledge.map((k) => [d, k] as const))
        .map(async ([discipline, knowledge]) => {
          const summaries = (
            await Promise.all(
              seeds.map((seed) => o.runner.run(plan(discipline, knowledge, seed, tagged, jobs, sequence))),
            )
          ).map((r) => r.summary);
          const ci = (f: (s: RunSummary) => number) => confidenceInterval(summaries.map(f));
          return {
            sequence,
            discipline,
            knowledge,
            responseTime: ci((s) => s.response.mean),
            makespan: ci((s) => s.makespan),
            maxQueue: ci((s) => s.maxQueueLength),
            unfinished: summaries.filter((s) => s.status !== 'stopped' && s.status !== 'completed').length,
          };
        }),
    );
  // The conditioned grid runs the no-knowledge case only under --quick, to keep it quick.
  const [results, conditioned] = await Promise.all([
    grid('drawn', cases),
    grid('long-job', o.quick ? ['none'] : cases),
  ]);
  return {
    paper: parsonsSevcik97.name,
    text: [
      report(results, tagged, jobs, seeds.length, registered),
      '',
      longJobReport(conditioned, tagged),
    ].join('\n'),
    rows: [...results, ...conditioned].map((r) => ({
      sequence: r.sequence,
      discipline: r.discipline,
      knowledge: r.knowledge,
      responseTime: r.responseTime.mean,
      responseHalfWidth: r.responseTime.halfWidth,
      makespan: r.makespan.mean,
      makespanHalfWidth: r.makespan.halfWidth,
      maxQueue: r.maxQueue.mean,
      unfinished: r.unfinished,
      paperResponseTime: String(table3[r.discipline][r.knowledge][0]),
      paperMakespan: String(table3[r.discipline][r.knowledge][1]),
    })),
    data: {
      paper: parsonsSevcik97.title,
      tagged,
      jobs,
      seeds,
      results,
      longJob: { demand: longJobDemand, among: tagged, results: conditioned },
    },
  };
}

/** One run of the grid: the discipline under a knowledge case on one seed's job sequence. */
function plan(
  discipline: Discipline,
  knowledge: Case,
  seed: number,
  tagged: number,
  jobs: number,
  sequence: Sequence,
): RunPlan {
  const options = sequence === 'long-job' ? { longJob: { demand: longJobDemand, among: tagged } } : {};
  return {
    discipline,
    workload: { kind: 'model', model: 'parsons-sevcik-97', jobs, load, options },
    seed,
    settings: {
      profile: 'lsf-now-97',
      stop: `tagged-left:${tagged}`,
      metrics: { measuredJobs: tagged },
      knowledge: {
        demand: knowledge === 'demand' || knowledge === 'both',
        speedup: knowledge === 'speedup' || knowledge === 'both',
      },
      // A discipline that cannot keep up ends as saturated (the paper: "did not terminate").
      limits: { maxQueued: 500 },
    },
  };
}

/**
 * Where and why we depart from Table 3, measured on the default grid (load 0.25, 200 tagged jobs
 * of 2000, seeds 1–5) and on load sweeps with the same seeds (`--jobs`/`--seeds` change the runs,
 * not these sentences).
 */
const note = [
  `Load ${load} (λ·E[D]/128): the paper gives no rate; its minimum makespan 65,412 s only bounds it below (≈ 0.19).`,
  'LSF-MIG and relatives order jobs by least acquired processing time (multilevel feedback, §6.2) and re-evaluate at',
  'arrivals, departures and every 60 s quantum; the migratable/malleable MRTs (none: MIG 827, MIG-AD 557, MALL-AD 562)',
  "sit within −28 %…+22 % of the paper's 678 / 769 / 667.",
  'Departures, with numbers:',
  "- RTC MRT 1,278 s vs 5,853 (ratio RTC / MALL-AD 2.3 vs the paper's 8.8). No load gives both: RTC / MALL-AD is",
  '  1.7 at 0.2, 2.3 at 0.25, 3.1 at 0.3 (RTC 2,088) while rigid LSF-MIG saturates at 0.3 in 1 seed of 5 (MRT 5,929,',
  "  makespan ≈ 500,000 s); at 0.5 RTC reaches 6,754 but MALL-AD is 6,906 and MIG 22,436. The paper's table is one job",
  '  sequence: our seed 5 alone gives RTC 3,008 vs MALL-AD 848 (3.5×) at 0.25 and RTC 5,010 at 0.3.',
  '- Makespans ≈ 50,800 s for every discipline: 200 arrivals at a mean gap of 250 s end near 50,000 s and the last',
  "  tagged job leaves within 6 % of that. The paper's exceed its own minimum (65,412) by 19 % (MALL-AD) to 126 %",
  '  (RTC), up to ≈ 82,500 s late: wide jobs starved behind long ones (its Fig. 5); in ours they do not, so',
  '  ADSUBSET cannot halve the RTC makespan (50,672 vs 50,807) and RTC queues peak at 12–16 jobs, not 60.',
  '- RTC-AD/ADSUBSET MRT below RTC (851 / 754 vs 1,278; the paper: above, 10,611 / 8,264): without starvation the',
  '  adaptive ones gain more from filling idle processors than they lose to small allocations.',
  '- Runs the paper did not finish finish here: PREEMPT-AD (none) 551 s, MIG-AD and MIG-ADSUBSET (both) 475 / 588 s.',
  '- Demand knowledge raises MIG-AD to 610 s and MALL-AD to 671 s (none 557 / 562), mostly in seed 5',
  '  (741 → 1,248 and 825 → 1,398; the other seeds −37…+33 s): without speedup knowledge the remaining demand',
  '  counts acquired processor time as work done (the paper: remaining time "will only be accurate if speedup',
  '  information is available", §5), so a poor-speedup job\'s estimate reaches zero after E(k) = T(1)/(k·T(k)) of',
  '  its run and it goes first from then on. Seed 5 holds tagged poor-speedup jobs of 30–56 ks demand; with the',
  '  long job below the effect is large.',
];

function report(
  results: readonly Result[],
  tagged: number,
  jobs: number,
  seeds: number,
  registered: ReadonlySet<string>,
): string {
  return [
    parsonsSevcik97.title,
    `${tagged} tagged jobs of ${jobs}, ${seeds} seed${seeds > 1 ? 's' : ''} per cell, lsf-now-97; means over the seeds ("> x (n unf.)": n seeds saturated before every tagged job left).`,
    '',
    ...tables(results),
    ...(disciplines.some((d) => !registered.has(d))
      ? ['', `"—": not registered yet (${disciplines.filter((d) => !registered.has(d)).join(', ')}).`]
      : []),
    '',
    'Paper (§6.2): run-to-completion MRT up to an order of magnitude above migratable and malleable;',
    'LSF-PREEMPT no better than LSF-RTC, LSF-PREEMPT-AD much better; adaptive subset RTC cuts the makespan;',
    'malleable adaptive best or tied-best in MRT in every case; RTC queues grow to tens of jobs, MIG/MALL stay short.',
    '',
    ...note,
  ].join('\n');
}

/** What the conditioned grid shows, measured on the default grid (seeds 1–5, no knowledge). */
const longJobNote = [
  "With the long job, RTC's starvation appears: its MRT rises to 5,222–17,159 s per seed (the paper: 5,853) and",
  'its queue to 81–134 jobs (the paper: up to 60).',
  "MALL-AD's makespan follows the long job's minimum processor count, which the paper does not give:",
  '- minimum 3 and 2 (seeds 1, 4): 68,371 / 67,271 s, MRT 890 / 826 s, RTC / MALL-AD 7.4 / 12.9 (the paper:',
  '  77,534 s, 667 s, 8.8);',
  '- minimum 10, 12 and 16 (seeds 2, 3, 5): 103,397 / 438,763 / 596,121 s. Without knowledge, MALL-AD serves jobs',
  '  in order of least acquired processing time, so a long job that has acquired much runs only when the',
  "  others' minimums leave it room. The wider its minimum, the rarer that is while untagged jobs keep arriving.",
  '  With its minimum set (model option longJob.minSize, same seeds, no knowledge) MALL-AD ends at 76,999 / 75,203 /',
  '  77,062 s for minimum 1 / 2 / 4 (MRT 934 / 901 / 954), at 91,422 s for 8, 218,712 s for 12, 301,045 s for 16.',
  '  Nothing in §5 keeps a wide long job running (a job of age is fitted on its minimum after every job that has',
  '  acquired less); §6.2 says adaptive schedulers gave long jobs "a small number of processors", which needs a',
  '  small minimum.',
  'Demand knowledge alone makes MIG-AD and MALL-AD much worse here (MRT 2,149 → 5,370 s and 1,808 → 3,529 s): the',
  "long job's remaining demand, read as 265,000/6.4 s less its processor time, reaches zero after 9 % of its run on",
  '16 processors; from then on it is first in every order. MIG-AD keeps it on the count it started on (seed 1: all',
  '16, from 37,762 to 64,007 s; the 55 tagged jobs arriving meanwhile respond in 24.9 ks median, not 0.5 ks).',
  'MALL-AD keeps its minimum taken, so jobs wider than the rest wait for it to end (seed 1, minimum 3: jobs of',
  "minimum 14–16 wait 14–25 ks). With both kinds of knowledge the estimate follows the job's progress, whatever",
  'counts it ran on, and both do better than without any (1,283 / 1,144 s).',
  "Rigid LSF-MIG's makespan (none: 474,127 s; the paper: 83,985) is the same starvation. §5.1 re-selects every job of",
  'age by first fit in order of least acquired processing time on its desired count, and restarts a migrated one',
  'on that count, so a job that has acquired much runs only when the others leave it that many processors; nothing',
  'in §5.1 keeps it going (§6.2 sees the same in MIG-AD: "the scheduler must be capable of preempting a sufficient',
  'number of running jobs"). Rigid jobs hold about 74 % of the machine here (poor-speedup jobs run at 7–11 %',
  "efficiency on their desired counts): after the long job's arrival the others leave 15 processors free 11 % of",
  'the time in seed 3 (desired 15), all 16 free 9 % in seed 4. The long job ends at 112 / 140 ks on desired 7 / 10',
  '(seeds 1, 2) and at 644–758 ks on 15–16, and other wide tagged jobs starve alike (seed 1: one of 15, 39 → 165 ks).',
  'longJob.minSize 1–4 changes nothing (a rigid job runs on its desired count); longJob.size 1 / 2 / 4 / 8 gives',
  '108,013 / 89,555 / 93,772 / 137,934 s. Less the long job, the MRT is 749–1,786 s per seed (with it 1,383–5,447).',
  "RTC's makespan (71,700 s; the paper 147,951) is why ADSUBSET does not halve it: ours starts the long job at once",
  'or nearly (FCFS reaches it within 0–8 ks of its arrival even when it asks for all 16: longJob.size 16, RTC 75,032',
  's) and the tagged jobs queued behind it leave 6–21 ks after it; a higher load does not lengthen it (0.3: 67,674',
  "s). The paper's RTC makespans, 130–148 ks in every knowledge case, read as the long job waiting ≈ 80 ks for free",
  'processors (Fig. 5: "the system rarely reaches a state where all processors are available"); ours waits so only',
  'when SPT puts it last (demand: 117,608 s). RTC-ADSUBSET (103,497 s) ends with jobs of wide minimum (12–16) that',
  'the subset-sum starves while 110–130 queued small minimums fill every gap (seeds 1, 2, 5: 99 / 150 / 128 ks), the',
  'effect §6.2 says SUBSET "cannot counteract". The paper\'s ≈ 77 ks for ADSUBSET and MALL-AD fit its long job run',
  'on 8 real processors from its arrival (36,917 s, if its minimum makespan 65,412 s is that arrival plus 265,000 /',
  '9.3 s) for 265,000 / 6.4 = 41,406 s: with longJob minSize 1 and size 16 ours gives ADSUBSET 92,458 s, MALL-AD',
  '76,999 s.',
];

/** The same tables on the sequences that hold the paper's long job. */
function longJobReport(results: readonly Result[], tagged: number): string {
  return [
    `Conditioned on the paper's long job (§6.2): in every sequence one of the ${tagged} tagged jobs, drawn`,
    `uniformly (model option longJob), has a service demand of ${formatNumber(longJobDemand)} s and poor speedup`,
    '(its arrival and sizes, and every other job, as drawn above). Same seeds and settings.',
    '',
    ...tables(results),
    '',
    ...longJobNote,
  ].join('\n');
}

/** MRT and makespan beside Table 3, and the longest queue, for the knowledge cases `results` has. */
function tables(results: readonly Result[]): string[] {
  const shown = cases.filter((c) => results.some((r) => r.knowledge === c));
  const cell = (r: Result, f: (r: Result) => ConfidenceInterval) =>
    r.unfinished > 0
      ? `> ${formatNumber(Math.round(f(r).mean))} (${r.unfinished} unf.)`
      : formatNumber(Math.round(f(r).mean));
  const table = (what: 'MRT' | 'makespan', f: (r: Result) => ConfidenceInterval, paperIndex: 0 | 1) =>
    renderTable(
      ['discipline', ...shown.map((c) => `${c}: ours / paper`)],
      disciplines.map((d) => [
        d,
        ...shown.map((c) => {
          const r = results.find((x) => x.discipline === d && x.knowledge === c);
          const paper = table3[d][c][paperIndex];
          return `${r ? cell(r, f) : '—'} / ${typeof paper === 'number' ? formatNumber(paper) : paper}`;
        }),
      ]),
    ).replace(/^/, `${what} of the tagged jobs, s\n`);
  const queues = renderTable(
    ['discipline', ...shown],
    disciplines.map((d) => [
      d,
      ...shown.map((c) => results.find((x) => x.discipline === d && x.knowledge === c)?.maxQueue.mean ?? '—'),
    ]),
  );
  return [
    table('MRT', (r) => r.responseTime, 0),
    '',
    table('makespan', (r) => r.makespan, 1),
    '',
    'Longest queue (jobs), mean over the seeds',
    queues,
  ];
}
