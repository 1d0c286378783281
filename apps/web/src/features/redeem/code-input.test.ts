import { MESSAGES } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { codeInputProblem } from './code-input.ts';

describe('codeInputProblem', () => {
  it('accepts a code in groups, in lower case, with spaces, or as the QR link', () => {
    for (const input of [
      'FWXD-EM2Q-6KXB-TZ7A',
      'fwxd em2q 6kxb tz7a',
      ' fwxdem2q6kxbtz7a ',
      'https://medien.example/redeem?code=FWXD-EM2Q-6KXB-TZ7A',
    ]) {
      expect(codeInputProblem(input), input).toBeUndefined();
    }
  });

  it('asks for a code when there is none', () => {
    expect(codeInputProblem('  - ')).toBe(MESSAGES.licences.codeMissing);
  });

  it('names a look-alike character that codes never contain', () => {
    expect(codeInputProblem('FWXD-EM0Q-6KXB-TZ7A')).toBe(
      'Codes enthalten kein „0“: Die Zeichen 0, O, 1, I, L und U kommen nicht vor, damit nichts verwechselt wird. Bitte prüfen Sie die Eingabe.',
    );
    expect(codeInputProblem('fwxd-emiq-6kxb-tz7a')).toContain('kein „I“');
  });

  it('names any other character that is not a letter or digit of codes', () => {
    expect(codeInputProblem('FWXD-EM2Q-6KXB-TZ7Ä')).toBe(
      '„Ä“ kommt in Codes nicht vor: Sie bestehen nur aus Buchstaben und Ziffern. Bitte prüfen Sie die Eingabe.',
    );
  });

  it('counts the characters of a code that is too short or too long', () => {
    expect(codeInputProblem('FWXD-EM2Q-6KXB-TZ7')).toBe(
      'Ein Code hat 16 Zeichen (ohne Leerzeichen und Bindestriche), Ihre Eingabe hat 15. Bitte prüfen Sie die Eingabe.',
    );
    expect(codeInputProblem('FWXD-EM2Q-6KXB-TZ7A-2')).toContain('Ihre Eingabe hat 17');
  });
});
