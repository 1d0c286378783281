import { describe, expect, it } from 'vitest';
import { plainTitle, sanitizeTitle } from './sanitize.ts';

describe('sanitizeTitle', () => {
  it('keeps emphasis, sub- and superscript and line breaks, without attributes', () => {
    expect(sanitizeTitle('H<sub>2</sub>O und <i class="x">E</i>=mc<sup>2</sup><br/>neu')).toBe(
      'H<sub>2</sub>O und <i>E</i>=mc<sup>2</sup><br>neu',
    );
    expect(sanitizeTitle('<b onclick="alert(1)">fett</b> <strong>stark</strong>')).toBe(
      '<b>fett</b> <strong>stark</strong>',
    );
  });

  it('leaves titles without a tag as they are', () => {
    expect(sanitizeTitle('Wasser & Luft > Erde')).toBe('Wasser & Luft > Erde');
  });

  it('keeps the text of other elements and escapes it', () => {
    expect(sanitizeTitle('<a href="javascript:alert(1)">Link</a> <p>Absatz &lt;b&gt;</p>')).toBe(
      'Link Absatz &lt;b&gt;',
    );
  });

  it('takes out code, images, handlers and hidden parts entirely', () => {
    const attacks = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '<svg><script>alert(1)</script></svg>',
      '<style>*{color:red}</style>',
      '<iframe src="https://example.org"></iframe>',
      '<!-- Kommentar -->',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<template><img src=x onerror=alert(1)></template>',
    ];
    for (const attack of attacks) {
      const clean = sanitizeTitle(`Titel${attack}`);
      expect(clean).not.toMatch(/<(?!\/?(b|strong|i|em|sub|sup|br|span)>)/);
      expect(clean).not.toMatch(/onerror|script|<img|<svg/i);
    }
  });

  it('turns markup into plain text for labels', () => {
    expect(plainTitle(sanitizeTitle('H<sub>2</sub>O <em>heute</em>'))).toBe('H2O heute');
  });
});
