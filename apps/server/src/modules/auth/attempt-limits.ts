import type { Hit, Limit } from './rate-limiter.ts';

const limit = (name: string, max: number, windowMinutes: number): Limit => ({
  name,
  max,
  windowMinutes,
});

/**
 * The limits of the account calls. Password guesses (login form and HTTP Basic of WebDAV
 * clients, which share the counters) count only when they fail: tight per account (the e-mail
 * address asked for, known or not, so a 429 tells nothing about accounts), high per client
 * address, as several hundred pupils of a school may share one. The other calls count every
 * attempt.
 */
export const ATTEMPT_LIMITS = {
  loginPerAccount: limit('login-account', 10, 15),
  loginPerAddress: limit('login-address', 300, 15),
  passwordRequestPerAccount: limit('password-request-account', 3, 60),
  passwordRequestPerAddress: limit('password-request-address', 20, 60),
  registerPerAddress: limit('register-address', 20, 60),
  tokenPerAddress: limit('token-address', 30, 15),
} as const;

const account = (email: string) => email.trim().toLowerCase();

/** A password guess for an account from a client address. */
export const loginHits = (address: string, email: string): Hit[] => [
  { limit: ATTEMPT_LIMITS.loginPerAddress, subject: address },
  { limit: ATTEMPT_LIMITS.loginPerAccount, subject: account(email) },
];

export const passwordRequestHits = (address: string, email: string): Hit[] => [
  { limit: ATTEMPT_LIMITS.passwordRequestPerAddress, subject: address },
  { limit: ATTEMPT_LIMITS.passwordRequestPerAccount, subject: account(email) },
];

export const registerHits = (address: string): Hit[] => [
  { limit: ATTEMPT_LIMITS.registerPerAddress, subject: address },
];

/** Uses of a mailed token (confirmation, password reset). */
export const tokenHits = (address: string): Hit[] => [
  { limit: ATTEMPT_LIMITS.tokenPerAddress, subject: address },
];

/** Codes tried: only failures count (a code is a secret to guess, like a password). */
export const REDEEM_LIMITS = {
  perAccount: limit('redeem-account', 10, 60),
  perAddress: limit('redeem-address', 100, 60),
} as const;

export const redeemHits = (address: string, userId: number): Hit[] => [
  { limit: REDEEM_LIMITS.perAddress, subject: address },
  { limit: REDEEM_LIMITS.perAccount, subject: `user:${String(userId)}` },
];
