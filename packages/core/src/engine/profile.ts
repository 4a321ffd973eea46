import * as z from 'zod';

/**
 * What operations cost and when they are allowed (`10-architecture.md` §1: physics, not policy).
 * During an overhead the job holds its processors and resources and makes no progress. Times are
 * seconds; a minimum run is measured from the job's last start, resume or resize.
 */
export const platformProfileSchema = z
  .object({
    name: z.string().min(1),
    summary: z.string().default(''),
    /** Where the values come from (paper and section), for `schedlab list`. */
    source: z.string().default(''),
    /** From start() until the job makes progress. */
    dispatch: z.number().nonnegative().default(0),
    /** From suspend() until the processors are free to run another job (the job stays resident). */
    suspend: z.number().nonnegative().default(0),
    /** From resume() until the job makes progress again. */
    resume: z.number().nonnegative().default(0),
    /** From checkpoint() until the job releases everything. */
    checkpoint: z.number().nonnegative().default(0),
    /** Added to dispatch when a checkpointed job is started again (restart / migration). */
    restart: z.number().nonnegative().default(0),
    /** From resize() until the job makes progress on its new allocation: this many seconds … */
    resize: z.number().nonnegative().default(0),
    /** … plus this fraction of the job's run on its old allocation (since its last start, resume or resize). */
    resizeRelative: z.number().nonnegative().default(0),
    /** At most one decision round per this many seconds (0: at every instant with a trigger). */
    decisionInterval: z.number().nonnegative().default(0),
    /** A job must have run this long since its last start, resume or resize before it may be suspended. */
    minRunBeforeSuspend: z.number().nonnegative().default(0),
    /** … before it may be checkpointed (migrated) or resized (malleated). */
    minRunBeforeReallocation: z.number().nonnegative().default(0),
    /** Most jobs resident on one processor (running + suspended); the machine's own limit also holds. */
    multiprogrammingLimit: z.number().min(1).default(Number.POSITIVE_INFINITY),
  })
  .strict();

/** A platform's operation costs and timing rules, defaults filled in (free and unrestricted). */
export type PlatformProfile = z.output<typeof platformProfileSchema>;

/** Every operation free and instantaneous: the setting of most papers' simulations. */
export const idealProfile: PlatformProfile = Object.freeze(
  platformProfileSchema.parse({
    name: 'ideal',
    summary: 'every operation is free and instantaneous',
    source: 'the usual simulation assumption',
  }),
);

/**
 * The LSF platform of Parsons & Sevcik 1997 (seed 000): dispatch up to 30 s (§5, taken as its
 * bound), suspend/resume by Unix signal (free, §5.1), checkpoint over a minute with processors held
 * (§5, §6.1), a restart is a plain dispatch (§4.2), a malleable resize is a checkpoint plus a
 * dispatch (§4.2) with the "10 % re-allocation overhead" of §6.2 (it names no base: taken as a
 * tenth of the job's run since its last reallocation, so reallocations cost a tenth of a job's
 * run time in all; a tenth of the remaining run time at every resize would contradict its finding
 * that malleable disciplines come within 19 % of the minimum makespan), at most one decision
 * round per 5 s, 60 s before a simple preemption and 600 s before a migration or malleation,
 * counted from the last start, resume or resize (§5.1), at most 5 resident processes per
 * processor (§5.1).
 */
export const lsfProfile: PlatformProfile = Object.freeze(
  platformProfileSchema.parse({
    name: 'lsf-now-97',
    summary:
      'LSF on a network of workstations: dispatch, checkpoint, decision-interval and minimum-run rules',
    source: 'Parsons & Sevcik 1997, §4.2, §5, §5.1, §6 (spec 01, platform costs)',
    dispatch: 30,
    checkpoint: 60,
    resize: 90,
    resizeRelative: 0.1,
    decisionInterval: 5,
    minRunBeforeSuspend: 60,
    minRunBeforeReallocation: 600,
    multiprogrammingLimit: 5,
  }),
);

/**
 * Gang scheduling as Zhou et al. simulate it (seed 003, §2): all processors context-switch at a
 * slot's end at no cost, and memory is unlimited, so any number of jobs may be resident.
 */
export const gangProfile: PlatformProfile = Object.freeze(
  platformProfileSchema.parse({
    name: 'gang',
    summary: 'gang scheduling: switching time-slice rows (suspend/resume) is free, residency unlimited',
    source: 'Zhou, Mackerras, Johnson, Walsh & Brent 1999, §2 and §5 (spec 04)',
  }),
);

/** The profiles every registry knows. */
export const builtinProfiles: readonly PlatformProfile[] = [idealProfile, lsfProfile, gangProfile];
