import { ConfigError, type Job, OptionsError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { swfFieldIndex as F } from '../swf/fields.ts';
import { readSwf } from '../swf/reader.ts';
import { traceFiles, traceUrl } from '../testing/traces.ts';
import { Cleaner, cleanJobs } from './clean.ts';

const job = (id: number, over: Partial<Job> = {}): Job => ({
  id,
  submit: id,
  size: 4,
  runtime: 100,
  estimate: 200,
  ...over,
});

const jobs: Job[] = [
  job(1),
  job(2, { runtime: 0 }),
  job(3, { runtime: -1 }),
  job(4, { size: 0 }),
  job(5, { size: 20 }),
  job(6, { estimate: Number.POSITIVE_INFINITY }),
  job(7, { runtime: 300 }),
  job(8, { runtime: -1, estimate: Number.POSITIVE_INFINITY }),
];

const run = (rules?: ConstructorParameters<typeof Cleaner>[1]) => {
  const cleaned = cleanJobs(jobs, 16, rules);
  return { out: [...cleaned.jobs], report: cleaned.report() };
};

describe('cleaning rules', () => {
  it('by default drops unusable jobs, estimates unknowns by the runtime and clips overruns', () => {
    const { out, report } = run();
    expect(out).toEqual([job(1), job(6, { estimate: 100 }), job(7, { runtime: 200 })]);
    expect(report).toEqual({
      jobsIn: 8,
      jobsOut: 3,
      rules: {
        nonPositiveRuntime: 'drop',
        nonPositiveSize: 'drop',
        widerThanMachine: 'drop',
        unknownEstimate: 'runtime',
        runtimeAboveRequest: 'clip-runtime',
      },
      counts: {
        nonPositiveRuntime: 3,
        nonPositiveSize: 1,
        widerThanMachine: 1,
        unknownEstimate: 1,
        runtimeAboveRequest: 1,
      },
    });
  });

  it('keep-as-1s keeps non-positive runtimes as 1-second jobs', () => {
    const { out, report } = run({ nonPositiveRuntime: 'keep-as-1s' });
    expect(out.map((j) => j.id)).toEqual([1, 2, 3, 6, 7, 8]);
    expect(out.find((j) => j.id === 2)).toEqual(job(2, { runtime: 1 }));
    // Job 8 had no estimate either: it gets its new runtime as estimate.
    expect(out.find((j) => j.id === 8)).toEqual(job(8, { runtime: 1, estimate: 1 }));
    expect(report.counts).toMatchObject({ nonPositiveRuntime: 3, unknownEstimate: 2 });
    expect(report.jobsOut).toBe(6);
  });

  it('clip narrows a job wider than the machine', () => {
    const { out, report } = run({ widerThanMachine: 'clip' });
    expect(out.find((j) => j.id === 5)).toEqual(job(5, { size: 16 }));
    expect(report.counts.widerThanMachine).toBe(1);
  });

  it('infinity leaves an unknown estimate unknown (and then nothing overruns it)', () => {
    const { out, report } = run({ unknownEstimate: 'infinity' });
    expect(out.find((j) => j.id === 6)).toEqual(job(6, { estimate: Number.POSITIVE_INFINITY }));
    expect(report.counts).toMatchObject({ unknownEstimate: 1, runtimeAboveRequest: 1 });
  });

  it('keep and raise-estimate treat an overrun as asked', () => {
    expect(run({ runtimeAboveRequest: 'keep' }).out.find((j) => j.id === 7)).toEqual(
      job(7, { runtime: 300 }),
    );
    expect(run({ runtimeAboveRequest: 'raise-estimate' }).out.find((j) => j.id === 7)).toEqual(
      job(7, { runtime: 300, estimate: 300 }),
    );
  });

  it('works on async streams too, lazily', async () => {
    let produced = 0;
    async function* source() {
      for (const j of jobs) {
        produced++;
        yield j;
      }
    }
    const cleaned = cleanJobs(source(), 16);
    const iterator = cleaned.jobs[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual(job(1));
    expect(produced).toBe(1);
    const rest: Job[] = [];
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) rest.push(r.value);
    expect(rest.map((j) => j.id)).toEqual([6, 7]);
    expect(cleaned.report().jobsIn).toBe(8);
  });

  it('rejects an unknown action, naming the rule, the value and the choices', () => {
    let error: unknown;
    try {
      new Cleaner(16, { widerThanMachine: 'squeeze' as 'clip' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as Error).message).toMatch(/widerThanMachine = "squeeze".*"drop".*"clip"/);
    expect(() => new Cleaner(16, { tidy: true } as object)).toThrow(OptionsError);
    expect(() => new Cleaner(0)).toThrow(ConfigError);
  });
});

describe('cleaning real traces', () => {
  it('SDSC-SP2: counts match the trace facts (5,681 runtime ≤ 0 dropped, 4,134 overruns clipped)', async () => {
    const trace = await readSwf(traceUrl(traceFiles.sdscSp2));
    // Count unknown requested times among the jobs that survive the first rules, from the raw fields.
    let unknownAmongKept = 0;
    let kept = 0;
    let overruns = 0;
    const cleaner = new Cleaner(trace.header.maxProcs!);
    for await (const j of trace.jobs) {
      if (j.runtime > 0 && j.size > 0 && j.swf![F.requestedTime]! <= 0) unknownAmongKept++;
      const out = cleaner.apply(j);
      if (out) {
        kept++;
        if (out.runtime > out.estimate) overruns++;
      }
    }
    const report = cleaner.report();
    expect(report.jobsIn).toBe(59_715);
    expect(report.counts).toEqual({
      nonPositiveRuntime: 5_681,
      nonPositiveSize: 0,
      widerThanMachine: 0,
      unknownEstimate: unknownAmongKept,
      runtimeAboveRequest: 4_134,
    });
    expect(report.jobsOut).toBe(kept);
    expect(kept).toBe(59_715 - 5_681);
    expect(overruns).toBe(0);
  });

  // The one KTH job with no processor count (line 27313) ran for 1 s, so the rules do not overlap.
  it('KTH: 8 runtime ≤ 0 and 1 size ≤ 0 leave 28,467 jobs; its 475 overruns are clipped', async () => {
    const trace = await readSwf(traceUrl(traceFiles.kth));
    const cleaned = cleanJobs(trace.jobs, 100);
    let n = 0;
    for await (const _ of cleaned.jobs) n++;
    const { counts, jobsOut } = cleaned.report();
    expect(counts).toEqual({
      nonPositiveRuntime: 8,
      nonPositiveSize: 1,
      widerThanMachine: 0,
      unknownEstimate: 0,
      runtimeAboveRequest: 475,
    });
    expect(jobsOut).toBe(n);
    expect(n).toBe(28_467);
  });
});
