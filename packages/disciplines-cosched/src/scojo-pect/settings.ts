import { z } from 'zod';

/**
 * Scojo-PECT's parameters (seed 002, §5.1, Table 6) and the metrics' settings, as option fields a
 * discipline built on the frame spreads into its own schema.
 */
export const scojoPectOptions = {
  interval: z
    .number()
    .positive()
    .default(3600)
    .describe('seconds per interval of one slice per type (§5.1: 1 h)'),
  mediumShare: z
    .number()
    .positive()
    .default(0.3)
    .describe('relative time share of the medium slice (§5.1: 30 %)'),
  longShare: z
    .number()
    .positive()
    .default(0.7)
    .describe('relative time share of the long slice (§5.1: 70 %)'),
  shortSliceMax: z
    .number()
    .positive()
    .default(600)
    .describe('longest short slice, seconds (short jobs run ≤ 10 min, §5.1); taken off the interval first'),
  shortRuntime: z.number().positive().default(600).describe('short jobs run ≤ this, seconds (§5.1: 10 min)'),
  mediumRuntime: z
    .number()
    .positive()
    .default(10_800)
    .describe('medium jobs run ≤ this, seconds (§5.1: 3 h)'),
  highLoad: z
    .int()
    .positive()
    .default(12)
    .describe('N_H: waiting jobs from which load is high (Table 6: 12)'),
  rrCutoff: z
    .number()
    .nonnegative()
    .default(10)
    .describe('runtime cut-off of the bounded relative response time, seconds (§5.1 names no value)'),
};

/** The schema of Scojo-PECT's parameters alone (interval, slice shares, type bounds, N_H, RR cut-off), with §5.1's and Table 6's defaults. */
export const settingsSchema = z.object(scojoPectOptions);
/** Scojo-PECT's parsed parameters: interval, medium/long shares, short slice cap, type bounds, N_H and the RR cut-off. */
export type ScojoPectSettings = z.output<typeof settingsSchema>;
