import type { JobView } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Footprint } from './footprint.ts';
import { Matrix, MatrixJob } from './matrix.ts';
import { Candidates } from './matrix-census.ts';

/** A stopped job of a round: its id (which is also its arrival) and its processors. */
interface Stopped {
  readonly id: number;
  readonly processors: readonly number[];
}

/** The stopped rows made afresh: each job, in order, in the first row where its processors are free. */
function firstFit(stopped: readonly Stopped[]): number[][] {
  const rows: { ids: number[]; used: Set<number> }[] = [];
  for (const job of stopped) {
    let row = rows.find((r) => job.processors.every((p) => !r.used.has(p)));
    if (!row) rows.push((row = { ids: [], used: new Set() }));
    row.ids.push(job.id);
    for (const p of job.processors) row.used.add(p);
  }
  return rows.map((r) => r.ids);
}

const fakeJob = (id: number, minSize = 1) => ({ id, arrival: id, minSize }) as unknown as JobView;

const processors = 70; // more than two words of bits
const processorSet = fc.uniqueArray(fc.integer({ min: 0, max: processors - 1 }), {
  minLength: 1,
  maxLength: 24,
});
const jobCount = 12;

/**
 * A run of rounds: each job (ids 0…11, in arrival order) has two processor sets it may hold when
 * stopped; a round names which jobs are stopped, and on which of their two sets, so jobs stay,
 * leave, come back and move from round to round.
 */
const run = fc.record({
  sets: fc.array(fc.tuple(processorSet, processorSet), { minLength: jobCount, maxLength: jobCount }),
  rounds: fc.array(fc.array(fc.constantFrom(-1, 0, 0, 0, 1), { minLength: jobCount, maxLength: jobCount }), {
    minLength: 1,
    maxLength: 10,
  }),
  reorder: fc.boolean(),
  skipping: fc.boolean(),
});

describe('Matrix', () => {
  it('places the stopped jobs of every round as a first fit made afresh would', () => {
    fc.assert(
      fc.property(run, ({ sets, rounds, reorder, skipping }) => {
        const matrix = new Matrix(processors);
        const entries = sets.map((_, id) => new MatrixJob(fakeJob(id)));
        // A job keeps its footprint while its processors stay the same (as the census does).
        const prints = sets.map(([a, b]) => [new Footprint(a), new Footprint(b)] as const);
        for (const [k, held] of rounds.entries()) {
          const jobs: MatrixJob[] = [];
          for (const [id, set] of held.entries()) {
            if (set < 0) continue;
            entries[id]!.footprint = prints[id]![set as 0 | 1];
            jobs.push(entries[id]!);
          }
          // Now and then the order itself changes (the matrix must then place every job afresh).
          if (reorder && k % 3 === 2) jobs.reverse();
          const order = jobs.map((j) => ({ id: j.job.id, processors: j.footprint.processors }));
          // Now and then a round reads the running row alone, as the discipline does when that row
          // holds the least-served job: the stopped rows are then not placed that round.
          if (skipping && k % 2 === 1) {
            matrix.rows([], jobs).next();
            continue;
          }
          const rows = [...matrix.rows([], jobs)].slice(1, -1).map((r) => r.map((j) => j.job.id));
          expect(rows).toEqual(firstFit(order));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('Candidates.next', () => {
  it('finds the first started candidate, or pending one on at most the open processors, as a scan would', () => {
    const candidate = fc.record({ pending: fc.boolean(), minSize: fc.integer({ min: 1, max: 8 }) });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 30 }), fc.integer({ min: 0, max: 9 }), (cs, open) => {
        const jobs = cs.map((c, i) => {
          const job = new MatrixJob(fakeJob(i, c.minSize));
          job.pending = c.pending;
          job.standing = i; // ranked in the order given
          return job;
        });
        const candidates = new Candidates();
        candidates.rank([jobs]);
        for (let from = 0; from <= jobs.length; from++) {
          let scan = from;
          while (scan < jobs.length && jobs[scan]!.pending && jobs[scan]!.minSize > open) scan++;
          expect(candidates.next(from, open)).toBe(scan);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
