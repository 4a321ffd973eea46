/**
 * The two speedup classes of Parsons & Sevcik §6.1, as execution time per unit of service demand
 * on p real processors (T(p) = D·g(p), g(1) = 1).
 */

/** Amdahl's law: a fraction `sequential` of the work runs on one processor (good class: 0.1 %). */
export const amdahl =
  (sequential: number) =>
  (p: number): number =>
    sequential + (1 - sequential) / p;

/**
 * The sequential fraction s whose Amdahl speedup on p > 1 processors is S: 1/S = s + (1 − s)/p, so
 * s = (p/S − 1)/(p − 1), in [0, 1] when 1 ≤ S ≤ p. The poor class's 9.3 on 128 gives s ≈ 0.1005,
 * hence 4.70 on 8 (efficiency 58.7 %, §6.2's "58 %") and 6.38 on 16.
 */
export const amdahlSequentialFraction = (p: number, speedup: number): number => (p / speedup - 1) / (p - 1);

/** Coefficients of g(p) = a/p + α + β·p (Sevcik's form, with W scaled to a, so g(1) = a + α + β = 1). */
export interface SevcikFit {
  readonly a: number;
  readonly alpha: number;
  readonly beta: number;
}

/**
 * Fit g(p) = a/p + α + β·p through g(1) = 1 and the two measured speedups S(pᵢ) = 1/g(pᵢ) — the poor
 * class has S(8) = 6.4 and S(128) = 9.3 (§6.1), which gives a ≈ 0.9686, α ≈ 0.03086, β ≈ 5.40e-4:
 * three equations, three unknowns, solved exactly (Cramer's rule). Undefined when p₁ = p₂ or either is 1.
 */
export function fitSevcik(p1: number, s1: number, p2: number, s2: number): SevcikFit {
  // Rows: [1/p, 1, p] · [a, α, β] = g.
  const rows = [
    [1, 1, 1, 1],
    [1 / p1, 1, p1, 1 / s1],
    [1 / p2, 1, p2, 1 / s2],
  ] as const;
  const det3 = (m: readonly (readonly number[])[]): number =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const matrix = rows.map((r) => [r[0], r[1], r[2]]);
  const det = det3(matrix);
  const column = (j: number): number =>
    det3(matrix.map((r, i) => r.map((v, k) => (k === j ? rows[i]![3] : v)))) / det;
  return { a: column(0), alpha: column(1), beta: column(2) };
}

/** g for a fitted poor-speedup job. */
export const sevcikShape =
  ({ a, alpha, beta }: SevcikFit) =>
  (p: number): number =>
    a / p + alpha + beta * p;

/** A measured speedup: S(p) = T(1)/T(p) on `processors` real processors. */
export interface SpeedupPoint {
  readonly processors: number;
  readonly speedup: number;
}

/** The measured point on the most processors (the first of equals). */
export function widest(points: readonly SpeedupPoint[]): SpeedupPoint {
  return points.reduce((w, x) => (x.processors > w.processors ? x : w));
}

/**
 * The poor class under either reading of §6.1 (see the model's `poorSpeedupLaw`): g, and the
 * sequential fraction where the law has one. `fitted` passes a/p + α + βp through both points;
 * `amdahl` uses `sequential`, by default the fraction whose speedup on the widest point is as measured.
 */
export function poorSpeedupClass(
  law: 'fitted' | 'amdahl',
  points: readonly [SpeedupPoint, SpeedupPoint],
  sequential?: number,
): { readonly g: (p: number) => number; readonly sequential?: number } {
  if (law === 'amdahl') {
    const { processors, speedup } = widest(points);
    const s = sequential ?? amdahlSequentialFraction(processors, speedup);
    return { g: amdahl(s), sequential: s };
  }
  const [p, q] = points;
  return { g: sevcikShape(fitSevcik(p.processors, p.speedup, q.processors, q.speedup)) };
}
