import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting, leaves numbers and empties plain, ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x, y', 'say "hi"', 3.5],
          [null, undefined, true],
          ['two\nlines', '', -4],
        ],
      ),
    ).toBe('a,b,c\r\n"x, y","say ""hi""",3.5\r\n,,true\r\n"two\nlines",,-4\r\n');
  });

  it('keeps a spreadsheet from running a typed formula, but not a negative number', () => {
    expect(toCsv(['title'], [['=HYPERLINK("http://x")'], ['+1'], ['@SUM(A1)'], [-2]])).toBe(
      'title\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+1\r\n\'@SUM(A1)\r\n-2\r\n',
    );
  });
});
