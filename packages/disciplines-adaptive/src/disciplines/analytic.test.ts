import { type Job, RandomStreams } from '@js/core';
import { checkRun } from '@js/core/testing';
import { describe, expect, it } from 'vitest';
import { sevcikJob } from './adaptive.test-support.ts';
import { aep } from './aep.ts';
import { ap1 } from './ap1.ts';

/**
 * §4: with one job type T(n), AEP's target n = P/N gives W(n) = ((1 − ρ_a)/ρ_a)·T(n), AP1's
 * n = P/L gives W(n) = T(n)/ρ_a: as the load rises AEP's wait becomes small next to its execution
 * time, AP1's does not. One WK2-like job type (W = 100, p_max = 64 so only the target binds,
 * μ = 0.4) on P = 32, Poisson arrivals at offered load ρ = λ·T(1)/P.
 */
const P = 32;
const W = 100;
const c = 1 / 64 ** 2;
const one = sevcikJob(0, 0, W, 64, W * c ** 0.4, W * c);
const T1 = one.executionTime!(1);

function poisson(load: number, count: number): Job[] {
  const arrivals = new RandomStreams(1).stream('arrivals');
  const mean = T1 / (P * load);
  let t = 0;
  return Array.from({ length: count }, (_, i) => {
    t += -Math.log(1 - arrivals.next()) * mean;
    return { ...one, id: i + 1, submit: t };
  });
}

/** Mean wait over mean execution time, the first 500 jobs left out as warm-up (§6). */
async function waitOverExecution(discipline: typeof aep, load: number): Promise<number> {
  const run = await checkRun(discipline, { nodes: P }, poisson(load, 2500));
  expect(run.violations).toEqual([]);
  const measured = run.outcomes.filter((o) => o.arrival >= 500);
  const wait = measured.reduce((s, o) => s + o.start - o.job.submit, 0);
  const execution = measured.reduce((s, o) => s + o.end - o.start, 0);
  return wait / execution;
}

describe('the analytic comparison of AEP and AP1 (§4), simulated', () => {
  it('AEP’s wait falls well below its execution time as the load rises; AP1’s stays a sizeable part of it', async () => {
    const loads = [0.3, 0.5, 0.7, 0.9];
    const aepRatio: number[] = [];
    const ap1Ratio: number[] = [];
    for (const load of loads) {
      aepRatio.push(await waitOverExecution(aep, load));
      ap1Ratio.push(await waitOverExecution(ap1, load));
    }
    // From medium load on, AEP waits less than half as long, relative to its run, as AP1.
    for (let k = 1; k < loads.length; k++) expect(aepRatio[k]!).toBeLessThan(0.5 * ap1Ratio[k]!);
    // AEP's ratio falls with the load (to a quarter from 30 % to 70 %); AP1's never drops below 0.2.
    expect(aepRatio[2]!).toBeLessThan(0.25 * aepRatio[0]!);
    for (const r of ap1Ratio) expect(r).toBeGreaterThan(0.2);
  });
});
