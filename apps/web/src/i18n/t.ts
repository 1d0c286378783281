import texts from './de.json';

export type TextKey = keyof typeof texts;

/** The German text of a key, with {name} placeholders filled in. */
export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  return texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) {
      return whole;
    }
    return typeof value === 'number' ? value.toLocaleString('de-DE') : value;
  });
}
