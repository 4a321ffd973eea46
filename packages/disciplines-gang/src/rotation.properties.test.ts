import { type Job, platformProfileSchema } from '@js/core';
import { arbJobs, arbScenario, checkRun } from '@js/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineGangDiscipline } from './define-gang.ts';
import { bcScheme, brmmsScheme, brmmsStarScheme, brmsScheme, brScheme } from './index.ts';
import type { NewSlotTurn } from './rotation.ts';
import type { GangScheme } from './scheme.ts';

/**
 * Every slot runs once per round (§1: "all parallel jobs in the system take turns"), whichever
 * turn a new slot is given: between two consecutive turns of any slot, every other slot that
 * existed through both turns runs exactly once — none is skipped, none runs twice. Slots are
 * followed by identity (rows renumber when one is deleted), from the matrix's own events.
 */
function turnsTaken(name: string, scheme: GangScheme) {
  /** The slot (by identity) that took each turn, one per boundary with a running slot. */
  const turns: number[] = [];
  /** Per slot identity: the number of turns taken before it was created / deleted. */
  const born: number[] = [];
  const died: number[] = [];
  let rows: number[] = [];
  const discipline = defineGangDiscipline({
    name,
    summary: 'turns watched',
    source: 'test',
    scheme,
    probe: {
      created(matrix) {
        rows = [];
        matrix.subscribe((e) => {
          if (e.kind === 'addSlot') {
            rows.splice(e.slot, 0, born.length);
            born.push(turns.length);
            died.push(Number.POSITIVE_INFINITY);
          } else if (e.kind === 'deleteSlot') died[rows.splice(e.slot, 1)[0]!] = turns.length;
        });
      },
      round(_matrix, round) {
        if (round.boundary && round.active >= 0) turns.push(rows[round.active]!);
      },
    },
  });
  /** Sentences for every pair of consecutive turns of a slot between which another did not run once. */
  const unfair = (): string[] => {
    const problems: string[] = [];
    const last = new Map<number, number>();
    for (let j = 0; j < turns.length; j++) {
      const x = turns[j]!;
      const i = last.get(x);
      last.set(x, j);
      if (i === undefined) continue;
      for (let y = 0; y < born.length; y++) {
        // y existed when slot x took turn i and still when it took turn j.
        if (y === x || born[y]! > i || died[y]! <= j) continue;
        const times = turns.slice(i + 1, j).filter((t) => t === y).length;
        if (times !== 1)
          problems.push(`slot #${y} ran ${times} times between turns ${i} and ${j} of slot #${x}`);
      }
    }
    return problems;
  };
  return { discipline, turns, unfair };
}

const schemes: readonly (readonly [string, GangScheme])[] = [
  ['bc', bcScheme],
  ['br', brScheme],
  ['brms', brmsScheme],
  ['brmms-star', brmmsStarScheme],
  ['brmms', brmmsScheme],
];
const orders: readonly NewSlotTurn[] = ['last', 'next'];

const show = (s: { machine: unknown; jobs: Job[] }, newSlot: NewSlotTurn) =>
  `newSlot ${newSlot}, machine ${JSON.stringify(s.machine)}\n${s.jobs.map((j) => JSON.stringify(j)).join('\n')}`;

/** Arrivals and runtimes in whole quanta: many slots created and deleted at the same boundaries. */
const inQuanta = fc.integer({ min: 1, max: 16 }).chain((nodes) =>
  arbJobs({ nodes }, { maxJobs: 24, maxRuntime: 8 }).map((jobs) => ({
    machine: { nodes },
    jobs: jobs.map((j) => ({ ...j, submit: j.submit * 5, runtime: j.runtime * 5, estimate: Infinity })),
  })),
);

/** Slot lengths stretched by a minimum run, boundaries delayed by a decision interval. */
const costly = platformProfileSchema.parse({
  name: 'costly',
  suspend: 1,
  resume: 1,
  decisionInterval: 2,
  minRunBeforeSuspend: 3,
});

describe.each(schemes)('%s: every slot takes its turn once per round', (name, scheme) => {
  it.each(orders)('newSlot %s, arrivals and runtimes in whole quanta', async (newSlot) => {
    let rounds = 0;
    await fc.assert(
      fc.asyncProperty(inQuanta, async (s) => {
        const t = turnsTaken(name, scheme);
        const run = await checkRun(t.discipline, s.machine, s.jobs, { options: { newSlot } });
        expect(run.violations, show(s, newSlot)).toEqual([]);
        expect(t.unfair(), show(s, newSlot)).toEqual([]);
        rounds += t.turns.length;
      }),
      { numRuns: 150 },
    );
    // The property was about something: the runs took turns.
    expect(rounds).toBeGreaterThan(150);
  });

  it.each(orders)('newSlot %s, random machines under a profile with costs', async (newSlot) => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario({ maxProcessors: 16, multiprogramming: true }, { maxJobs: 20 }),
        async (s) => {
          const t = turnsTaken(name, scheme);
          const run = await checkRun(t.discipline, s.machine, s.jobs, {
            options: { newSlot },
            profile: costly,
          });
          expect(run.violations, show(s, newSlot)).toEqual([]);
          expect(t.unfair(), show(s, newSlot)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
