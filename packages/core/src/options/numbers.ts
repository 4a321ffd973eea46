/**
 * The one way schedlab reads a number written as text: SWF fields off the fast path, SWF header
 * values, command-line options, stop-rule arguments. Only decimal numerals (`12`, `-0.5`, `3e4`):
 * no hexadecimal, no blanks, no empty string, nothing that `Number()` would quietly turn into 0,
 * 16 or Infinity. A value must be finite, an integer where the rule asks for a count (a safe
 * integer, so it is exact), and within the rule's bounds. Callers turn a refusal into their own
 * located error (file:line (field), or the option's name).
 */
export interface NumberRule {
  /** A count or an id: a safe integer. */
  readonly integer?: boolean;
  /** Lowest value allowed. */
  readonly min?: number;
  /** Values must be strictly above this. */
  readonly above?: number;
  /** Highest value allowed. */
  readonly max?: number;
  /** Values must be strictly below this. */
  readonly below?: number;
}

/** The outcome of {@link readNumber}: the value, or why the text was refused, for the caller to locate. */
export type ReadNumber =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: string };

const decimalNumeral = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `text` is a decimal numeral (the syntax alone). */
export const isDecimalNumeral = (text: string): boolean => decimalNumeral.test(text);

/** Read a decimal numeral under `rule` (finite, integer if asked, within bounds), refusing anything else with a reason. */
export function readNumber(text: string, rule: NumberRule = {}): ReadNumber {
  const refuse = (problem: string): ReadNumber => ({ ok: false, problem });
  if (!decimalNumeral.test(text)) return refuse(`'${text}' is not a decimal number`);
  const value = Number(text) || 0; // -0 reads as 0
  if (!Number.isFinite(value)) return refuse(`'${text}' is out of range (not a finite number)`);
  if (rule.integer && !Number.isSafeInteger(value))
    return refuse(
      Number.isInteger(value)
        ? `'${text}' is too large to be exact (above 2^53)`
        : `'${text}' is not an integer`,
    );
  if (rule.min !== undefined && value < rule.min) return refuse(`'${text}' is below ${rule.min}`);
  if (rule.above !== undefined && value <= rule.above) return refuse(`'${text}' must be above ${rule.above}`);
  if (rule.max !== undefined && value > rule.max) return refuse(`'${text}' is above ${rule.max}`);
  if (rule.below !== undefined && value >= rule.below) return refuse(`'${text}' must be below ${rule.below}`);
  return { ok: true, value };
}
