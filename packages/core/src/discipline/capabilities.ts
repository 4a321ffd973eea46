import * as z from 'zod';

/**
 * What a discipline may do to a job (Parsons & Sevcik's classes, seed 000 §3), declared once
 * and enforced by the engine:
 * - `sizing`: `rigid` jobs run on their requested size; `moldable` jobs may start on any count
 *   in their range but keep it; `malleable` jobs may also be resized while they run.
 * - `preemption`, a ladder where each level allows the ones before it: `none` (run to
 *   completion), `suspend` (simple preemption: suspend/resume in place, memory kept),
 *   `checkpoint` (migratable: save, release everything, restart elsewhere on the same count),
 *   `resize` (malleable reallocation; needs `sizing: 'malleable'`).
 */
export const capabilitiesSchema = z
  .object({
    sizing: z.enum(['rigid', 'moldable', 'malleable']).default('rigid'),
    preemption: z.enum(['none', 'suspend', 'checkpoint', 'resize']).default('none'),
  })
  .strict()
  .refine((c) => (c.preemption === 'resize') === (c.sizing === 'malleable'), {
    message: "preemption 'resize' and sizing 'malleable' go together",
  });

/** The capabilities a discipline holds once defaults are filled in: its sizing class and how far it may preempt. */
export type Capabilities = z.output<typeof capabilitiesSchema>;
/** Capabilities as an author declares them: either field may be left out (rigid, run to completion). */
export type CapabilitiesInput = z.input<typeof capabilitiesSchema>;

const LADDER = ['none', 'suspend', 'checkpoint', 'resize'] as const;

/** Whether `granted` preemption allows an operation that needs `needed`. */
export const allowsPreemption = (
  granted: Capabilities['preemption'],
  needed: Capabilities['preemption'],
): boolean => LADDER.indexOf(granted) >= LADDER.indexOf(needed);
