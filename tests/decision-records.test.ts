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
});
