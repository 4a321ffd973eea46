import { InputError, type Job, readNumber } from '@js/core';
import { SWF_FIELD_COUNT, swfFieldIndex, swfFields } from './fields.ts';
import { parseSwfHeader, type SwfHeader } from './header.ts';
import { jobFromSwfRecord } from './mapping.ts';

/** A line that lenient reading skipped, and why. */
export interface SkippedLine {
  readonly line: number;
  readonly field: string;
  readonly reason: string;
}

/** What reading a file did, besides producing jobs. Nothing is skipped without being counted here. */
export interface SwfReadReport {
  readonly source: string;
  /** Lines read (comments and blank lines included). */
  readonly lines: number;
  /** Job lines turned into jobs. */
  readonly jobs: number;
  /** Malformed job lines skipped because the read was lenient. */
  readonly skippedLines: number;
  /** The first few skipped lines (at most {@link FIRST_SKIPPED_KEPT}). */
  readonly firstSkipped: readonly SkippedLine[];
  /** `;` lines found after the first job line; they are not part of the header and are not kept. */
  readonly commentsAfterHeader: number;
}

/** How many skipped lines a lenient read keeps as examples in its report; the rest are only counted. */
export const FIRST_SKIPPED_KEPT = 5;

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const SEMICOLON = 59;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;

// Exact powers of ten: m / 10^k with an integer m < 2^53 and k ≤ 22 is one correctly rounded
// division, i.e. the same double `Number()` would give. Longer numerals take the slow path.
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_FAST_DIGITS = 15;
const SUBMIT = swfFieldIndex.submitTime;

/**
 * Push parser for SWF text: feed it byte chunks cut anywhere, it emits one {@link Job} per job
 * line into the array it is given. It scans bytes directly (no per-line string, no split, no
 * regex) because trace replay is parse-bound; header comment lines are the only ones decoded.
 */
export class SwfParser {
  readonly #source: string;
  readonly #lenient: boolean;
  readonly #record = new Float64Array(SWF_FIELD_COUNT);
  #pending: Buffer[] = [];
  #line = 0;
  #jobs = 0;
  #headerLines: string[] | undefined = [];
  /** The file line of each header line (blank lines may come between them). */
  #headerLineNumbers: number[] = [];
  #header: SwfHeader | undefined;
  #lastSubmit = Number.NEGATIVE_INFINITY;
  #lastSubmitLine = 0;
  #skipped = 0;
  #firstSkipped: SkippedLine[] = [];
  #lateComments = 0;

  constructor(source: string, lenient: boolean) {
    this.#source = source;
    this.#lenient = lenient;
  }

  /** The header, once the first job line (or the end of the input) has been seen. */
  get header(): SwfHeader | undefined {
    return this.#header;
  }

