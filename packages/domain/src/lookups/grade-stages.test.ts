import { describe, expect, it } from 'vitest';
import { audienceFilterTokens, GRADE_STAGES, gradeStageLabel } from './grade-stages.ts';

describe('grade stages', () => {
  it('turn a range of grades into the tokens media store, with or without a trailing *', () => {
    expect(audienceFilterTokens('A(5-6)')).toEqual(['A(5)', 'A(6)']);
    expect(audienceFilterTokens('A(11-13)*')).toEqual(['A(11)', 'A(12)', 'A(13)']);
    expect(audienceFilterTokens('A(7)')).toEqual(['A(7)']);
    expect(audienceFilterTokens('Q*')).toEqual(['Q']);
  });

  it('cover every grade of the general school once, and name every stage', () => {
    const grades = GRADE_STAGES.filter((stage) => stage.value.startsWith('A(')).flatMap((stage) =>
      audienceFilterTokens(stage.value),
    );
    expect(grades).toEqual(Array.from({ length: 13 }, (_, i) => `A(${String(i + 1)})`));
    expect(gradeStageLabel('A(1-4)')).toBe('Grundschule (1-4)');
    expect(gradeStageLabel('Q')).toBe('Erwachsenenbildung');
    expect(gradeStageLabel('X')).toBe('X');
  });
});
