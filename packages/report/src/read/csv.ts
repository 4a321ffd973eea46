import { InputError } from '@js/errors';

/**
 * Rows of a CSV file as the app writes them (a header line; fields quoted with `"` when they hold
 * a comma, quote or newline). Every row must have the header's number of fields.
 */
export function parseCsv(text: string, source: string): { header: string[]; rows: string[][] } {
  const records = splitRecords(text, source);
  const header = records.shift();
  if (!header) throw new InputError(source, 1, undefined, 'empty CSV: no header line');
  const rows: string[][] = [];
  for (const { fields, line } of records) {
    if (fields.length === 1 && fields[0] === '') continue;
    if (fields.length !== header.fields.length)
      throw new InputError(
        source,
        line,
        undefined,
        `${fields.length} fields where the header has ${header.fields.length}`,
      );
    rows.push(fields);
  }
  return { header: header.fields, rows };
}

function splitRecords(text: string, source: string): { fields: string[]; line: number }[] {
  const out: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      out.push({ fields, line: recordLine });
      fields = [];
      field = '';
      recordLine = ++line;
    } else field += c;
  }
  if (quoted) throw new InputError(source, recordLine, undefined, 'a quoted field is never closed');
  if (field !== '' || fields.length) {
    fields.push(field);
    out.push({ fields, line: recordLine });
  }
  return out;
}
