/** Test support: an independent EASY and an independent conservative backfilling to cross-check schedules against. */

export { referenceConservative } from './testing/conservative-reference.ts';
export type { ReferenceJob } from './testing/easy-reference.ts';
export { referenceEasy } from './testing/easy-reference.ts';
