import { describe, expect, it } from 'vitest';
import { traceFiles, traceUrl } from '../testing/traces.ts';
import { swfFieldIndex as F } from './fields.ts';
import { readSwf } from './reader.ts';

/**
 * The facts `shared/traces/SOURCES.md` states about the eight real traces, counted by our
 * reader. A miscount of jobs, a wrong field, a lost line or a wrong size fallback shows up here.
 */
interface Facts {
  jobs: number;
  maxProcs: number;
  maxNodes: number;
  runtimeNotPositive: number;
  sizeNotPositive: number;
  runtimeAboveRequest?: number;
  widest?: number;
}

const facts: Record<keyof typeof traceFiles, Facts> = {
  kth: {
    jobs: 28_476,
    maxProcs: 100,
    maxNodes: 100,
    runtimeNotPositive: 8,
    sizeNotPositive: 1,
    runtimeAboveRequest: 475,
  },
  sdscSp2: {
    jobs: 59_715,
    maxProcs: 128,
    maxNodes: 128,
    runtimeNotPositive: 5_681,
    sizeNotPositive: 0,
    runtimeAboveRequest: 4_134,
  },
  hpc2n: {
    jobs: 202_871,
    maxProcs: 240,
    maxNodes: 240,
    runtimeNotPositive: 0,
    sizeNotPositive: 0,
    runtimeAboveRequest: 14_817,
  },
  ctc: {
    jobs: 77_222,
    maxProcs: 338,
    maxNodes: 338,
    runtimeNotPositive: 17,
    sizeNotPositive: 0,
    runtimeAboveRequest: 7_174,
    widest: 336,
  },
  lanl: {
    jobs: 122_060,
    maxProcs: 1024,
    maxNodes: 1024,
    runtimeNotPositive: 2,
    sizeNotPositive: 3,
    runtimeAboveRequest: 40_180,
  },
  sdscBlue: {
    jobs: 243_306,
    maxProcs: 1152,
    maxNodes: 144,
    runtimeNotPositive: 10_770,
    sizeNotPositive: 0,
    runtimeAboveRequest: 23_434,
  },
  llnlAtlas: {
    jobs: 43_778,
    maxProcs: 9216,
    maxNodes: 1152,
    runtimeNotPositive: 7_178,
    sizeNotPositive: 4_571,
    widest: 9_120,
  },
  ricc: {
    jobs: 447_794,
    maxProcs: 8192,
    maxNodes: 1024,
    runtimeNotPositive: 10,
    sizeNotPositive: 0,
    runtimeAboveRequest: 7_092,
  },
};

describe('real traces: the SOURCES.md facts', () => {
  it.each(Object.entries(facts))('%s', async (key, expected) => {
    const trace = await readSwf(traceUrl(traceFiles[key as keyof typeof traceFiles]));
    let jobs = 0;
    let runtimeNotPositive = 0;
    let sizeNotPositive = 0;
    let runtimeAboveRequest = 0;
    let withRequest = 0;
    let widest = 0;
    let lastSubmit = 0;
    let submitsInOrder = true;
    let short = 0;
    for await (const job of trace.jobs) {
      jobs++;
      const swf = job.swf!;
      if (swf.length !== 18) short++;
      if (job.runtime <= 0) runtimeNotPositive++;
      if (job.size <= 0) sizeNotPositive++;
      if (swf[F.requestedTime]! !== -1) {
        withRequest++;
        if (swf[F.runTime]! > swf[F.requestedTime]!) runtimeAboveRequest++;
      }
      widest = Math.max(widest, job.size);
      if (job.submit < lastSubmit) submitsInOrder = false;
      lastSubmit = job.submit;
    }
    expect(trace.header.maxProcs).toBe(expected.maxProcs);
    expect(trace.header.maxNodes).toBe(expected.maxNodes);
    expect(jobs).toBe(expected.jobs);
    expect(short).toBe(0);
    expect(trace.report()).toMatchObject({ jobs: expected.jobs, skippedLines: 0, commentsAfterHeader: 0 });
    expect(runtimeNotPositive).toBe(expected.runtimeNotPositive);
    expect(sizeNotPositive).toBe(expected.sizeNotPositive);
    if (expected.runtimeAboveRequest !== undefined)
      expect(runtimeAboveRequest).toBe(expected.runtimeAboveRequest);
    // No job asks for more processors than MaxProcs; CTC's and Atlas's widest are given exactly.
    expect(widest).toBeLessThanOrEqual(expected.maxProcs);
    if (expected.widest !== undefined) expect(widest).toBe(expected.widest);
    expect(submitsInOrder).toBe(true);
    // Requested times, as SOURCES.md rounds them: Atlas 81 %, LANL 91 %, the others ≥ 99.9 %.
    const percent = Math.round((1000 * withRequest) / jobs) / 10;
    if (key === 'llnlAtlas') expect(Math.round(percent)).toBe(81);
    else if (key === 'lanl') expect(Math.round(percent)).toBe(91);
    else expect(percent).toBeGreaterThanOrEqual(99.9);
  });

  it('LLNL-Atlas has no wait times', async () => {
    const trace = await readSwf(traceUrl(traceFiles.llnlAtlas));
    let known = 0;
    for await (const job of trace.jobs) if (job.swf![F.waitTime] !== -1) known++;
    expect(known).toBe(0);
  });
});
