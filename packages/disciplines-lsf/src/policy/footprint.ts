import { popcount } from '@js/machine';

/**
 * A job's processors as bits, 32 to a word, only the words it touches: testing a job against a
 * row of the matrix, or committing it there, takes a few word operations rather than one per
 * processor, which is what a machine of thousands of processors needs.
 */
export class Footprint {
  readonly #words: Int32Array;
  readonly #bits: Int32Array;

  constructor(readonly processors: readonly number[]) {
    const bits = new Map<number, number>();
    for (const p of processors) bits.set(p >>> 5, (bits.get(p >>> 5) ?? 0) | (1 << (p & 31)));
    this.#words = Int32Array.from(bits.keys());
    this.#bits = Int32Array.from(bits.values());
  }

  /** Whether one of its processors is in `set`. */
  meets(set: Int32Array): boolean {
    for (let k = 0; k < this.#words.length; k++)
      if ((set[this.#words[k]!]! & this.#bits[k]!) !== 0) return true;
    return false;
  }

  /** Add its processors to `set`. */
  addTo(set: Int32Array): void {
    for (let k = 0; k < this.#words.length; k++) set[this.#words[k]!]! |= this.#bits[k]!;
  }

  /** Take its processors out of `set`. */
  removeFrom(set: Int32Array): void {
    for (let k = 0; k < this.#words.length; k++) set[this.#words[k]!]! &= ~this.#bits[k]!;
  }

  /** How many of its processors are in `set`. */
  countIn(set: Int32Array): number {
    let n = 0;
    for (let k = 0; k < this.#words.length; k++) n += popcount(set[this.#words[k]!]! & this.#bits[k]!);
    return n;
  }
}

/** An empty set of processors 0…count − 1, as bits. */
export const processorBits = (count: number): Int32Array => new Int32Array((count + 31) >>> 5);

/** Whether bit `p` is set in `set` (32 to a word). */
export const hasBit = (set: Int32Array | Uint32Array, p: number): boolean =>
  ((set[p >>> 5]! >>> (p & 31)) & 1) === 1;

/** Add processor `p` to `set`. */
export function addBit(set: Int32Array, p: number): void {
  set[p >>> 5]! |= 1 << (p & 31);
}
