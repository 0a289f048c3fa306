// A strict RFC 4180 reader for checking the CSV exports: quoted cells, doubled quotes, CRLF rows.
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
