/** Audience (target group) codes with their German names. */
export const AUDIENCES: Readonly<Record<string, string>> = {
  E: 'Elementarbereich',
  A: 'Allgemeinbildende Schule',
  BB: 'Berufliche Bildung',
  SO: 'Sonderpädagogik / Förderschule',
  J: 'Kinder- und Jugendbildung',
  Q: 'Erwachsenenbildung',
  T: 'Lehrerfortbildung',
};

/** The levels an audience can be narrowed to: ages for E and J, grades for A. */
export const AUDIENCE_LEVELS: Readonly<Record<string, readonly number[]>> = {
  E: [3, 4, 5, 6],
  A: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  J: [6, 8, 10, 12, 14, 16, 18],
};

export function audienceName(code: string): string {
  return AUDIENCES[code] ?? code;
}

/** 'Allgemeinbildende Schule, Klasse 5–10', 'Elementarbereich, 3–6 Jahre', 'Erwachsenenbildung'. */
export function audienceLabel(group: { code: string; from?: number; to?: number }): string {
  const name = audienceName(group.code);
  if (group.from === undefined) {
    return name;
  }
  const to = group.to ?? group.from;
  const range = to === group.from ? String(group.from) : `${group.from}–${to}`;
  return group.code === 'A' ? `${name}, Klasse ${range}` : `${name}, ${range} Jahre`;
}