  /** Parse every complete line of `chunk` (plus the partial line kept from the previous chunk). */
  feed(chunk: Uint8Array, out: Job[]): void {
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let pos = 0;
    if (this.#pending.length > 0) {
      const nl = buf.indexOf(LF);
      if (nl < 0) {
        this.#pending.push(Buffer.from(buf));
        return;
      }
      this.#pending.push(buf.subarray(0, nl));
      const joined = Buffer.concat(this.#pending);
      this.#pending = [];
      this.#parseLine(joined, 0, joined.length, out);
      pos = nl + 1;
    }
    const n = buf.length;
    while (pos < n) {
      const nl = buf.indexOf(LF, pos);
      if (nl < 0) {
        // Copied: the producer may reuse its chunk's memory.
        this.#pending.push(Buffer.from(buf.subarray(pos)));
        return;
      }
      this.#parseLine(buf, pos, nl, out);
      pos = nl + 1;
    }
  }

  /** End of input: parse a last line without a newline, and close the header if no job was seen. */
  end(out: Job[]): void {
    if (this.#pending.length > 0) {
      const joined = Buffer.concat(this.#pending);
      this.#pending = [];
      this.#parseLine(joined, 0, joined.length, out);
    }
    this.#closeHeader();
  }

  /** Lines read, jobs produced and malformed lines skipped so far (final once the input has ended). */
  report(): SwfReadReport {
    return {
      source: this.#source,
      lines: this.#line,
      jobs: this.#jobs,
      skippedLines: this.#skipped,
      firstSkipped: [...this.#firstSkipped],
      commentsAfterHeader: this.#lateComments,
    };
  }

  #closeHeader(): void {
    if (this.#headerLines === undefined) return;
    this.#header = parseSwfHeader(this.#headerLines, {
      source: this.#source,
      lineNumbers: this.#headerLineNumbers,
      lenient: this.#lenient,
    });
    this.#headerLines = undefined;
  }

  #parseLine(buf: Buffer, start: number, end: number, out: Job[]): void {
    const line = ++this.#line;
    let e = end;
    if (e > start && buf[e - 1] === CR) e--;
    let i = start;
    let c = 0;
    while (i < e && ((c = buf[i]!) === SPACE || c === TAB)) i++;
    if (i === e) return; // blank line
    if (c === SEMICOLON) {
      if (this.#headerLines !== undefined) {
        this.#headerLines.push(buf.toString('utf8', start, e));
        this.#headerLineNumbers.push(line);
      } else this.#lateComments++;
      return;
    }
    this.#closeHeader();

    const record = this.#record;
    for (let f = 0; f < SWF_FIELD_COUNT; f++) {
      while (i < e && ((c = buf[i]!) === SPACE || c === TAB)) i++;
      if (i === e) {
        this.#malformed(line, f, `the line ends after ${f} fields; SWF has ${SWF_FIELD_COUNT}`);
        return;
      }
      const tokenStart = i;
      const negative = c === MINUS;
      if (negative) i++;
      let mantissa = 0;
      let digits = 0;
      let fraction = 0;
      for (; i < e; i++) {
        const d = buf[i]! - ZERO;
        if (d < 0 || d > 9) break;
        mantissa = mantissa * 10 + d;
        digits++;
      }
      if (i < e && buf[i] === DOT) {
        for (i++; i < e; i++) {
          const d = buf[i]! - ZERO;
          if (d < 0 || d > 9) break;
          mantissa = mantissa * 10 + d;
          digits++;
          fraction++;
        }
      }
      let value: number;
      if (digits > 0 && digits <= MAX_FAST_DIGITS && (i === e || (c = buf[i]!) === SPACE || c === TAB)) {
        value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
        if (negative && value !== 0) value = -value;
      } else {
        while (i < e && (c = buf[i]!) !== SPACE && c !== TAB) i++;
        // Off the fast path: long numerals, exponents, anything odd. `readNumber` turns -0 into 0
        // so values compare equal after a round trip, and refuses 1e400 (Infinity).
        const read = readNumber(buf.toString('utf8', tokenStart, i));
        if (!read.ok) {
          this.#malformed(line, f, `field ${f + 1}: ${read.problem}`);
          return;
        }
        value = read.value;
      }
      record[f] = value;
    }
    while (i < e && ((c = buf[i]!) === SPACE || c === TAB)) i++;
    if (i < e) {
      let extra = 0;
      while (i < e) {
        extra++;
        while (i < e && (c = buf[i]!) !== SPACE && c !== TAB) i++;
        while (i < e && ((c = buf[i]!) === SPACE || c === TAB)) i++;
      }
      this.#malformed(
        line,
        SWF_FIELD_COUNT - 1,
        `text after the last field: the line has ${SWF_FIELD_COUNT + extra} fields; SWF has ${SWF_FIELD_COUNT}`,
      );
      return;
    }

    const submit = record[SUBMIT]!;
    if (submit < 0) {
      this.#malformed(
        line,
        SUBMIT,
        `submit time ${submit} is unknown or negative; a job must arrive at a time`,
      );
      return;
    }
    // The engine streams arrivals, so a trace must be in submit order.
    if (submit < this.#lastSubmit) {
      this.#malformed(
        line,
        SUBMIT,
        `submit time ${submit} is earlier than ${this.#lastSubmit} on line ${this.#lastSubmitLine}; ` +
          'submit times must be non-decreasing',
      );
      return;
    }
    this.#lastSubmit = submit;
    this.#lastSubmitLine = line;
    this.#jobs++;
    out.push(
      jobFromSwfRecord([
        record[0]!,
        record[1]!,
        record[2]!,
        record[3]!,
        record[4]!,
        record[5]!,
        record[6]!,
        record[7]!,
        record[8]!,
        record[9]!,
        record[10]!,
        record[11]!,
        record[12]!,
        record[13]!,
        record[14]!,
        record[15]!,
        record[16]!,
        record[17]!,
      ]),
    );
  }

  #malformed(line: number, field: number, detail: string): void {
    const fieldName = swfFields[field]!.name;
    if (!this.#lenient) throw new InputError(this.#source, line, fieldName, detail);
    this.#skipped++;
    if (this.#firstSkipped.length < FIRST_SKIPPED_KEPT)
      this.#firstSkipped.push({ line, field: fieldName, reason: detail });
  }
}
