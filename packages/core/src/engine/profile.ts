import { z } from 'zod';

/**
 * What operations cost, in seconds (`10-architecture.md` §1: physics, not policy). During an
 * overhead the job holds its processors and resources and makes no progress.
 */
export const platformProfileSchema = z
  .object({
    name: z.string().min(1),
    summary: z.string().default(''),
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
    /** From resize() until the job makes progress on its new allocation. */
    resize: z.number().nonnegative().default(0),
  })
  .strict();

export type PlatformProfile = z.output<typeof platformProfileSchema>;

/** Every operation free: the setting of most papers' simulations. */
export const idealProfile: PlatformProfile = platformProfileSchema.parse({
  name: 'ideal',
  summary: 'every operation is free and instantaneous',
});
