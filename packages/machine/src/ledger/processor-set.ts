/**
 * A set of processor ids as a bitset, with the queries allocation needs: lowest-numbered
 * members, and aligned or unaligned runs of consecutive members (for gang and buddy use).
 */
export class ProcessorSet {
  readonly #words: Uint32Array;
  #size = 0;

  constructor(
    readonly universe: number,
    full = false,
  ) {
    this.#words = new Uint32Array(Math.ceil(universe / 32));
    if (full) {
      this.#words.fill(0xffffffff);
      const tail = universe % 32;
      if (tail) this.#words[this.#words.length - 1] = (1 << tail) - 1;
      this.#size = universe;
    }
  }

  get size(): number {
    return this.#size;
  }

  /** Whether processor `p` is a member, in constant time. */
  has(p: number): boolean {
    return (this.#words[p >>> 5]! & (1 << (p & 31))) !== 0;
  }

  /** Make processor `p` a member (no change if it already is). */
  add(p: number): void {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    if ((this.#words[w]! & bit) === 0) {
      this.#words[w]! |= bit;
      this.#size++;
    }
  }

  /** Remove processor `p` (no change if it is not a member). */
  delete(p: number): void {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    if ((this.#words[w]! & bit) !== 0) {
      this.#words[w]! &= ~bit;
      this.#size--;
    }
  }

  /** Make every processor of `ps` a member; a run of ids within one word is one write. */
  addAll(ps: ArrayLike<number>): void {
    this.#update(ps, true);
  }

  /** Remove every processor of `ps`; a run of ids within one word is one write. */
  deleteAll(ps: ArrayLike<number>): void {
    this.#update(ps, false);
  }

  #update(ps: ArrayLike<number>, add: boolean): void {
    let w = -1;
    let mask = 0;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i]!;
      if (p >>> 5 !== w) {
        this.#apply(w, mask, add);
        w = p >>> 5;
        mask = 0;
      }
      mask |= 1 << (p & 31);
    }
    this.#apply(w, mask, add);
  }

  /** Set or clear the `mask` bits of word `w` (none: w < 0), counting the members that changed. */
  #apply(w: number, mask: number, add: boolean): void {
    if (w < 0) return;
    const before = this.#words[w]!;
    const after = add ? before | mask : before & ~mask;
    this.#words[w] = after;
    this.#size += popcount(after) - popcount(before);
  }

  /** The lowest member, or -1 when the set is empty. */
  first(): number {
    const words = this.#words;
    for (let w = 0; w < words.length; w++) {
      const bits = words[w]!;
      if (bits !== 0) return (w << 5) + (31 - Math.clz32(bits & -bits));
    }
    return -1;
  }

  /** The `count` lowest members (fewer if the set is smaller), ascending. */
  lowest(count: number): Int32Array {
    const out = new Int32Array(Math.min(count, this.#size));
    let n = 0;
    const words = this.#words;
    for (let w = 0; w < words.length && n < out.length; w++) {
      let bits = words[w]!;
      while (bits !== 0 && n < out.length) {
        const low = bits & -bits;
        out[n++] = (w << 5) + (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return out;
  }

  /** First start of `length` consecutive members whose start is a multiple of `align`, or -1. */
  firstRun(length: number, align = 1): number {
    for (let start = 0; start + length <= this.universe; start += align) {
      let ok = true;
      for (let p = start + length - 1; p >= start; p--) {
        if (!this.has(p)) {
          ok = false;
          // Skip past the hole: no run starting at or before it can work.
          start = Math.floor(p / align) * align;
          break;
        }
      }
      if (ok) return start;
    }
    return -1;
  }
}

/** Bits set in a 32-bit word. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
