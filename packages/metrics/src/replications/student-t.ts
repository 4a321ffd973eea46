/**
 * Quantiles of Student's t distribution for integer degrees of freedom, computed exactly (to double
 * precision) instead of read from a table: P(|T| < t) has a closed form for integer ν
 * (Abramowitz & Stegun 26.7.3–26.7.4), which is inverted by bisection. Cost O(ν) per evaluation,
 * meant for replication counts (tens to thousands).
 */

/** P(|T| < t) for T ~ t(ν), written with θ = atan(t / √ν). */
function centralProbability(theta: number, degreesOfFreedom: number): number {
  const sin = Math.sin(theta);
  const cos = Math.cos(theta);
  const cos2 = cos * cos;
  if (degreesOfFreedom % 2 === 0) {
    // sinθ · (1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + … up to cos^{ν−2}θ)
    let term = 1;
    let sum = 1;
    for (let k = 2; k <= degreesOfFreedom - 2; k += 2) {
      term *= ((k - 1) / k) * cos2;
      sum += term;
    }
    return sin * sum;
  }
  if (degreesOfFreedom === 1) return (2 / Math.PI) * theta;
  // (2/π) · (θ + sinθ · (cosθ + ⅔cos³θ + (2·4)/(3·5)cos⁵θ + … up to cos^{ν−2}θ))
  let term = cos;
  let sum = cos;
  for (let k = 3; k <= degreesOfFreedom - 2; k += 2) {
    term *= ((k - 1) / k) * cos2;
    sum += term;
  }
  return (2 / Math.PI) * (theta + sin * sum);
}

/** P(T ≤ t) for T ~ t(ν), ν a positive integer. */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  checkDegreesOfFreedom(degreesOfFreedom);
  const a = centralProbability(Math.atan(Math.abs(t) / Math.sqrt(degreesOfFreedom)), degreesOfFreedom);
  return t >= 0 ? (1 + a) / 2 : (1 - a) / 2;
}

/** The t with P(T ≤ t) = p for T ~ t(ν), ν a positive integer, 0 < p < 1. */
export function studentTQuantile(p: number, degreesOfFreedom: number): number {
  checkDegreesOfFreedom(degreesOfFreedom);
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile: probability ${p} is not in (0, 1)`);
  if (p < 0.5) return -studentTQuantile(1 - p, degreesOfFreedom);
  const target = 2 * p - 1;
  // Bisection on θ ∈ [0, π/2), where P(|T| < √ν·tanθ) increases from 0 to 1.
  let low = 0;
  let high = Math.PI / 2;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (mid <= low || mid >= high) break;
    if (centralProbability(mid, degreesOfFreedom) < target) low = mid;
    else high = mid;
  }
  return Math.sqrt(degreesOfFreedom) * Math.tan((low + high) / 2);
}

function checkDegreesOfFreedom(degreesOfFreedom: number): void {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1) {
    throw new RangeError(`Student t: degrees of freedom must be a positive integer, got ${degreesOfFreedom}`);
  }
}
