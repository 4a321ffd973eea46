import { type PlatformProfile, platformProfileSchema } from '@js/core';

/**
 * Scojo-PECT's platform (seed 002, §5.1): "60 sec overhead per time slice for preemption/resumption
 * of the jobs", jobs swapped to disk (§4.7) and so resident in any number. The 60 s are split
 * between the swap out (processors held until it ends) and the swap in (no progress until it
 * ends), so a job preempted and resumed once per interval pays 60 s.
 */
export const scojoPectProfile: PlatformProfile = Object.freeze(
  platformProfileSchema.parse({
    name: 'scojo-pect',
    summary: 'coarse-grain time slicing with swapping: 30 s to swap a job out, 30 s to swap it in',
    source: 'Zeng & Sodan 2009, §4.7, §5.1 (Scojo-PECT: Esbaugh & Sodan 2007)',
    suspend: 30,
    resume: 30,
  }),
);
