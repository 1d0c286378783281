/** 'a, b' -> ['a', 'b']: trimmed, empty ones dropped, duplicates (any case) collapse to the first. */
export function parseKeywords(stored: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const keyword of stored.split(',').map((value) => value.trim())) {
    const key = keyword.toLocaleLowerCase('de');
    if (keyword !== '' && !seen.has(key)) {
      seen.add(key);
      keywords.push(keyword);
    }
  }
  return keywords;
}

export function joinKeywords(keywords: readonly string[]): string {
  return parseKeywords(keywords.join(',')).join(', ');
}
