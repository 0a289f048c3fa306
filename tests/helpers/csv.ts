// A strict RFC 4180 reader for checking the CSV exports (quoted cells, doubled quotes, CRLF rows), and the
// header row the enquiries export must have.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const row: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) throw new Error('unterminated quoted cell');
          cell += text.slice(i, quote);
          i = quote + 1;
          if (text[i] === '"') {
            cell += '"';
            i++;
          } else break;
        }
      } else {
        const end = text.slice(i).search(/,|\r\n/);
        cell = end < 0 ? text.slice(i) : text.slice(i, i + end);
        i = end < 0 ? text.length : i + end;
      }
      row.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) i += 2;
      else if (i < text.length) throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
      break;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The enquiries export's header row as the admin's spreadsheet shows it, written out here rather than
 * imported from the server, so that a change to the server's columns fails the tests that read it.
 */
export const ENQUIRY_EXPORT_HEADER = [
  'id',
  'received',
  'name',
  'email',
  'phone',
  'status',
  'message',
  'note',
  'replies',
  'last reply',
];
