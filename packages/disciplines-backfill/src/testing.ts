/** Test support: an independent EASY to cross-check schedules against. */

export type { ReferenceJob } from './testing/easy-reference.ts';
export { referenceEasy } from './testing/easy-reference.ts';
