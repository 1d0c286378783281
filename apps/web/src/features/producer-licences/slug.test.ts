import { MEDIATHEK_PATH_PATTERN } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { pathFromName, slug } from './slug.ts';

describe('Mediathek paths from names', () => {
  it('folds umlauts and accents, joins words with dashes and drops the rest', () => {
    expect(slug('Biologie für die Sek. I')).toBe('biologie-fuer-die-sek-i');
    expect(slug('  Größe & Maß – Café Crème!  ')).toBe('groesse-mass-cafe-creme');
    expect(slug('„Zitat“')).toBe('zitat');
    expect(slug('!!!')).toBe('');
  });

  it('puts the path under the pool and keeps it within the server’s rule', () => {
    expect(pathFromName('fwu', 'Erdkunde für Klasse 5')).toBe('fwu/erdkunde-fuer-klasse-5');
    expect(pathFromName('fwu', '')).toBe('fwu');
    const long = pathFromName('fwu', 'Ein sehr langer Name '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(MEDIATHEK_PATH_PATTERN);
  });
});
