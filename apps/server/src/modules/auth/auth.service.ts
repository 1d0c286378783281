import {
  MESSAGES,
  type Login,
  type ProfileUpdate,
  type Registration,
  type UserInfo,
} from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import {
  alreadyRegisteredMail,
  confirmationMail,
  passwordResetMail,
} from '../mail/account-mails.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { loginHits, passwordRequestHits, registerHits, tokenHits } from './attempt-limits.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import {
  hashPassword,
  passwordProblem,
  UNKNOWN_ACCOUNT_HASH,
  verifyPassword,
} from './passwords.ts';
import type { Hit, RateLimiter } from './rate-limiter.ts';
import { RecentCredentials } from './recent-credentials.ts';
import { hashToken, newToken } from './tokens.ts';

export interface AuthSettings {
  /** Address of the web app, for the links in mails (no trailing slash). */
  publicUrl: string;
  /** A session ends after this many minutes without a request. */
  sessionIdleMinutes: number;
}

/** A session ends this many days after login, however active. */
const SESSION_MAX_DAYS = 30;
const CONFIRM_VALID_MINUTES = 24 * 60;
const RESET_VALID_MINUTES = 60;

export function toUserInfo(user: UserRow): UserInfo {
  return {
    email: user.email,
    vorname: user.vorname,
    name: user.name,
    role: user.role,
    school_admin: user.school_admin,
    district_admin: user.district_admin,
    klassenID: user.klassen_id,
    schulname: user.schulname,
    show_jitsi: user.show_jitsi,
    type: user.type,
    context: user.context,
  };
}

/**
 * Accounts, sessions and the mailed links. Every call that takes a password, a token or an
 * address from anyone is limited per client address (`client`) and, where it names an
 * account, per e-mail address (see attempt-limits.ts).
 */
