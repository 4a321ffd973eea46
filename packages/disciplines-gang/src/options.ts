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
  })
  .strict();

/** Parsed gang options: `quantum`, the seconds each time slot of the matrix runs in its turn. */
export type GangOptions = z.output<typeof gangOptions>;
