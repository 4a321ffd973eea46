/** Decimal digits of an integer below this are written by hand; larger ones go through `String`. */
const EXACT = 1e15;
/** Below this, digits come from integer division. */
const SMALL = 2 ** 31;
const ZERO = 0x30;
/** 10^0 … 10^15: a number below 10^k has at most k digits. */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const MINUS = 0x2d;

/**
 * Text built straight into bytes, for a writer that emits many short numeric lines.
 *
 * Why not strings: a line built by `+=` from 18 numbers makes a string per number and a rope
 * node per join, about a kilobyte of garbage per SWF line, which on a 450 k-job `--out` was a
 * third of everything the run allocated. Integers (nearly every SWF value) are written digit by
 * digit here, giving exactly the characters `String(value)` gives; other numbers use `String`.
 */
export class TextBatch {
  #bytes: Buffer;
  /** Bytes written to the current batch. */
  length = 0;

  constructor(readonly capacity: number) {
    this.#bytes = Buffer.allocUnsafe(capacity);
  }

  /** Append a number in JavaScript's shortest round-trip form (`String(value)`). */
  number(value: number): void {
    if (!(Number.isInteger(value) && value < EXACT && value > -EXACT)) {
      this.text(String(value));
      return;
    }
    this.#room(17);
    const bytes = this.#bytes;
    let at = this.length;
    // -0 is written "0", as String(-0) writes it.
    let rest = value;
    if (rest < 0) {
      bytes[at++] = MINUS;
      rest = -rest;
    }
    // Digits from the last: count them first so each lands in its place. Below 2^31 the
    // division is an integer one (`| 0`), several times cheaper than a float division and floor.
    let digits = 1;
    while (rest >= POW10[digits]!) digits++;
    at += digits;
    let i = at - 1;
    for (; rest >= SMALL; i--) {
      const next = Math.floor(rest / 10);
      bytes[i] = ZERO + (rest - next * 10);
      rest = next;
    }
    for (let small = rest | 0; i >= at - digits; i--) {
      const next = (small / 10) | 0;
      bytes[i] = ZERO + (small - next * 10);
      small = next;
    }
    this.length = at;
  }

  /** Append one byte (an ASCII character). */
  byte(code: number): void {
    this.#room(1);
    this.#bytes[this.length++] = code;
  }

  /** Append text as UTF-8. */
  text(text: string): void {
    this.#room(Buffer.byteLength(text));
    this.length += this.#bytes.write(text, this.length);
  }

  /** The batch written so far, handed over: the next batch goes into new memory. */
  take(): Buffer {
    const batch = this.#bytes.subarray(0, this.length);
    this.#bytes = Buffer.allocUnsafe(this.capacity);
    this.length = 0;
    return batch;
  }

  /** Forget what was written since `length` was `at` (a line that failed half-way). */
  truncate(at: number): void {
    this.length = at;
  }

  /** Make room for `n` more bytes (a long header line may exceed the usual capacity). */
  #room(n: number): void {
    if (this.length + n <= this.#bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.#bytes.length * 2, this.length + n));
    this.#bytes.copy(bigger, 0, 0, this.length);
    this.#bytes = bigger;
  }
}
