import { describe, expect, it } from 'vitest';
import { alwaysFair } from './fairness.ts';
import { formGroup } from './form-group.ts';
import { contextWith, ids, preset, waiting } from './matchmaking.test-support.ts';
import type { MatchSearch } from './options.ts';

// Primary: 8 nodes, 1000 s, no contention: U_gain = 1 + Σ S_i·min(T_i, t)/(8·t).
const primary = waiting(0, 16, 1000, { submit: -1 });
const ctx = contextWith(100);

// FCFS: j1 6 nodes 900 s, j2 4 nodes 1000 s, j3 1 node 300 s | j4 1 node 1000 s, j5 1 node 100 s.
const set = [
  waiting(1, 12, 900),
  waiting(2, 8, 1000),
  waiting(3, 2, 300),
  waiting(4, 2, 1000),
  waiting(5, 2, 100),
];
const run = (search: MatchSearch, candidates = set, overrides = {}) =>
  formGroup({
    primary,
    candidates,
    context: ctx,
    options: preset(search, { blockSize: 3, ...overrides }),
    fair: alwaysFair,
  });

describe('G-LOMARC-TS variants (§5.1) on one set', () => {
  it('glts: sorted first block, then a later block', () => {
    // Block 1 sorted: j2 (1000), j1 (900), j3 (300). Windows: {j2} (j2 + j1 = 10 > 9) → 2;
    // {j1, j3} = 7 nodes, t = 900: 1 + (10800 + 600)/7200 = 2.5833; {j3} → 1.25.
    // Step 4: j4 fills the 8th node: t = 1000: 1 + (10800 + 600 + 2000)/8000 = 2.675.
    const g = run('glts');
    expect(ids(g)).toEqual([1, 3, 4]);
    expect(g?.gain).toBeCloseTo(2.675, 10);
  });

  it('fbo: the first block only', () => {
    const g = run('fbo');
    expect(ids(g)).toEqual([1, 3]);
    expect(g?.gain).toBeCloseTo(1 + 11400 / 7200, 10);
  });

  it('ns: blocks keep FCFS order', () => {
    // Block 1 unsorted: {j1} (j1 + j2 = 10) → 1 + 10800/7200 = 2.5; {j2, j3} → 1 + 8600/8000;
    // {j3} → 1.25. Step 4 from {j1}: + j4 → 1 + 12800/8000 = 2.6; + j5 → 1 + 13000/8000 = 2.625.
    const g = run('ns');
    expect(ids(g)).toEqual([1, 4, 5]);
    expect(g?.gain).toBeCloseTo(2.625, 10);
  });

  it('nh: no blocks, no sorting, the first suitable group', () => {
    // The first window over the FCFS pool is {j1} (j1 + j2 = 10 > 9), with 2.5 ≥ MIN_UTILGAIN.
    const g = run('nh');
    expect(ids(g)).toEqual([1]);
    expect(g?.gain).toBeCloseTo(2.5, 10);
    // With MIN_UTILGAIN 2.55 the first window fails and the next suitable one is taken:
    // {j2, j3, j4} = 6 nodes (j5 would make 7, still < 8: {j2, j3, j4, j5}, t = 1000:
    // 1 + (8000 + 600 + 2000 + 200)/8000 = 2.35 < 2.55), then {j3, j4, j5} → 1.35, ... none.
    expect(run('nh', set, { minUtilGain: 2.55 })).toBeUndefined();
  });

  it('nh ignores the block size; fbo sees more with larger blocks', () => {
    expect(ids(run('nh', set, { blockSize: 1 }))).toEqual([1]);
    expect(ids(run('fbo', set, { blockSize: 1 }))).toEqual([1]); // block 1 is j1 alone
    // One block, sorted j2 j4 j1 j3 j5: the window from j4 takes j4 + j1 + j3 = 8 nodes → 2.675.
    expect(ids(run('fbo', set, { blockSize: 16 }))).toEqual([4, 1, 3]);
  });
});

describe('CST and CSTWS: two jobs only', () => {
  // k1: 2 nodes, 1000 s → 1 + 4000/8000 = 1.5; k2: 8 nodes, 1000 s → 1 + 16000/8000 = 3.
  const pair = [waiting(1, 4, 1000), waiting(2, 16, 1000), waiting(3, 2, 1000)];

  it('cst takes the best match, cstws the first', () => {
    expect(ids(run('cst', pair))).toEqual([2]);
    expect(run('cst', pair)?.gain).toBe(3);
    expect(ids(run('cstws', pair))).toEqual([1]);
    expect(run('cstws', pair)?.gain).toBe(1.5);
  });

  it('cstws skips matches below MIN_UTILGAIN or failing fairness', () => {
    expect(ids(run('cstws', pair, { minUtilGain: 2 }))).toEqual([2]);
    const g = formGroup({
      primary,
      candidates: pair,
      context: ctx,
      options: preset('cstws'),
      fair: (group) => group.matched[0]!.job.id !== 1,
    });
    expect(ids(g)).toEqual([2]);
  });

  it('glts groups where two-job matching cannot', () => {
    // k1 + k3 = 3 nodes: 1 + (4000 + 2000)/8000 = 1.75 beats either alone (1.5, 1.25).
    const small = [waiting(1, 4, 1000), waiting(3, 2, 1000)];
    expect(ids(run('glts', small))).toEqual([1, 3]);
    expect(ids(run('cst', small))).toEqual([1]);
  });
});
