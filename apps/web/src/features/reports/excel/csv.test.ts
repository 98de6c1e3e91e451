import { describe, expect, it } from 'vitest';
import { csvText } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs it, writes dates as dates and defuses formulas', () => {
    const text = csvText({
      name: 'Sheet',
      columns: [{ header: 'Name' }, { header: 'Date' }, { header: 'Minutes' }, { header: 'Note' }],
      rows: [
        ['Kim, Ji-woo', new Date(Date.UTC(2026, 11, 3)), 25, 'said "better"'],
        ['=HYPERLINK("x")', null, { value: 0.5, format: '0%' }, 'line\nbreak'],
      ],
    });
    expect(text).toBe(
      '\ufeffName,Date,Minutes,Note\r\n' +
        '"Kim, Ji-woo",2026-12-03,25,"said ""better"""\r\n' +
        `"'=HYPERLINK(""x"")",,0.5,"line\nbreak"\r\n`,
    );
  });
});
