import * as z from 'zod';

/** The options every gang discipline takes. */
export const gangOptions = z
  .object({
    quantum: z
      .number()
      .positive()
      .default(5)
      .describe(
        'seconds one time slot runs before all processors switch to the next (§2: five seconds); stretched to the profile’s minimum run before suspend when that is longer',
      ),
    newSlot: z
      .enum(['last', 'next'])
      .default('last')
      .describe(
        'where a slot created at a boundary takes its turn in the round, which the paper leaves open: last, after every slot already there; or next, right after the slot that just ran (the other slots keep their turns)',
      ),
  })
  .strict();

/**
 * Parsed gang options: `quantum`, the seconds each time slot of the matrix runs in its turn;
 * `newSlot`, where a new slot's turn goes in the round (see `NewSlotTurn`).
 */
export type GangOptions = z.output<typeof gangOptions>;
