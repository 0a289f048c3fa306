// The CSV cells of the admin export: quoting, and cells a spreadsheet would run as formulas made text.
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../src/server/enquiries/csv.ts';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['\tplain', `"'\tplain"`],
    ['  =1', `"'  =1"`],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
    ['a=b', '"a=b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['', '""'],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers and empty values, and ends rows with CRLF', () => {
    expect(csvRow([1, null, undefined, 'x'])).toBe('"1","","","x"\r\n');
  });
});
