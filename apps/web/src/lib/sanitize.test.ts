import { describe, expect, it } from 'vitest';
import { plainTitle, sanitizeTitle } from './sanitize.ts';

describe('sanitizeTitle', () => {
  it('keeps simple inline markup and drops everything else, on every call', () => {
    for (let call = 0; call < 2; call += 1) {
      expect(sanitizeTitle('H<sub>2</sub>O und <em>CO<sup>2</sup></em>')).toBe(
        'H<sub>2</sub>O und <em>CO<sup>2</sup></em>',
      );
      expect(sanitizeTitle('<b onclick="alert(1)">Fett</b><script>alert(1)</script>')).toBe(
        '<b>Fett</b>',
      );
      expect(sanitizeTitle('<img src=x onerror=alert(1)>Bild <a href="/x">Link</a>')).toBe(
        'Bild Link',
      );
    }
  });

  it('leaves plain titles as they are', () => {
    expect(sanitizeTitle('Wasser ist Leben – Teil 1')).toBe('Wasser ist Leben – Teil 1');
    expect(sanitizeTitle('')).toBe('');
  });

  it('does not change how DOMPurify is configured elsewhere', async () => {
    const { default: DOMPurify } = await import('dompurify');
    sanitizeTitle('<em>x</em>');
    expect(DOMPurify.sanitize('<a href="/x">Link</a>')).toBe('<a href="/x">Link</a>');
  });
});

describe('plainTitle', () => {
  it('removes the tags of a sanitised title', () => {
    expect(plainTitle('H<sub>2</sub>O')).toBe('H2O');
  });
});
