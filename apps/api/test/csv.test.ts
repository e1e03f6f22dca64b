import { describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../src/lib/csv.ts';

describe('parseCsv', () => {
  it('handles quotes, escaped quotes, commas, newlines, CRLF and a BOM', () => {
    const text = '\ufeffa,b,c\r\n1,"x, ""y""",3\r\n"multi\nline",,end\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, "y"', '3'] },
      { line: 3, fields: ['multi\nline', '', 'end'] },
    ]);
  });
  it('skips blank lines and keeps a last line without newline', () => {
    expect(parseCsv('a\n\nb')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 3, fields: ['b'] },
    ]);
  });
  it('throws on an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/Unterminated/);
  });
  it('round-trips values through csvField', () => {
    const values = ['plain', 'with, comma', 'with "quote"', 'two\nlines'];
    expect(parseCsv(values.map(csvField).join(','))[0]!.fields).toEqual(values);
  });
});
