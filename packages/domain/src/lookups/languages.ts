/** Language codes of the catalogue with their German names, including the special codes. */
export const LANGUAGES: Readonly<Record<string, string>> = {
  de: 'Deutsch',
  en: 'Englisch',
  fr: 'Französisch',
  es: 'Spanisch',
  it: 'Italienisch',
  pt: 'Portugiesisch',
  nl: 'Niederländisch',
  da: 'Dänisch',
  sv: 'Schwedisch',
  no: 'Norwegisch',
  fi: 'Finnisch',
  pl: 'Polnisch',
  cs: 'Tschechisch',
  sk: 'Slowakisch',
  hu: 'Ungarisch',
  ro: 'Rumänisch',
  bg: 'Bulgarisch',
  hr: 'Kroatisch',
  sr: 'Serbisch',
  bs: 'Bosnisch',
  sl: 'Slowenisch',
  sq: 'Albanisch',
  el: 'Griechisch',
  tr: 'Türkisch',
  ru: 'Russisch',
  uk: 'Ukrainisch',
  ar: 'Arabisch',
  fa: 'Persisch',
  ku: 'Kurdisch',
  ps: 'Paschtu',
  ti: 'Tigrinya',
  so: 'Somali',
  he: 'Hebräisch',
  hi: 'Hindi',
  ur: 'Urdu',
  zh: 'Chinesisch',
  ja: 'Japanisch',
  ko: 'Koreanisch',
  vi: 'Vietnamesisch',
  la: 'Latein',
  grc: 'Altgriechisch',
  nds: 'Niederdeutsch',
  hsb: 'Obersorbisch',
  dsb: 'Niedersorbisch',
  fy: 'Friesisch',
  dgs: 'Deutsche Gebärdensprache',
  o1: 'Originalfassung mit Untertiteln',
  o2: 'ohne Sprache',
  s1: 'Leichte Sprache',
  p1: 'Einfache Sprache',
};

/** The German name of a language code; unknown codes are shown as they are. */
export function languageName(code: string): string {
  return LANGUAGES[code] ?? code;
}

/** 'code - Name', as the producer's language editor lists them. */
export function languageLabel(code: string): string {
  return `${code} - ${languageName(code)}`;
}
