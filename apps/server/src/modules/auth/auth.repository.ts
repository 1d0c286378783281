import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Database } from '../../db/client.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  vorname: string;
  name: string;
  role: string;
  school_admin: string;
  district_admin: string;
  klassen_id: string;
  schulname: string;
  show_jitsi: boolean;
  type: string;
  context: string;
  /** The school, media centre or producer the user belongs to. */
  organisation_id: number | null;
  email_confirmed_at: Date | string | null;
}

export type TokenPurpose = 'confirm' | 'reset';

export interface NewUser {
  email: string;
  password_hash: string;
  vorname: string;
  name: string;
  role: string;
  schulname: string;
  school_admin?: string;
  district_admin?: string;
  klassen_id?: string;
  type?: string;
  context?: string;
  organisation_id?: number | null;
  confirmed?: boolean;
}

const userColumns = sql.raw(
  'u.id, u.email, u.password_hash, u.vorname, u.name, u.role, u.school_admin, u.district_admin, ' +
    'u.klassen_id, u.schulname, u.show_jitsi, u.type, u.context, u.organisation_id, ' +
    'u.email_confirmed_at',
);

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await queryRows<UserRow>(
      this.db,
      sql`SELECT ${userColumns} FROM users u WHERE lower(u.email) = lower(${email})`,
    );
    return row;
  }

  async findUser(id: number): Promise<UserRow | undefined> {
    const [row] = await queryRows<UserRow>(
      this.db,
      sql`SELECT ${userColumns} FROM users u WHERE u.id = ${id}`,
    );
    return row;
  }

  /** Creates the user; undefined when the address is taken (case-insensitive). */
  async createUser(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await queryRows<UserRow>(
      this.db,
      sql`INSERT INTO users AS u (email, password_hash, vorname, name, role, schulname, school_admin,
                             district_admin, klassen_id, type, context, organisation_id,
                             email_confirmed_at)
          VALUES (${user.email}, ${user.password_hash}, ${user.vorname}, ${user.name}, ${user.role},
                  ${user.schulname}, ${user.school_admin ?? ''}, ${user.district_admin ?? ''},
                  ${user.klassen_id ?? ''}, ${user.type ?? ''}, ${user.context ?? ''},
                  ${user.organisation_id ?? null}, ${user.confirmed ? sql`now()` : null})
          ON CONFLICT DO NOTHING
          RETURNING ${userColumns}`,
    );
    return row;
  }

  async updateProfile(
    id: number,
    profile: { vorname: string; name: string; schulname: string; show_jitsi: boolean },
  ): Promise<UserRow | undefined> {
    const [row] = await queryRows<UserRow>(
      this.db,
      sql`UPDATE users AS u SET vorname = ${profile.vorname}, name = ${profile.name},
                 schulname = ${profile.schulname}, show_jitsi = ${profile.show_jitsi}
          WHERE u.id = ${id} RETURNING ${userColumns}`,
    );
    return row;
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${id}`);
  }

  async confirmEmail(id: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = ${id}`,
    );
  }

  async createSession(tokenHash: string, userId: number): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO sessions (token_hash, user_id) VALUES (${tokenHash}, ${userId})`,
    );
  }

  /**
   * The user of a live session: used within `idleMinutes` and younger than `maxDays`. Marks
   * the session as used when it was last marked more than a minute ago.
   */
  async findSessionUser(
    tokenHash: string,
    idleMinutes: number,
    maxDays: number,
  ): Promise<UserRow | undefined> {
    const [row] = await queryPrepared<UserRow & { stale: boolean }>(
      this.db,
      sql`SELECT ${userColumns}, s.last_seen_at < now() - interval '1 minute' AS stale
          FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = ${tokenHash}
            AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes})
            AND s.created_at > now() - make_interval(days => ${maxDays})`,
    );
    if (row?.stale) {
      await this.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() WHERE token_hash = ${tokenHash}`,
      );
    }
    return row;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`);
  }

  /** Ends every session of the user, except the one given (after a password change). */
  async deleteSessionsOf(userId: number, except?: string): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM sessions WHERE user_id = ${userId}
          AND token_hash IS DISTINCT FROM ${except ?? null}`,
    );
  }

  async createToken(
    tokenHash: string,
    purpose: TokenPurpose,
    userId: number,
    validMinutes: number,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO account_tokens (token_hash, purpose, user_id, expires_at)
          VALUES (${tokenHash}, ${purpose}, ${userId}, now() + make_interval(mins => ${validMinutes}))`,
    );
  }

  /** The user of an unused, unexpired token, without using it. */
  async tokenUser(tokenHash: string, purpose: TokenPurpose): Promise<UserRow | undefined> {
    const [row] = await queryRows<UserRow>(
      this.db,
      sql`SELECT ${userColumns} FROM account_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = ${tokenHash} AND t.purpose = ${purpose}
            AND t.used_at IS NULL AND t.expires_at > now()`,
    );
    return row;
  }

  /**
   * Uses a token once: marks it used and answers its user when it was unused and unexpired;
   * other unused tokens of the same purpose and user become unusable too.
   */
  async consumeToken(tokenHash: string, purpose: TokenPurpose): Promise<number | undefined> {
    const [row] = await queryRows<{ user_id: number }>(
      this.db,
      sql`UPDATE account_tokens SET used_at = now()
          WHERE token_hash = ${tokenHash} AND purpose = ${purpose}
            AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
    );
    if (row) {
      await this.db.execute(
        sql`UPDATE account_tokens SET used_at = now()
            WHERE user_id = ${row.user_id} AND purpose = ${purpose} AND used_at IS NULL`,
      );
    }
    return row?.user_id;
  }

  async featureFlags(userId: number): Promise<Map<string, boolean>> {
    const rows = await queryRows<{ flag: string; enabled: boolean }>(
      this.db,
      sql`SELECT flag, enabled FROM feature_flags WHERE user_id = ${userId}`,
    );
    return new Map(rows.map((row) => [row.flag, row.enabled]));
  }

  async setFeatureFlag(userId: number, flag: string, enabled: boolean): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO feature_flags (user_id, flag, enabled) VALUES (${userId}, ${flag}, ${enabled})
          ON CONFLICT (user_id, flag) DO UPDATE SET enabled = excluded.enabled`,
    );
  }
}
