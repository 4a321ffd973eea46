import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { gangScenarioArb } from './arbitraries.ts';
import { GangScenarioFailure, runGangScenario } from './scenario.ts';

describe('random histories of allocate / depart / extend / relinquish / re-pack / eliminate', () => {
  // Each step is checked by runGangScenario: legal shifts only (event replay on the
  // reference model), no cell with two jobs, jobs on the same consecutive processors in all
  // their slots, incremental trees = recomputed trees, Property 1 and 2 succeed exactly when
  // their preconditions hold, no eliminable slot after eliminating while possible, and a
  // refused operation changes nothing.
  it('keep every invariant of the paper, on machines of 1 to 32 processors', () => {
    fc.assert(
      fc.property(gangScenarioArb({ maxLog2: 5, maxOperations: 60 }), (scenario) => {
        runGangScenario(scenario);
      }),
      { numRuns: 400 },
    );
  });

  it('keep them on a crowded 8-processor machine over long histories', () => {
    fc.assert(
      fc.property(gangScenarioArb({ processors: 8, maxOperations: 150 }), (scenario) => {
        runGangScenario(scenario);
      }),
      { numRuns: 150 },
    );
  });

  it('report a broken rule with the steps so far and the matrix around it', () => {
    // Plant a bug: slots are never actually deleted.
    const spy = vi.spyOn(SchedulingMatrix.prototype, 'deleteSlot').mockImplementation(() => {});
    try {
      const run = () =>
        runGangScenario({
          processors: 4,
          operations: [
            { kind: 'allocate', size: 1, by: 'WLTM' },
            { kind: 'addSlot' },
            { kind: 'eliminate', by: 'WLTM' },
          ],
        });
      expect(run).toThrow(GangScenarioFailure);
      expect(run).toThrow(
        [
          'gang scenario on 4 processors broke a rule at step 2:',
          '  - slot count went 2 → 2',
          'steps:',
          '  0. allocate J1 (size 2, by WLTM) → slot 0, processors 0..1, new slot',
          '  1. addSlot → slot 1',
          '  2. eliminateSlot by WLTM → deleted slot 1',
          'before the step:',
          'S0 | J1 J1 .  .',
          'S1 | .  .  .  .',
        ].join('\n'),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('pass when nothing is broken, and return the final matrix', () => {
    const matrix = runGangScenario({
      processors: 4,
      operations: [
        { kind: 'allocate', size: 0, by: 'WLTM' },
        { kind: 'allocate', size: 2, by: 'WLTM' },
        { kind: 'legalShift', job: 0, from: 0, to: 5 },
        { kind: 'depart', job: 1 },
      ],
    });
    // J2 needed a block of 4 and so a second slot; the shift to slot 2 was refused.
    expect(matrix.toString()).toBe('J1 .  .  .\n.  .  .  .');
  });
});
