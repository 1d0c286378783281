import { describe, expect, it } from 'vitest';
import { copyTextLine } from './copy-text.ts';

describe('copyTextLine', () => {
  it('separates fields by tabs and ends the line', () => {
    expect(copyTextLine(['a', 7, null])).toBe('a\t7\t\\N\n');
  });

  it('escapes what would end a field or a line, and the backslash itself', () => {
    expect(copyTextLine(['Zeile 1\nZeile 2\tTab\r\\Pfad'])).toBe(
      'Zeile 1\\nZeile 2\\tTab\\r\\\\Pfad\n',
    );
  });

  it('writes dates in ISO form and arrays as quoted text[] literals', () => {
    expect(copyTextLine([new Date(Date.UTC(2026, 0, 2, 3, 4, 5))])).toBe(
      '2026-01-02T03:04:05.000Z\n',
    );
    expect(copyTextLine([['de', 'en(u)']])).toBe('{"de","en(u)"}\n');
    expect(copyTextLine([[]])).toBe('{}\n');
    // A quote and a backslash inside an element: escaped for the array, then for COPY.
    expect(copyTextLine([['Sag "Hallo"', 'a\\b']])).toBe('{"Sag \\\\"Hallo\\\\"","a\\\\\\\\b"}\n');
  });
});
