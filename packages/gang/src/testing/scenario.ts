import { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import { checkGangInvariants, describeMatrixState } from './invariants.ts';
import type { GangScenario } from './operations.ts';
import { performOperation, type ScenarioContext } from './perform-operation.ts';
import { watchMatrix } from './reference-model.ts';

/** A scenario that broke a rule; the message shows the steps and the matrix around the failure. */
export class GangScenarioFailure extends Error {
  constructor(
    readonly scenario: GangScenario,
    readonly step: number,
    message: string,
  ) {
    super(message);
    this.name = 'GangScenarioFailure';
  }
}

/**
 * Runs a scenario on a fresh matrix and checks after every step: the operation's own
 * expectations (see performOperation); that every change was reported and legal (replayed
 * on the reference model); the structural invariants and both workload trees
 * (checkGangInvariants); and that a refused operation changed nothing at all. Throws a
 * GangScenarioFailure listing the steps so far and the matrix before and after.
 */
export function runGangScenario(scenario: GangScenario): SchedulingMatrix {
  const matrix = new SchedulingMatrix(scenario.processors);
  const watcher = watchMatrix(matrix);
  const context: ScenarioContext = { nextJob: 1 };
  let events = 0;
  matrix.subscribe(() => events++);
  const log: string[] = [];
  scenario.operations.forEach((op, i) => {
    const before = describeMatrixState(matrix);
    const eventsBefore = events;
    const violationsBefore = watcher.violations.length;
    const report = performOperation(matrix, op, context, watcher.model);
    log.push(`${i}. ${report.description}`);
    const problems = [...report.problems, ...watcher.violations.slice(violationsBefore)];
    if (report.error) {
      const after = describeMatrixState(matrix);
      if (after !== before) problems.push('a refused operation changed the matrix');
      if (events !== eventsBefore) problems.push('a refused operation reported changes');
    }
    problems.push(...watcher.compare(), ...checkGangInvariants(matrix));
    if (problems.length > 0) {
      throw new GangScenarioFailure(
        scenario,
        i,
        [
          `gang scenario on ${scenario.processors} processors broke a rule at step ${i}:`,
          ...problems.map((p) => `  - ${p}`),
          'steps:',
          ...log.map((l) => `  ${l}`),
          'before the step:',
          before,
          'after the step:',
          describeMatrixState(matrix),
        ].join('\n'),
      );
    }
  });
  watcher.stop();
  return matrix;
}

/** Applies a scenario without any checking (refusals are skipped): the matrix it leads to. */
export function buildMatrix(scenario: GangScenario): SchedulingMatrix {
  const matrix = new SchedulingMatrix(scenario.processors);
  const watcher = watchMatrix(matrix);
  const context: ScenarioContext = { nextJob: 1 };
  for (const op of scenario.operations) performOperation(matrix, op, context, watcher.model);
  watcher.stop();
  return matrix;
}
