import { z } from 'zod';

/**
 * What a discipline may know (`10-architecture.md` §1). With `runtimes: 'estimate'` a job's
 * visible `estimate` is the user's; with 'exact' it is the true runtime. `speedup: true` lets a
 * discipline read a job's execution-time function (Parsons–Sevcik's "speedup known" cases).
 */
export const knowledgeSchema = z
  .object({
    runtimes: z.enum(['estimate', 'exact']).default('estimate'),
    speedup: z.boolean().default(false),
  })
  .strict();

export type Knowledge = z.output<typeof knowledgeSchema>;
