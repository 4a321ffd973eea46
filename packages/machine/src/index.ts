export { fitsAmount, fitsWithin, RESOURCE_TOLERANCE } from './ledger/fits.ts';
export { AllocationLedger } from './ledger/ledger.ts';
export { LedgerError } from './ledger/ledger-error.ts';
export { ProcessorSet, popcount } from './ledger/processor-set.ts';
export type { MachineSpec, ResourceSpec } from './topology/machine.ts';
export { Machine, MachineSpecError } from './topology/machine.ts';
