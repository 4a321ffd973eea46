export type { AllocateOptions, Allocation, AllocationRequest } from './allocate/allocate.ts';
export { allocate } from './allocate/allocate.ts';
export type { BuddyBlock } from './buddy/buddy-block.ts';
export {
  assertPowerOfTwo,
  buddyBlockOf,
  buddyBlockSize,
  buddyBlocks,
  buddyOf,
  isPowerOfTwo,
} from './buddy/buddy-block.ts';
export type { IdleBuddyBlock } from './buddy/idle-blocks.ts';
export {
  firstIdleBuddyBlock,
  idleBuddyBlocks,
  isBlockIdle,
  leftmostIdleBuddyBlock,
} from './buddy/idle-blocks.ts';
export type { GangErrorCode } from './errors/gang-error.ts';
export { GangError } from './errors/gang-error.ts';
export { parseMatrix } from './matrix/parse.ts';
export type { MatrixCells, RenderOptions } from './matrix/render.ts';
export { renderForError, renderMatrix } from './matrix/render.ts';
export { SchedulingMatrix } from './matrix/scheduling-matrix.ts';
export type {
  JobId,
  JobPlacement,
  JobSpec,
  LegalShift,
  MatrixEvent,
  MatrixListener,
} from './matrix/types.ts';
export { isValidJobId } from './matrix/types.ts';
export { canExtendJob, extendJob } from './multi-slot/extend.ts';
export type { Relinquished } from './multi-slot/relinquish.ts';
export {
  everyProcessorHasSingleSlotIdle,
  relinquishExtraSlots,
  relinquishForRange,
} from './multi-slot/relinquish.ts';
export type { EliminateOptions, Elimination } from './repack/eliminate-slot.ts';
export { canEliminateSlot, eliminateSlot, eliminateSlots } from './repack/eliminate-slot.ts';
export type { Fragment } from './repack/property1.ts';
export { groupAdjacentFragments } from './repack/property1.ts';
export { everyProcessorHasIdleSlot, gatherIdleFragments } from './repack/property2.ts';
export { nextCommonCleanCut, previousCommonCleanCut, swapShifts } from './repack/swap.ts';
export { workloadTreeFromMatrix } from './workload-tree/recompute.ts';
export type { ReadonlyWorkloadTree, WorkloadTreeChoice } from './workload-tree/workload-tree.ts';
export { WorkloadTree } from './workload-tree/workload-tree.ts';
