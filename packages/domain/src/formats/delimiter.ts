const DELIMITERS = [',', ';', '/'] as const;
export type MetadataDelimiter = (typeof DELIMITERS)[number];

/** The most frequent of comma, semicolon and slash in a text (ties: that order; none: comma). */
export function detectDelimiter(text: string): MetadataDelimiter {
  let best: MetadataDelimiter = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = text.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Splits a metadata text on its detected delimiter; parts trimmed, empty ones dropped. */
export function splitMetadata(text: string): string[] {
  return text
    .split(detectDelimiter(text))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
