/**
 * What teachers mean by 'Klassenstufe': school stages and grades. Each is a value of the
 * target-group filter (`filter_fn_adressat`): 'A(5-6)' matches media for grade 5 or 6.
 */
export const GRADE_STAGES: readonly { value: string; label: string }[] = [
  { value: 'E', label: 'Elementarbereich' },
  { value: 'A(1-4)', label: 'Grundschule (1-4)' },
  { value: 'A(5-6)', label: 'Klasse 5-6' },
  { value: 'A(7-8)', label: 'Klasse 7-8' },
  { value: 'A(9-10)', label: 'Klasse 9-10' },
  { value: 'A(11-13)', label: 'Oberstufe (11-13)' },
  { value: 'SO', label: 'Förderschule' },
  { value: 'BB', label: 'Berufliche Bildung' },
  { value: 'J', label: 'Kinder- und Jugendbildung' },
  { value: 'Q', label: 'Erwachsenenbildung' },
  { value: 'T', label: 'Lehrerfortbildung' },
];

/**
 * The audience tokens a target-group filter value matches (as media store them): 'A(5-7)' is
 * A(5), A(6) and A(7); 'A', 'A*' and 'A(5)' themselves. A trailing '*' changes nothing.
 */
export function audienceFilterTokens(value: string): string[] {
  const plain = value.endsWith('*') ? value.slice(0, -1) : value;
  const match = /^([A-Z]+)\((\d+)-(\d+)\)$/.exec(plain);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
    return [plain];
  }
  const from = Number(match[2]);
  const to = Math.max(from, Number(match[3]));
  return Array.from({ length: Math.min(to - from, 30) + 1 }, (_, i) => `${match[1]}(${from + i})`);
}

/** The stage's label ('Klasse 5-6'), else the value itself. */
export function gradeStageLabel(value: string): string {
  return GRADE_STAGES.find((stage) => stage.value === value)?.label ?? value;
}
