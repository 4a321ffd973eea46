import { z } from 'zod';

/**
 * What a discipline may know (`10-architecture.md` §1). `runtimes: 'exact'` makes a job's
 * visible `estimate` its true runtime. `demand` reveals the service demand (work on one
 * processor) and the traits a model marks as demand; `speedup` reveals the execution-time
 * function and the traits marked as speedup. Parsons & Sevcik's four knowledge cases are
 * demand × speedup (seed 000, §5).
 */
export const knowledgeSchema = z
  .object({
    runtimes: z.enum(['estimate', 'exact']).default('estimate'),
    demand: z.boolean().default(false),
    speedup: z.boolean().default(false),
  })
  .strict();

export type Knowledge = z.output<typeof knowledgeSchema>;

/**
 * Which knowledge reveals a job trait: `visible` always, `demand` / `speedup` with that setting,
 * `hidden` never (physics only, e.g. a contention model's slowdown factors). A trait a model
 * does not declare is hidden: a discipline cannot learn what the model did not mean to show.
 */
export type TraitKnowledge = 'visible' | 'demand' | 'speedup' | 'hidden';

/** The traits a discipline may see, or undefined when none. */
export function visibleTraits(
  traits: Readonly<Record<string, number>> | undefined,
  declared: Readonly<Record<string, TraitKnowledge>> | undefined,
  knowledge: Knowledge,
): Readonly<Record<string, number>> | undefined {
  if (!traits) return undefined;
  let shown: Record<string, number> | undefined;
  for (const name of Object.keys(traits)) {
    const kind = declared?.[name] ?? 'hidden';
    if (
      kind === 'visible' ||
      (kind === 'demand' && knowledge.demand) ||
      (kind === 'speedup' && knowledge.speedup)
    ) {
      (shown ??= {})[name] = traits[name]!;
    }
  }
  return shown && Object.freeze(shown);
}
