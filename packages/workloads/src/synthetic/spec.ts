import * as z from 'zod';
import { distributionSpecSchema } from '../distributions/spec.ts';
import { parameterSchema } from '../speedup/parameter.ts';
import { speedupSpecSchema } from '../speedup/spec.ts';
import { type MoldableFields, moldableIssues, type SpecIssue } from './checks.ts';

const rigidFields = ['sizes', 'runtimes'] as const;
const moldableFields = ['work', 'speedup', 'minParallelism', 'maxParallelism'] as const;

/**
 * A synthetic workload: Poisson arrivals at a target offered load, estimates = runtime × a factor
 * (exact by default), and jobs of one of two forms:
 *
 * - rigid: independent `sizes` and `runtimes`;
 * - moldable/malleable: sequential `work` W, a `speedup` kind giving T(p) from W, and a processor
 *   range from `minParallelism` (default 1) to `maxParallelism` (default P). A job's `size` is its
 *   preferred count: the smallest in [minSize, min(maxSize, P)] at which T(p) is least, and its
 *   runtime is T(size). See `generate.ts` for the offered load of each form.
 */
export const syntheticSpecSchema = z
  .strictObject({
    kind: z.literal('synthetic'),
    name: z.string().min(1).default('synthetic'),
    jobs: z.int().positive().describe('number of jobs'),
    processors: z.int().positive().describe('machine size P the load refers to (a run may override it)'),
    load: z
      .number()
      .positive()
      .describe(
        'offered load ρ: λ·E[size·runtime]/P for rigid jobs, λ·E[T(1)]/P for moldable ones; ' +
          '≥ 1 saturates the machine (allowed, for saturation studies)',
      ),
    sizes: distributionSpecSchema
      .optional()
      .describe('rigid jobs: sizes, rounded to the nearest integer and kept within [1, P]'),
    runtimes: distributionSpecSchema
      .optional()
      .describe('rigid jobs: runtimes in seconds, ≥ 0 with a positive mean'),
    work: distributionSpecSchema
      .optional()
      .describe(
        'moldable jobs: sequential work W in seconds (≥ 0, positive mean); T(1) = W except for sevcik',
      ),
    speedup: speedupSpecSchema
      .optional()
      .describe('moldable jobs: how T(p) follows from W (linear, amdahl, sevcik, downey)'),
    minParallelism: parameterSchema
      .optional()
      .describe('moldable jobs: fewest processors (minSize), rounded and kept within [1, P]; default 1'),
    maxParallelism: parameterSchema
      .optional()
      .describe(
        'moldable jobs: most processors the job can use (maxSize, sevcik’s p_max), rounded, ≥ 1, ' +
          'not capped by the machine; default P',
      ),
    estimates: distributionSpecSchema
      .default({ kind: 'constant', value: 1 })
      .describe('estimate ÷ runtime, ≥ 0; default: exact estimates'),
  })
  .superRefine((spec, ctx) => {
    for (const issue of formIssues(spec)) ctx.addIssue({ code: 'custom', ...issue, path: [...issue.path] });
  });

/** A validated synthetic workload spec: arrivals, and either rigid sizes and runtimes or moldable work and speedup. */
export type SyntheticSpec = z.infer<typeof syntheticSpecSchema>;
/** A synthetic workload spec as written, before defaults are filled in. */
export type SyntheticSpecInput = z.input<typeof syntheticSpecSchema>;
/** A spec of moldable/malleable jobs (validated: work and speedup are both there). */
export type MoldableSyntheticSpec = SyntheticSpec & MoldableFields;
/** A spec of rigid jobs (validated: sizes and runtimes are both there). */
export type RigidSyntheticSpec = SyntheticSpec & Required<Pick<SyntheticSpec, 'sizes' | 'runtimes'>>;

/** Whether a spec describes moldable/malleable jobs (work and speedup given) rather than rigid ones. */
export const isMoldableSpec = (spec: SyntheticSpec): spec is MoldableSyntheticSpec =>
  spec.work !== undefined && spec.speedup !== undefined;

/** One form or the other, complete; then the moldable laws' supports. */
function formIssues(spec: SyntheticSpec): SpecIssue[] {
  const given = (field: string) => (spec as Record<string, unknown>)[field] !== undefined;
  if (!moldableFields.some(given)) {
    return rigidFields
      .filter((field) => !given(field))
      .map((field) => ({
        path: [field],
        message: `required for rigid jobs (sizes and runtimes); moldable jobs give work and speedup instead`,
      }));
  }
  const issues: SpecIssue[] = rigidFields.filter(given).map((field) => ({
    path: [field],
    message: 'rigid jobs (sizes, runtimes) and moldable jobs (work, speedup, min/maxParallelism) do not mix',
  }));
  for (const field of ['work', 'speedup'] as const)
    if (!given(field))
      issues.push({
        path: [field],
        message: 'moldable jobs need both work (W in seconds) and speedup (T(p))',
      });
  if (issues.length === 0 && isMoldableSpec(spec)) issues.push(...moldableIssues(spec, spec.processors));
  return issues;
}
