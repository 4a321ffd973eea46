import type { Job } from '@js/core';
import { describe, expect, it } from 'vitest';
import { modelWorkload } from '../models/workload.ts';
import { traceFiles, traceUrl } from '../testing/traces.ts';
import { openWorkload } from '../workload/open.ts';
import { arrivalScaleForLoad, measureOfferedLoad, scaleArrivals } from './time-scale.ts';

const job = (id: number, submit: number, size = 2, runtime = 10): Job => ({
  id,
  submit,
  size,
  runtime,
  estimate: runtime,
});

describe('scaleArrivals: any job stream at another load', () => {
  it('stretches submit times about the first job and leaves the rest alone', () => {
    const jobs = [job(1, 100), job(2, 110), job(3, 130, 4, 50)];
    expect([...scaleArrivals(jobs, 2)]).toEqual([job(1, 100), job(2, 120), job(3, 160, 4, 50)]);
    expect([...scaleArrivals(jobs, 0.5)].map((j) => j.submit)).toEqual([100, 105, 115]);
  });

  it('measured load × old span = load × new span: the target load comes out exactly', async () => {
    const w = modelWorkload('lublin99', { jobs: 5000 });
    const own = await measureOfferedLoad(w.jobs, 128);
    const scaled = scaleArrivals(w.jobs, arrivalScaleForLoad(own, 0.8));
    expect(await measureOfferedLoad(scaled, 128)).toBeCloseTo(0.8, 10);
  });

  it('works on async trace streams and rewrites the SWF submit field too', async () => {
    const trace = await openWorkload(traceUrl(traceFiles.kth));
    const own = await measureOfferedLoad(trace.jobs, 100);
    expect(own).toBeGreaterThan(0.5); // KTH SP2 ran at roughly 70 % utilisation
    const scaled = scaleArrivals(trace.jobs as AsyncIterable<Job>, 2);
    let first: Job | undefined;
    let count = 0;
    for await (const j of scaled) {
      first ??= j;
      if (count++ === 10) {
        expect(j.swf![1]).toBe(j.submit);
        expect(j.submit - first.submit).toBeGreaterThan(0);
      }
    }
    expect(await measureOfferedLoad(scaleArrivals(trace.jobs as AsyncIterable<Job>, 2), 100)).toBeCloseTo(
      own / 2,
      10,
    );
  });

  it('an SWF workload spec can ask for a load: its arrivals are scaled to it', async () => {
    const w = await openWorkload({ kind: 'swf', path: traceUrl(traceFiles.kth).pathname, load: 0.95 });
    expect(await measureOfferedLoad(w.jobs, w.processors)).toBeCloseTo(0.95, 10);
  });

  it('rejects a factor that is not positive and finite', () => {
    expect(() => scaleArrivals([job(1, 0)], 0)).toThrow(RangeError);
    expect(() => scaleArrivals([job(1, 0)], Number.POSITIVE_INFINITY)).toThrow(/positive finite/);
  });
});
