// CSV for spreadsheets (RFC 4180: quoted cells, CRLF rows), safe against formula injection: a cell that
// a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return, also after
// leading spaces or as their full-width forms) is prefixed with an apostrophe, which makes it text.
const FORMULA_START = /^[\s\u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(cells: Array<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A byte order mark first, so that Excel reads the file as UTF-8 (names are not all ASCII). */
export const CSV_BOM = '\uFEFF';
