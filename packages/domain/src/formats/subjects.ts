/** '240, 460, 66002' -> ['240', '460', '66002']: digit codes only, duplicates collapse. */
export function parseSubjects(stored: string): string[] {
  const codes = stored
    .split(',')
    .map((value) => value.trim())
    .filter((value) => /^\d+$/.test(value));
  return [...new Set(codes)];
}

export function joinSubjects(codes: readonly string[]): string {
  return parseSubjects(codes.join(',')).join(', ');
}
