import type { LicenceOrigin, LicenceRights } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Database } from '../../db/client.ts';
import { inForce, today } from '../licences/licence-sql.ts';

/** What the access policy needs to know of a medium, and what its callers use of it. */
export interface MediumFacts {
  id: number;
  /** Upper-case, as stored. */
  identifier: string;
  pool: string;
  fn_titel: string;
  fn_status: 'draft' | 'published' | 'archived';
  /** '' for licensed media; 'frei' or a Creative Commons licence for open ones. */
  open_access: string;
}

/** What the access policy needs to know of a licence to decide who may change it. */
export interface LicenceFacts {
  id: number;
  grantor_pool: string;
  licensee_organisation_id: number | null;
  licensee_user_id: number | null;
  parent_id: number | null;
  /** The holder of the licence it was passed on from. */
  parent_organisation_id: number | null;
  origin: LicenceOrigin;
  media_id: number | null;
  pool: string | null;
  mediathek_id: number | null;
  valid_from: string | null;
  valid_until: string | null;
  rights: LicenceRights;
  in_force: boolean;
}

/** Who may hold licences: a user, and the organisation it belongs to. */
export interface Holder {
  userId: number;
  organisationId: number | null;
}

/** A licence in force that covers a medium for a holder. */
export interface Grant {
  media_id: number;
  licence_id: number;
  rights: 'stream' | 'download';
  /** Uses left (of the licence, or of the one it was passed on from); null: unlimited. */
  remaining: number | null;
  /** The licence whose remaining uses a use counts against; null when unlimited. */
  counted_licence_id: number | null;
  /** The holder already used the medium today (another use today costs nothing). */
  used_today: boolean;
}

/** What a card needs to know of its medium to show whether it plays: its facts and Mediatheken. */
export interface CardMedium extends MediumFacts {
  /** The Mediatheken that hold the medium. */
  mediatheken: number[];
}

/** A licence in force that a holder holds, and what it covers: a medium, a pool or a Mediathek. */
export type HeldGrant = Omit<Grant, 'media_id' | 'used_today'> & {
  media_id: number | null;
  pool: string | null;
  mediathek_id: number | null;
};

/** All licences in force a holder holds, and the media its user used today. */
export interface HeldLicences {
  grants: HeldGrant[];
  usedToday: number[];
}

const columns = sql.raw('id, identifier, pool, fn_titel, fn_status, open_access');

/**
 * The columns of a CardMedium from media `m`, and the catalogue version they are read at
 * (`version`): the licences a holder holds are kept for that version (AccessPolicy).
 */
export const cardMediumColumns = sql`(SELECT version FROM catalogue_version WHERE id = 1) AS version,
  m.id, m.identifier, m.pool, m.fn_titel, m.fn_status, m.open_access,
  ARRAY(SELECT mm.mediathek_id FROM mediathek_media mm WHERE mm.media_id = m.id)::int[]
    AS mediatheken`;

/** Rows read with cardMediumColumns, and the version they carry. */
export function withoutVersion<Row extends { version: number | string }>(
  rows: Row[],
): { media: Omit<Row, 'version'>[]; version: number } {
  return {
    media: rows.map(({ version: _version, ...medium }) => medium),
    version: Number(rows[0]?.version ?? 0),
  };
}

/** The facts behind the access policy's decisions. Identifiers match in any case. */
export class AccessRepository {
  constructor(private readonly db: Database) {}

  async mediumByIdentifier(identifier: string): Promise<MediumFacts | undefined> {
    const [row] = await queryPrepared<MediumFacts>(
      this.db,
      sql`SELECT ${columns} FROM media WHERE identifier = ${identifier.toUpperCase()}`,
    );
    return row;
  }

  /** The media of those identifiers (upper-case) that exist. */
  async mediaByIdentifiers(identifiers: readonly string[]): Promise<MediumFacts[]> {
    if (identifiers.length === 0) {
      return [];
    }
    return queryRows<MediumFacts>(
      this.db,
      sql`SELECT ${columns} FROM media WHERE identifier IN ${identifiers}`,
    );
  }

  /**
   * The media of those identifiers (upper-case) that exist, with what the policy needs to know
   * to decide whether they play (cardMediumColumns), and the catalogue version they were read at.
   */
  async cardMedia(
    identifiers: readonly string[],
  ): Promise<{ media: CardMedium[]; version: number }> {
    if (identifiers.length === 0) {
      return { media: [], version: 0 };
    }
    const rows = await queryPrepared<CardMedium & { version: number | string }>(
      this.db,
      sql`SELECT ${cardMediumColumns} FROM media m
          WHERE m.identifier = ANY(${sql.param(identifiers)}::text[])`,
    );
    return withoutVersion(rows);
  }

  /**
   * Every licence in force the holder holds (its user's own and its organisation's), with what
   * it covers, and the media the user used today: what the policy's play() and cardAccess() need
   * besides the media's own facts, in one query.
   */
  async heldLicences(holder: Holder): Promise<HeldLicences> {
    const [row] = await queryPrepared<HeldLicences>(
      this.db,
      sql`SELECT
            coalesce((SELECT json_agg(g) FROM (
              SELECT l.id AS licence_id, l.media_id, l.pool, l.mediathek_id, l.rights,
                coalesce(l.remaining, p.remaining) AS remaining,
                CASE WHEN l.remaining IS NOT NULL THEN l.id
                     WHEN p.remaining IS NOT NULL THEN p.id END AS counted_licence_id
              FROM licences l LEFT JOIN licences p ON p.id = l.parent_id
              WHERE (l.licensee_user_id = ${holder.userId}
                     OR l.licensee_organisation_id = ${holder.organisationId ?? null}::bigint)
                AND ${inForce('l', 'p')}) AS g), '[]') AS grants,
            coalesce((SELECT json_agg(u.media_id) FROM media_uses u
                      WHERE u.user_id = ${holder.userId} AND u.day = ${today}), '[]') AS "usedToday"`,
    );
    return row ?? { grants: [], usedToday: [] };
  }

  /** Whether a licence (and the one it was passed on from) is in force today. */
  async licenceInForce(licenceId: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT l.id FROM licences l LEFT JOIN licences p ON p.id = l.parent_id
          WHERE l.id = ${licenceId} AND ${inForce('l', 'p')}`,
    );
    return rows.length > 0;
  }

  async licenceFacts(id: number): Promise<LicenceFacts | undefined> {
    const [row] = await queryRows<LicenceFacts>(
      this.db,
      sql`SELECT l.id, l.grantor_pool, l.licensee_organisation_id, l.licensee_user_id,
            l.parent_id, p.licensee_organisation_id AS parent_organisation_id, l.origin,
            l.media_id, l.pool, l.mediathek_id, l.valid_from::text AS valid_from,
            l.valid_until::text AS valid_until, l.rights,
            (l.revoked_at IS NULL AND (p.id IS NULL OR p.revoked_at IS NULL)
             AND (l.valid_until IS NULL OR l.valid_until >= (now() AT TIME ZONE 'Europe/Berlin')::date)
            ) AS in_force
          FROM licences l LEFT JOIN licences p ON p.id = l.parent_id
          WHERE l.id = ${id}`,
    );
    return row;
  }
}
