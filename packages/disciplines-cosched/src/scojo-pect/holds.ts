/**
 * What one job holds in a type's plan: `processors` over [start, end), `end` as the profile
 * computes it (start + duration). A resident or a job lent the slice holds from the clock; a
 * waiting job holds its reservation. A job holds at most once in a plan.
 */
export interface Hold {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly processors: number;
}

/**
 * The first instant from `from` on at which the holds `now` take fewer processors than the holds
 * `before` (by job): where a plan made of `now` has more free than one made of `before`, so a job
 * might fit earlier than it did. Infinity if nowhere. A job holding the same from `from` on in
 * both cancels out; the rest are swept in time order.
 */
export function firstRelease(before: ReadonlyMap<number, Hold>, now: readonly Hold[], from: number): number {
  const times: number[] = [];
  const deltas: number[] = [];
  const add = (h: Hold, sign: number) => {
    const start = Math.max(h.start, from);
    if (!(h.end > start) || h.processors === 0) return;
    times.push(start, h.end);
    deltas.push(sign * h.processors, -sign * h.processors);
  };
  const matched = new Set<number>();
  for (const h of now) {
    const was = before.get(h.id);
    if (
      was !== undefined &&
      was.end === h.end &&
      was.processors === h.processors &&
      Math.max(was.start, from) === Math.max(h.start, from)
    ) {
      matched.add(h.id);
      continue;
    }
    add(h, 1);
  }
  for (const [id, h] of before) if (!matched.has(id)) add(h, -1);
  const order = Array.from(times.keys()).sort((a, b) => times[a]! - times[b]!);
  // Processors `now` holds less those `before` holds, over the instants in order.
  let difference = 0;
  for (let i = 0; i < order.length; ) {
    const t = times[order[i]!]!;
    while (i < order.length && times[order[i]!] === t) difference += deltas[order[i++]!]!;
    if (difference < 0) return t;
  }
  return Number.POSITIVE_INFINITY;
}
