import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../tests/helpers/csv';
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
    expect(toCsv(['title'], [['=HYPERLINK("http://x")'], ['+1+cmd'], ['@SUM(A1)'], ['-2+3'], ['\tx'], ['\rx'], ['-'], [-2]])).toBe(
      'title\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+1+cmd\r\n\'@SUM(A1)\r\n\'-2+3\r\n\'\tx\r\n"\'\rx"\r\n\'-\r\n-2\r\n',
    );
  });

  it('leaves numbers numbers, whatever their type: a debit of -50 as a bigint or as text, a signed decimal, an exponent', () => {
    expect(toCsv(['amount'], [[-50n], ['-50'], [-50], ['+1.5'], ['-0.25'], ['-1e-6'], ['.5'], [12345678901234567890n]])).toBe(
      'amount\r\n-50\r\n-50\r\n-50\r\n+1.5\r\n-0.25\r\n-1e-6\r\n.5\r\n12345678901234567890\r\n',
    );
  });

  it('reads back as written: quotes, commas, line breaks, empties (the tests read downloads with parseCsv)', () => {
    const rows = [
      ['plain', 'x, y', 'say "hi"'],
      ['two\r\nlines', '', '-50'],
    ];
    expect(parseCsv(toCsv(['a', 'b', 'c'], rows))).toEqual([['a', 'b', 'c'], ...rows]);
    expect(parseCsv(toCsv(['only'], []))).toEqual([['only']]);
  });
});
