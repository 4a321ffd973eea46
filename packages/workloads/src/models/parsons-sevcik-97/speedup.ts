/**
 * The two speedup classes of Parsons & Sevcik §6.1, as execution time per unit of service demand
 * on p real processors (T(p) = D·g(p), g(1) = 1).
 */

/** Amdahl's law: a fraction `sequential` of the work runs on one processor (good class: 0.1 %). */
export const amdahl =
  (sequential: number) =>
  (p: number): number =>
    sequential + (1 - sequential) / p;

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
