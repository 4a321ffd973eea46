import { slowdownRangeEdges, zengSodanTable4 } from '@js/workloads';

/** MurmurHash3's 32-bit finaliser: every input bit moves every output bit (a bijection on 32 bits). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The uniform in [0, 1) that addresses SL_{a,b}: a hash of the two keys *in that order*, so the
 * reverse direction SL_{b,a} gets a value of its own (§4.6 writes both). The keys are the jobs'
 * `cosKey` traits, drawn from a named seeded stream by the workload: a seed fixes every pair.
 */
export function pairUniform(keyA: number, keyB: number): number {
  // The second key is mixed and multiplied before it meets the first: (a, b) and (b, a) differ.
  const h = fmix32(fmix32(keyA ^ 0x5bd1e995) ^ Math.imul(fmix32(keyB), 0x9e3779b1));
  return h / 2 ** 32;
}

/**
 * The value at `u` ∈ [0, 1) of a Table 4 column (percent per range of {@link slowdownRangeEdges}):
 * the range whose cumulative share holds `u`, then uniform inside it (the inverse of the law the
 * workload samples its per-job slowdowns from).
 */
export function tableQuantile(percentages: readonly number[], u: number): number {
  const total = percentages.reduce((s, p) => s + p, 0);
  let target = u * total;
  let last = 0;
  for (let i = 0; i < percentages.length; i++) {
    const share = percentages[i]!;
    if (share <= 0) continue;
    last = i;
    if (target < share) {
      const low = slowdownRangeEdges[i]!;
      return low + (target / share) * (slowdownRangeEdges[i + 1]! - low);
    }
    target -= share;
  }
  // Rounding left u just past the last share: the top of the last range that has any.
  return slowdownRangeEdges[last + 1]!;
}

/**
 * SL_{A,i} (§4.6): the coscheduling slowdown of the job keyed `keyA` while it shares nodes with
 * the job keyed `keyB`, a Table 4 SL_cos draw addressed by the pair. The same function serves the
 * contention model (what happens) and the matchmaking (what a scheduler that knows the slowdowns
 * expects), so the two never disagree.
 */
export function pairCoschedulingSlowdown(keyA: number, keyB: number): number {
  return tableQuantile(zengSodanTable4.cos, pairUniform(keyA, keyB));
}

/**
 * SL_cos of the job with traits `of` beside the job with traits `partner` (§4.6, §4.9): the pair's
 * value when both carry a `cosKey` (the `zeng-sodan-multicore` model's default, `slCos: 'pair'`);
 * else `of`'s own per-job `slCos` (`slCos: 'job'`, or a partner from outside the model); 1 when
 * `of` has neither. Traits as the caller may see them: a discipline without `speedup` knowledge
 * sees none and reads 1.
 */
export function coschedulingSlowdown(
  of: Readonly<Record<string, number>> | undefined,
  partner: Readonly<Record<string, number>> | undefined,
): number {
  const a = of?.cosKey;
  const b = partner?.cosKey;
  if (a !== undefined && b !== undefined) return pairCoschedulingSlowdown(a, b);
  return of?.slCos ?? 1;
}
