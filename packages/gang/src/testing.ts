export {
  type GangArbitraryOptions,
  gangOperationArb,
  gangScenarioArb,
  matrixArb,
  processorCountArb,
} from './testing/arbitraries.ts';
export { checkGangInvariants, describeMatrixState } from './testing/invariants.ts';
export type { GangOperation, GangScenario } from './testing/operations.ts';
export { performOperation, type ScenarioContext, type StepReport } from './testing/perform-operation.ts';
export {
  type MatrixWatcher,
  type ModelJob,
  ReferenceMatrix,
  watchMatrix,
} from './testing/reference-model.ts';
export { buildMatrix, GangScenarioFailure, runGangScenario } from './testing/scenario.ts';
