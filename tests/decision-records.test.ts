import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

describe('decision records (docs/decisions)', () => {
  it.each(records)('%s has a date, a status, and a line in the index', (name) => {
    const text = readFileSync(join(DIR, name), 'utf8');
    const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
    const status = /^- Status: (.+)$/m.exec(text)?.[1];
    expect(date, 'a "- Date: YYYY-MM-DD" line').toBeDefined();
    expect(status, 'a "- Status:" line').toMatch(/^(accepted|superseded by \d{3})/);
    const line = index.split('\n').find((row) => row.includes(`](${name})`));
    expect(line, `README.md lists ${name}`).toBeDefined();
    // The index is a Markdown table: compare its cells, whatever the column padding.
    const cells = line!.split('|').map((cell) => cell.trim());
    expect(cells).toContain(date);
    expect(cells).toContain(status);
  });

  it('numbers are unique', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  // Merged branches each add rows: a merge that kept both sides' copies of the table is caught here.
  it('the index has one table, with one row per record', () => {
    const rows = index.split('\n').filter((row) => /^\| \d{3} \|/.test(row));
    expect(rows.map((row) => row.slice(2, 5))).toEqual(records.map((name) => name.slice(0, 3)));
    expect(index.split('\n').filter((row) => row.startsWith('| #')).length).toBe(1);
  });
});
