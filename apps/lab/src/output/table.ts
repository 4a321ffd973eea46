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

/** Figures with sensible precision: integers as such, others to 3 significant decimals. */
export function formatNumber(x: number): string {
  if (Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  const abs = Math.abs(x);
  return x.toLocaleString('en-US', { maximumFractionDigits: abs >= 100 ? 1 : abs >= 1 ? 3 : 4 });
}
