const FOLDED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
/** Longest slug made from a name (the whole path may have 200 characters). */
const MAX_SLUG = 60;

/** 'Biologie für die Sek. I' → 'biologie-fuer-die-sek-i': what a Mediathek path allows. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => FOLDED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/** The path a new Mediathek gets from its name: under the producer's pool ('fwu/biologie'). */
export function pathFromName(pool: string, name: string): string {
  const prefix = slug(pool);
  const rest = slug(name);
  return [prefix, rest].filter((part) => part !== '').join('/');
}
