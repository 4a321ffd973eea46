/**
 * A running sum with Neumaier's compensation, so a mean over ten million jobs is exact to the last
 * few bits instead of drifting with the order of the terms.
 */
export class CompensatedSum {
  #sum = 0;
  #compensation = 0;

  /** Add a term, carrying its rounding error in the compensation. */
  add(x: number): void {
    const t = this.#sum + x;
    this.#compensation += Math.abs(this.#sum) >= Math.abs(x) ? this.#sum - t + x : x - t + this.#sum;
    this.#sum = t;
  }

  get value(): number {
    return this.#sum + this.#compensation;
  }
}
