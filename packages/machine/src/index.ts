export { AllocationLedger, LedgerError } from './ledger/ledger.ts';
export { ProcessorSet } from './ledger/processor-set.ts';
export type { MachineSpec, ResourceSpec } from './topology/machine.ts';
export { Machine, MachineSpecError } from './topology/machine.ts';
