/** What a CSV file holds, read back by a spreadsheet's rules (RFC 4180), for the tests of the exports. */
export type ParsedCsv = { hasBom: boolean; rows: string[][] };

/**
 * A small RFC 4180 reader, written apart from the server's writer: fields separated by commas, records
 * by CRLF (or LF), a quoted field may hold commas, line breaks and doubled quotes. Throws on a quote
 * inside an unquoted field or an unterminated quoted field, as a strict spreadsheet import would.
 */
export function parseCsv(text: string): ParsedCsv {
  const hasBom = text.startsWith('\uFEFF');
  const input = hasBom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let index = 0; index < input.length; index += 1) {
    const char = input.charAt(index);
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"') {
      if (field !== '' || wasQuoted) throw new Error(`A quote inside an unquoted field at ${index}`);
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && input[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
    } else {
      if (wasQuoted) throw new Error(`Text after a closing quote at ${index}`);
      field += char;
    }
  }
  if (quoted) throw new Error('An unterminated quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { hasBom, rows };
}

/** The records as objects keyed by the header line's names. */
export function csvRecords(parsed: ParsedCsv): Record<string, string>[] {
  const [headers = [], ...records] = parsed.rows;
  return records.map((record) =>
    Object.fromEntries(headers.map((name, index) => [name, record[index] ?? ''])),
  );
}
