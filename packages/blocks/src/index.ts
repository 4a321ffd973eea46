export { AvailabilityProfile } from './availability/availability.ts';
export { EarliestScan } from './availability/earliest-scan.ts';
export type { Differentiable } from './differential/differential.ts';
export { differentialAllocation } from './differential/differential.ts';
export type { Bounds } from './equipartition/equipartition.ts';
export { equipartition } from './equipartition/equipartition.ts';
export type { ReleaseBlock } from './release-order/release-order.ts';
export { ReleaseOrder } from './release-order/release-order.ts';
export { targetPartition } from './target-partition/target-partition.ts';
