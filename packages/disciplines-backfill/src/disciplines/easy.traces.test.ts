import { fileURLToPath } from 'node:url';
import { type Job, simulate } from '@js/core';
import { Machine } from '@js/machine';
import { openWorkload } from '@js/workloads';
import { describe, expect, it } from 'vitest';
import { referenceEasy } from '../testing/easy-reference.ts';
import { easy } from './easy.ts';

/** Real traces live beside the repository, never in it. */
const trace = (name: string) =>
  fileURLToPath(new URL(`../../../../../shared/traces/${name}`, import.meta.url));

/**
 * `schedlab run --discipline easy` on real traces must match an independent EASY job for job.
 * Cleaning is the workloads defaults (drop runtime ≤ 0, size ≤ 0 and wider-than-machine jobs;
 * clip runtime to the request; request as estimate, runtime where there is none).
 */
describe.each([
  ['KTH-SP2-1996-2.1-cln.swf.gz', 28_476 - 8 - 1],
  ['SDSC-SP2-1998-4.2-cln.swf.gz', 59_715 - 5_681],
])('easy on %s', (file, expectedJobs) => {
  it('gives every job the start time of an independent EASY', async () => {
    const workload = await openWorkload(trace(file));
    const jobs: Job[] = [];
    for await (const job of workload.jobs) jobs.push(job);
    expect(jobs.length).toBeGreaterThan(expectedJobs * 0.99);

    const starts = new Map<number, number>();
    const result = await simulate(jobs, {
      machine: Machine.flat(workload.processors),
      discipline: easy,
      observers: [{ jobEnded: (o) => starts.set(o.job.id, o.start) }],
    });
    expect(result.status).toBe('completed');

    const reference = referenceEasy(jobs, workload.processors);
    expect(reference.size).toBe(jobs.length);
    const mismatches = jobs.filter((j) => starts.get(j.id) !== reference.get(j.id));
    expect(
      mismatches
        .slice(0, 5)
        .map((j) => ({ id: j.id, engine: starts.get(j.id), reference: reference.get(j.id) })),
    ).toEqual([]);
    // The traces are loaded enough that backfilling really happens.
    expect(jobs.filter((j) => starts.get(j.id)! > j.submit).length).toBeGreaterThan(jobs.length / 10);
  });
});
