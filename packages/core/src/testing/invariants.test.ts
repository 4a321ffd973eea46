import { describe, expect, it } from 'vitest';
import { noPlacementRules } from '../engine/placement.ts';
import type { Operation, RunInfo } from '../index.ts';
import type { Job } from '../job/job.ts';
import { InvariantChecker } from './invariants.ts';

/**
 * The checker is the independent witness of every property test, so it must catch each kind of
 * breach from the events alone: these feed it hand-made event streams an engine bug would emit.
 */
const info = (processors: number, mpl = Number.POSITIVE_INFINITY, more: Partial<RunInfo> = {}): RunInfo => ({
  discipline: 'test',
  processors,
  resourceNames: ['memory'],
  resourceCapacities: [10],
  multiprogrammingLimit: mpl,
  nodeOf: (p) => p,
  cpuOf: (p) => p,
  ownerOf: () => 'test',
  placement: noPlacementRules,
  ...more,
});

const job = (id: number, size: number, extra: Partial<Job> = {}): Job => ({
  id,
  submit: 0,
  size,
  runtime: 10,
  estimate: 10,
  ...extra,
});

function checker(processors = 4, mpl?: number, options = {}, more: Partial<RunInfo> = {}) {
  const c = new InvariantChecker(options);
  c.begin(info(processors, mpl, more));
  const op = (j: Job, operation: Operation, processors: number[], time = 0) =>
    c.operation({ time, discipline: 'test', job: j, operation, processors, cost: 0 });
  const release = (j: Job, processors: number[], resident: boolean, time = 0, evicted = false) =>
    c.released({ time, job: j, processors, resident, evicted });
  return { c, op, release };
}

describe('the invariant checker catches, from events alone', () => {
  it('two jobs running on one processor', () => {
    const { c, op } = checker();
    const [a, b] = [job(1, 2), job(2, 2)];
    c.submitted(a);
    c.submitted(b);
    op(a, 'start', [0, 1]);
    op(b, 'start', [1, 2]);
    expect(c.violations).toEqual(['time 0, job 2, start: processor 1 already runs job 1']);
  });

  it('a resume on other processors than the job is resident on', () => {
    const { c, op, release } = checker();
    const a = job(1, 1);
    c.submitted(a);
    op(a, 'start', [0]);
    op(a, 'suspend', [0]);
    release(a, [0], true);
    op(a, 'resume', [1]);
    expect(c.violations[0]).toMatch(/resumed on \[1\] but resident on \[0\]/);
  });

  it('more resident jobs than the multiprogramming limit', () => {
    const { c, op, release } = checker(1, 1);
    const [a, b] = [job(1, 1), job(2, 1)];
    c.submitted(a);
    c.submitted(b);
    op(a, 'start', [0]);
    op(a, 'suspend', [0]);
    release(a, [0], true);
    op(b, 'start', [0]);
    expect(c.violations[0]).toMatch(/processor 0 holds 2 resident jobs \(limit 1\)/);
  });

  it('a checkpointed job restarted on another count (unless the discipline is malleable)', () => {
    for (const restartAnyCount of [false, true]) {
      const { c, op, release } = checker(4, undefined, { restartAnyCount });
      const a = job(1, 2, { minSize: 1, maxSize: 4 });
      c.submitted(a);
      op(a, 'start', [0, 1]);
      op(a, 'checkpoint', [0, 1]);
      release(a, [0, 1], false);
      op(a, 'restart', [0, 1, 2]);
      expect(c.violations.length).toBe(restartAnyCount ? 0 : 1);
    }
  });

  it('a count outside [min, max], and progress on more processors than it holds', () => {
    const { c, op } = checker();
    const a = job(1, 2, { minSize: 2, maxSize: 3 });
    c.submitted(a);
    op(a, 'start', [0]);
    c.progressed(a, 0, 1, 2, 1);
    expect(c.violations).toEqual([
      'time 0, job 1, start: 1 processors outside [2, 3]',
      'job 1: progressed on 2 processors from 0 to 1 but ran on 1',
    ]);
  });

  it('resources over capacity, counting those a suspended job keeps', () => {
    const { c, op, release } = checker();
    const [a, b] = [job(1, 1, { resources: { memory: 8 } }), job(2, 1, { resources: { memory: 5 } })];
    c.submitted(a);
    c.submitted(b);
    op(a, 'start', [0]);
    op(a, 'suspend', [0]);
    release(a, [0], true);
    op(b, 'start', [1]);
    expect(c.violations[0]).toMatch(/13 of 'memory' in use, capacity 10/);
  });

  it('work not delivered, a job leaving with processors, a start before arrival', () => {
    const { c, op } = checker();
    const a = job(1, 1, { submit: 5 });
    c.submitted(a);
    op(a, 'start', [0], 4);
    c.progressed(a, 4, 9, 1, 1);
    c.jobEnded({
      job: a,
      arrival: 0,
      discipline: 'test',
      start: 4,
      end: 9,
      ending: 'finished',
      processors: 1,
      processorTime: 5,
      runTime: 5,
      preemptions: 0,
      checkpoints: 0,
      resizes: 0,
      backfilled: false,
    });
    expect(c.violations).toEqual([
      'job 1: started at 4 before its arrival 5',
      'job 1: finished with 0.5 of its work delivered',
      'job 1: left still holding processors [0]',
    ]);
  });

  it("a discipline running a job on another partition's processors", () => {
    const { c, op } = checker(4, undefined, {}, { ownerOf: (p) => (p < 2 ? 'test' : 'other') });
    const a = job(1, 2);
    c.submitted(a);
    op(a, 'start', [1, 2]);
    expect(c.violations).toEqual(['time 0, job 1, start: processor 2 belongs to other, not test']);
  });

  it('placement rules broken: two jobs on a node, two processes of a job on a CPU', () => {
    // Two nodes of one CPU with two cores each.
    const topology = { nodeOf: (p: number) => Math.floor(p / 2), cpuOf: (p: number) => Math.floor(p / 2) };
    const { c, op } = checker(
      4,
      undefined,
      {},
      { ...topology, placement: { maxJobsPerNode: 1, oneProcessPerCpu: true } },
    );
    const [a, b] = [job(1, 2), job(2, 1, { maxSize: 2 })];
    c.submitted(a);
    c.submitted(b);
    op(a, 'start', [0, 1]);
    op(b, 'start', [2]);
    op(b, 'resize', [2, 3]);
    expect(c.violations).toEqual([
      'time 0, job 1, start: two of its processes share a CPU',
      'time 0, job 2, resize: two of its processes share a CPU',
    ]);
    const two = checker(
      4,
      undefined,
      {},
      { ...topology, placement: { maxJobsPerNode: 1, oneProcessPerCpu: false } },
    );
    const [x, y] = [job(1, 1), job(2, 1)];
    two.c.submitted(x);
    two.c.submitted(y);
    two.op(x, 'start', [0]);
    two.op(y, 'start', [1]);
    expect(two.c.violations).toEqual(['time 0, job 2, start: node 0 runs 2 jobs (limit 1)']);
  });
});