export class AuthService {
  private readonly recentCredentials = new RecentCredentials();
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly repository: AuthRepository,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly settings: AuthSettings,
    /** Logs what failed in the background (mails, work after the answer). */
    private readonly onBackgroundError: (error: unknown) => void = () => undefined,
  ) {}

  /** Sends in the background; a failure is logged. */
  private sendLater(mail: Mail): void {
    this.mailer.send(mail).catch(this.onBackgroundError);
  }

  /**
   * Runs work that depends on whether an account exists after the answer has gone out (the
   * next turn of the event loop), so the answer's timing tells nothing; a failure is logged.
   */
  private later(work: () => Promise<void>): void {
    const task: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch(this.onBackgroundError)
      .finally(() => this.background.delete(task));
    this.background.add(task);
  }

  /** Waits for the work still running in the background (before the database closes). */
  async settled(): Promise<void> {
    await Promise.all(this.background);
  }

  /** The user of a session cookie's token, if the session is live. */
  async sessionUser(token: string): Promise<UserRow | undefined> {
    return this.repository.findSessionUser(
      hashToken(token),
      this.settings.sessionIdleMinutes,
      SESSION_MAX_DAYS,
    );
  }

  /**
   * Checks the credentials and opens a new session (the previous one, if any, ends: the
   * session id changes at login). Answers the new session token.
   */
  async login(
    credentials: Login,
    previousToken: string | undefined,
    client: string,
  ): Promise<{ token: string; user: UserRow }> {
    const user = await this.guessPassword(
      loginHits(client, credentials.email),
      await this.repository.findUserByEmail(credentials.email),
      credentials.password,
    );
    if (!user) {
      throw new HttpError(401, MESSAGES.account.loginFailed);
    }
    if (user.email_confirmed_at === null) {
      throw new HttpError(403, MESSAGES.account.notConfirmed);
    }
    if (previousToken) {
      await this.repository.deleteSession(hashToken(previousToken));
    }
    const token = newToken();
    await this.repository.createSession(hashToken(token), user.id);
    return { token, user };
  }

  /**
   * The confirmed account of an e-mail address and password, without opening a session (HTTP
   * Basic of WebDAV clients, which send it with every request); undefined when they do not
   * match. Limited like the login form, with the same counters. Credentials verified a moment
   * ago skip Argon2 while the stored hash is the same.
   */
  async checkCredentials(
    email: string,
    password: string,
    client: string,
  ): Promise<UserRow | undefined> {
    const hits = loginHits(client, email);
    // Remembered credentials too: past the limit, no answer tells whether a password is right.
    await this.limiter.check(hits);
    const stored = await this.repository.findUserByEmail(email);
    const user =
      stored && this.recentCredentials.has(email, password, stored.password_hash)
        ? stored
        : await this.guessPassword(hits, stored, password);
    if (!user) {
      return undefined;
    }
    this.recentCredentials.add(email, password, user.password_hash);
    return user.email_confirmed_at === null ? undefined : user;
  }

  /**
   * Verifies a password within the login limits: refused with 429 before verifying once a
   * limit is used up; only a wrong password counts. Unknown addresses cost the same time as
   * wrong passwords: nobody learns who has an account.
   */
  private guessPassword(
    hits: Hit[],
    user: UserRow | undefined,
    password: string,
  ): Promise<UserRow | undefined> {
    return this.limiter.guess(hits, async () => {
      const valid = await verifyPassword(user?.password_hash ?? UNKNOWN_ACCOUNT_HASH, password);
      return valid ? user : undefined;
    });
  }

  async logout(token: string): Promise<void> {
    await this.repository.deleteSession(hashToken(token));
  }

  /**
   * Registers an account and mails the confirmation link. A taken address gets a mail
   * saying so instead; the answer is the same either way and comes before either happens.
   */
  async register(registration: Registration, client: string): Promise<void> {
    await this.limiter.count(registerHits(client));
    this.checkNewPassword(registration.password, registration.email);
    this.later(() => this.createAccount(registration));
  }

  private async createAccount(registration: Registration): Promise<void> {
    const user = await this.repository.createUser({
      email: registration.email,
      password_hash: await hashPassword(registration.password),
      vorname: registration.vorname,
      name: registration.name,
      role: registration.role,
      schulname: registration.schulname,
    });
    if (!user) {
      const existing = await this.repository.findUserByEmail(registration.email);
      if (existing) {
        this.sendLater(
          alreadyRegisteredMail(
            existing.email,
            fullName(existing),
            this.link('/login/password-request'),
          ),
        );
      }
      return;
    }
    const token = await this.issueToken('confirm', user.id, CONFIRM_VALID_MINUTES);
    this.sendLater(
      confirmationMail(user.email, fullName(user), this.link(`/register/success?token=${token}`)),
    );
  }

  async confirmEmail(token: string, client: string): Promise<void> {
    await this.limiter.count(tokenHits(client));
    const userId = await this.repository.consumeToken(hashToken(token), 'confirm');
    if (userId === undefined) {
      throw new HttpError(400, MESSAGES.account.tokenInvalid);
    }
    await this.repository.confirmEmail(userId);
  }

  /**
   * Mails a reset link when the address has an account; answers the same either way, before
   * looking.
   */
  async requestPasswordReset(email: string, client: string): Promise<void> {
    await this.limiter.count(passwordRequestHits(client, email));
    this.later(() => this.mailResetLink(email));
  }

  private async mailResetLink(email: string): Promise<void> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) {
      return;
    }
    const token = await this.issueToken('reset', user.id, RESET_VALID_MINUTES);
    this.sendLater(
      passwordResetMail(
        user.email,
        fullName(user),
        this.link(`/login/password-reset/new?token=${token}`),
      ),
    );
  }

  /**
   * Sets a new password with a mailed token; every session of the account ends. A refused
   * password leaves the token usable.
   */
  async resetPassword(token: string, password: string, client: string): Promise<void> {
    await this.limiter.count(tokenHits(client));
    const tokenHash = hashToken(token);
    const user = await this.repository.tokenUser(tokenHash, 'reset');
    if (!user) {
      throw new HttpError(400, MESSAGES.account.tokenInvalid);
    }
    this.checkNewPassword(password, user.email);
    if ((await this.repository.consumeToken(tokenHash, 'reset')) !== user.id) {
      throw new HttpError(400, MESSAGES.account.tokenInvalid);
    }
    await this.repository.setPassword(user.id, await hashPassword(password));
    // The link proved access to the mailbox, so the address counts as confirmed.
    await this.repository.confirmEmail(user.id);
    await this.repository.deleteSessionsOf(user.id);
  }

  /** Changes the password of a signed-in user; other sessions end, this one is renewed. */
  async changePassword(
    user: UserRow,
    change: { current_password: string; new_password: string },
    client: string,
  ): Promise<string> {
    // The current password is a guess like a login's (a stolen session must not try many).
    if (!(await this.guessPassword(loginHits(client, user.email), user, change.current_password))) {
      throw new HttpError(400, MESSAGES.account.currentPasswordWrong);
    }
    this.checkNewPassword(change.new_password, user.email);
    await this.repository.setPassword(user.id, await hashPassword(change.new_password));
    await this.repository.deleteSessionsOf(user.id);
    const token = newToken();
    await this.repository.createSession(hashToken(token), user.id);
    return token;
  }

  async updateProfile(user: UserRow, profile: ProfileUpdate): Promise<UserRow> {
    const updated = await this.repository.updateProfile(user.id, profile);
    if (!updated) {
      throw new HttpError(401, MESSAGES.loginRequired);
    }
    return updated;
  }

  async features(user: UserRow | undefined): Promise<{ media_editing: boolean }> {
    const flags = user ? await this.repository.featureFlags(user.id) : new Map<string, boolean>();
    return { media_editing: flags.get('media_editing') ?? false };
  }

  private checkNewPassword(password: string, email: string): void {
    const problem = passwordProblem(password, email);
    if (problem) {
      throw new HttpError(400, problem);
    }
  }

  private async issueToken(purpose: 'confirm' | 'reset', userId: number, minutes: number) {
    const token = newToken();
    await this.repository.createToken(hashToken(token), purpose, userId, minutes);
    return token;
  }

  private link(pathAndQuery: string): string {
    return `${this.settings.publicUrl}${pathAndQuery}`;
  }
}

const fullName = (user: Pick<UserRow, 'vorname' | 'name'>) => `${user.vorname} ${user.name}`.trim();
