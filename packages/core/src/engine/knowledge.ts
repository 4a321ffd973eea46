import * as z from 'zod';

/**
 * What a discipline may know (`10-architecture.md` §1). `runtimes: 'exact'` makes a job's
 * visible `estimate` its true runtime. `demand` reveals the service demand (work on one
 * processor) and the traits a model marks as demand; `speedup` reveals the speedup function
 * S(p) = T(1) / T(p), a shape with no time in it, and the traits marked as speedup. Only both
 * together give the execution time T(p) = demand / S(p), and a job's progress (the fraction of its
 * work done). Parsons & Sevcik's four knowledge cases
 * are demand × speedup (seed 000, §5).
 */
export const knowledgeSchema = z
  .object({
    runtimes: z.enum(['estimate', 'exact']).default('estimate'),
    demand: z.boolean().default(false),
    speedup: z.boolean().default(false),
  })
  .strict();

/** A run's knowledge setting, defaults filled in: what runtimes, demands and speedups disciplines see. */
export type Knowledge = z.output<typeof knowledgeSchema>;

/**
 * Which knowledge reveals a job trait: `visible` always, `demand` / `speedup` with that setting,
 * `demand+speedup` only with both (a parameter that carries time, such as the α and β of
 * T(p) = W/p + α + βp, from which the demand would follow),
 * `hidden` never (physics only, e.g. a contention model's slowdown factors). A trait a model
 * does not declare is hidden: a discipline cannot learn what the model did not mean to show.
 */
export type TraitKnowledge = 'visible' | 'demand' | 'speedup' | 'demand+speedup' | 'hidden';

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
      (kind === 'speedup' && knowledge.speedup) ||
      (kind === 'demand+speedup' && knowledge.demand && knowledge.speedup)
    ) {
      (shown ??= {})[name] = traits[name]!;
    }
  }
  return shown && Object.freeze(shown);
}
