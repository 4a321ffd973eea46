import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideFirstJob } from './cases.ts';
import type { FairnessTest } from './fairness.ts';
import { formGroup } from './form-group.ts';
import { type Group, matchedNodes, type Setting } from './group.ts';
import { asMember, type MatchContext, type MatchJob } from './job.ts';
import { machine } from './matchmaking.test-support.ts';
import { matchmakingPreset, matchSearches } from './options.ts';
import { preselected } from './pre-selection.ts';

// Slowdowns in hundredths so shrunk counter-examples print short numbers.
const hundredths = (min: number, max: number) => fc.integer({ min, max }).map((x) => x / 100);

const job = (id: number) =>
  fc.record({
    id: fc.constant(id),
    size: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 24 })),
    state: fc.constantFrom('waiting' as const, 'running' as const),
    ppn: fc.constantFrom(1, 2, 4),
    remaining: fc.integer({ min: 1, max: 6000 }),
    submit: fc.constant(id),
    delay: fc.integer({ min: 0, max: 100 }),
    slScr: hundredths(100, 170),
    slSno: hundredths(90, 130),
    grouped: fc.boolean(),
    cos: hundredths(100, 130),
  });

const scenario = fc.record({
  primary: job(0).map((j) => ({ ...j, state: 'waiting' as const })),
  candidates: fc.array(fc.nat(), { maxLength: 14 }).chain((xs) => fc.tuple(...xs.map((_, i) => job(i + 1)))),
  freeNodes: fc.integer({ min: 0, max: 40 }),
  options: fc.record({
    search: fc.constantFrom(...matchSearches),
    blockSize: fc.integer({ min: 1, max: 6 }),
    matchedLarger: fc.constantFrom(0, 0.125, 0.5),
    minUtilGain: fc.constantFrom(-1, 0.45, 2),
    maxSl: fc.constantFrom(1.1, 1.25, 1.5),
    matchedLonger: fc.constantFrom(0, 3000),
  }),
  /** The fairness test rejects groups whose id sum is divisible by this; 0: every group is fair. */
  unfairEvery: fc.constantFrom(0, 2, 3),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const contextOf = (s: Scenario): MatchContext => {
  const cos = new Map([s.primary, ...s.candidates].map((j) => [j.id, j.cos]));
  return { machine: machine(s.freeNodes), cosSlowdown: (of) => cos.get(of.id)! };
};

const fairOf =
  (s: Scenario): FairnessTest =>
  (g) =>
    s.unfairEvery === 0 || g.matched.reduce((sum, m) => sum + m.job.id, 0) % s.unfairEvery !== 0;

const form = (s: Scenario) => {
  const options = matchmakingPreset(s.options.search, s.options);
  const context = contextOf(s);
  const group = formGroup({
    primary: s.primary as MatchJob,
    candidates: s.candidates as MatchJob[],
    context,
    options,
    fair: fairOf(s),
  });
  const setting: Setting = { primary: asMember(s.primary, context.machine, options), context, options };
  return { group, setting, options };
};

const summary = (g: Group | undefined) => g && { ids: g.matched.map((m) => m.job.id), gain: g.gain };

describe('group formation, for any jobs', () => {
  it('keeps MATCHED_LARGER, the free nodes, pre-selection, MIN_UTILGAIN and fairness', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { group, setting, options } = form(s);
        if (group === undefined) return;
        const x = matchedNodes(group.matched);
        expect(x - group.primary.nodes).toBeLessThanOrEqual(options.matchedLarger * group.primary.nodes);
        expect(group.freeNodesNeeded).toBeLessThanOrEqual(s.freeNodes);
        const ids = group.matched.map((m) => m.job.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).not.toContain(s.primary.id);
        for (const m of group.matched) expect(preselected(setting, m)).toBe(true);
        expect(group.gain).toBeGreaterThanOrEqual(options.minUtilGain);
        expect(fairOf(s)(group)).toBe(true);
        if (options.search === 'cst' || options.search === 'cstws') expect(ids).toHaveLength(1);
      }),
      { numRuns: 400 },
    );
  });

  it('forms groups often enough for the properties to bite', () => {
    const formed = fc.sample(scenario, { numRuns: 400, seed: 7 }).filter((s) => form(s).group !== undefined);
    expect(formed.length).toBeGreaterThan(50);
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(summary(form(s).group)).toEqual(summary(form(s).group));
      }),
      { numRuns: 200 },
    );
  });

  it('cst finds a pair at least as good as cstws', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const best = form({ ...s, options: { ...s.options, search: 'cst' } }).group;
        const first = form({ ...s, options: { ...s.options, search: 'cstws' } }).group;
        expect(best === undefined).toBe(first === undefined);
        if (best && first) expect(best.gain).toBeGreaterThanOrEqual(first.gain);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the decision for the first waiting job, for any jobs', () => {
  it('starts each job once, within the free nodes, the first job always included', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const options = matchmakingPreset(s.options.search, s.options);
        const all = s.candidates as MatchJob[];
        const situation = {
          job: s.primary as MatchJob,
          waiting: all.filter((j) => j.state === 'waiting'),
          running: all.filter((j) => j.state === 'running'),
          context: contextOf(s),
          fair: fairOf(s),
        };
        const d = decideFirstJob(situation, options);
        expect(decideFirstJob(situation, options)).toEqual(d);
        const groups = d.kind === 'group' ? [d.group] : d.kind === 'serial-burst' ? d.groups : [];
        const members = groups.flatMap((g) => [g.primary, ...g.matched].map((m) => m.job.id));
        expect(new Set(members).size).toBe(members.length);
        if (groups.length > 0) expect(members).toContain(s.primary.id);
        const needed = d.kind === 'space' ? d.nodes : groups.reduce((n, g) => n + g.freeNodesNeeded, 0);
        expect(needed).toBeLessThanOrEqual(s.freeNodes);
      }),
      { numRuns: 300 },
    );
  });
});
