import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@medienkatalog/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Argon2id with the library's defaults (19 MiB, 2 iterations, 1 lane): the OWASP
 * recommendation; about 50 ms per hash here.
 */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when an account is unknown (equal timing). */
export const UNKNOWN_ACCOUNT_HASH = await hashPassword('unknown-account-placeholder');

/**
 * The 49,000 most common passwords of the zxcvbn-ts list, plus common German ones of at least
 * the minimum length (German keyboard rows, words with years).
 */
const COMMON_PASSWORDS = new Set([
  ...dictionary.passwords,
  ...['qwertzuiop', 'qwertz1234', 'qwertz123456', 'yxcvbnm123', 'ichliebedich', 'hallohallo'],
  ...['passwort12', 'passwort123', 'passwort1234', 'hallo12345', 'schatzi123', 'medienkatalog'],
  ...[2023, 2024, 2025, 2026, 2027].flatMap((year) =>
    ['schule', 'lehrer', 'sommer', 'winter', 'passwort', 'fruehling'].map(
      (word) => `${word}${year}`,
    ),
  ),
]);

/**
 * Why a new password is refused, beyond its length (checked by the schema): common passwords
 * and the account's own e-mail address (BSI, NIST SP 800-63B). Undefined when it is fine.
 */
export function passwordProblem(password: string, email: string): string | undefined {
  const folded = password.toLowerCase();
  if (COMMON_PASSWORDS.has(folded) || /^(.)\1+$/.test(folded)) {
    return MESSAGES.account.passwordCommon;
  }
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (folded.includes(email.toLowerCase()) || (local.length >= 4 && folded === local)) {
    return MESSAGES.account.passwordContainsEmail;
  }
  return undefined;
}
