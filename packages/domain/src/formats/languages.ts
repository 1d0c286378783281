/** One language of a medium: a code, optionally with subtitles (u) or for the hearing impaired (h). */
export interface MediumLanguage {
  code: string;
  variant?: 'u' | 'h';
}

const LANGUAGE = /^([a-z][a-z0-9]{0,2})(?:\(([uh])\))?$/;

/** 'de; en(u); de(h)' -> languages; duplicates collapse, malformed parts are skipped. */
export function parseLanguages(stored: string): MediumLanguage[] {
  const seen = new Set<string>();
  const languages: MediumLanguage[] = [];
  for (const part of stored.split(';').map((value) => value.trim())) {
    const match = LANGUAGE.exec(part);
    if (!match?.[1] || seen.has(part)) {
      continue;
    }
    seen.add(part);
    const variant = match[2] as MediumLanguage['variant'];
    languages.push(variant ? { code: match[1], variant } : { code: match[1] });
  }
  return languages;
}

export function formatLanguage({ code, variant }: MediumLanguage): string {
  return variant ? `${code}(${variant})` : code;
}

export function joinLanguages(languages: readonly MediumLanguage[]): string {
  return languages.map(formatLanguage).join('; ');
}
