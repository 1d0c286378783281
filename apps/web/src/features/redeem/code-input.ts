import { CODE_ALPHABET, CODE_LENGTH, codeOfInput, MESSAGES } from '@medienkatalog/domain';
import { i18next } from '../../i18n/i18n.ts';

/** Characters left out of codes because they look alike (0/O, 1/I/L) or read badly (U). */
const LOOK_ALIKES = '0O1ILU';
const OUTSIDE_ALPHABET = new RegExp(`[^${CODE_ALPHABET}]`, 'u');

/**
 * What is wrong with a typed code (or pasted QR link) before it is sent: every refused try
 * counts against the user's few attempts an hour, so a typo is caught here. The German message,
 * or undefined for a well-formed code.
 */
export function codeInputProblem(input: string): string | undefined {
  const code = codeOfInput(input);
  if (code === '') {
    return MESSAGES.licences.codeMissing;
  }
  const character = OUTSIDE_ALPHABET.exec(code)?.[0];
  if (character !== undefined) {
    return LOOK_ALIKES.includes(character)
      ? i18next.t('access.redeem.lookAlike', { character })
      : i18next.t('access.redeem.character', { character });
  }
  if (code.length !== CODE_LENGTH) {
    return i18next.t('access.redeem.length', { count: code.length });
  }
  return undefined;
}
