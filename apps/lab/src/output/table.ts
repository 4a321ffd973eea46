import Table from 'cli-table3';

/** The one table renderer of the CLI: plain borders; columns of numbers right-aligned, text left. */
export function renderTable(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const numeric = head.map((_, c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'));
  const table = new Table({
    head: [...head],
    style: { head: [], border: [] },
    colAligns: numeric.map((n) => (n ? 'right' : 'left')),
  });
  for (const row of rows) table.push(row.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  return table.toString();
}

/**
 * A reproduction's figure beside the paper's: three significant digits, then as {@link formatNumber}
 * writes it; '—' where there is none (a figure a discipline does not report is NaN or absent).
 */
export function formatFigure(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? '—' : formatNumber(Number(x.toPrecision(3)));
}

/** Figures with sensible precision: integers as such, others to 3 significant decimals. */
export function formatNumber(x: number): string {
  if (Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  if (Number.isInteger(x)) return enUs(x, 0);
  const abs = Math.abs(x);
  return enUs(x, abs >= 100 ? 1 : abs >= 1 ? 3 : 4);
}

/**
 * `x.toLocaleString('en-US', { maximumFractionDigits: digits })`, written without Intl: the first
 * call of Intl's number formatting loads ICU's locale data, 12 ms of every command that prints a
 * table. As ICU does, it rounds the shortest decimal that reads back as `x` (JavaScript's own
 * `String(x)`), halves away from zero, drops trailing zeros and groups the thousands with commas;
 * a negative number that rounds to zero keeps its sign. Beyond 10²¹ Intl does the work.
 */
export function enUs(x: number, digits: number): string {
  if (Math.abs(x) >= 1e21) return x.toLocaleString('en-US', { maximumFractionDigits: digits });
  const [whole, fraction] = roundedDigits(plainDecimal(Math.abs(x)), digits);
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let i = grouped.length; i < whole.length; i += 3) grouped += `,${whole.slice(i, i + 3)}`;
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The shortest decimal of a non-negative `x` below 10²¹, without an exponent (1e-7 → 0.0000001). */
function plainDecimal(x: number): string {
  const text = String(x);
  const e = text.indexOf('e');
  if (e < 0) return text;
  // Only small numbers get an exponent below 10²¹: d.ddde-n.
  const mantissa = text.slice(0, e).replace('.', '');
  // Where the point falls: after the mantissa's one whole digit, moved left by the exponent.
  const point = 1 + Number(text.slice(e + 1));
  return `0.${'0'.repeat(-point)}${mantissa}`;
}

/** A plain decimal's whole digits and its fraction rounded to `digits` places (half up), trailing zeros dropped. */
function roundedDigits(decimal: string, digits: number): [string, string] {
  const point = decimal.indexOf('.');
  const whole = point < 0 ? decimal : decimal.slice(0, point);
  const fraction = point < 0 ? '' : decimal.slice(point + 1);
  if (fraction.length <= digits) return [whole, fraction.replace(/0+$/, '')];
  const kept = (whole + fraction.slice(0, digits)).split('').map(Number);
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === 9) kept[i--] = 0;
    if (i >= 0) kept[i]! += 1;
    else kept.unshift(1);
  }
  const cut = kept.length - digits;
  return [kept.slice(0, cut).join(''), kept.slice(cut).join('').replace(/0+$/, '')];
}
