import type { Licence, LicenceRights, Organisation, OrganisationKind } from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** What a licence covers, as stored: exactly one of a medium, a pool, a Mediathek. */
export type StoredScope = { mediaId: number } | { pool: string } | { mediathekId: number };

export interface NewLicence {
  licensee: { organisationId: number } | { userId: number };
  scope: StoredScope;
  grantorPool: string;
  validFrom: string | null;
  validUntil: string | null;
  rights: LicenceRights;
  uses: number | null;
  origin: Licence['origin'];
  parentId?: number | undefined;
  grantedBy?: number | undefined;
}

interface LicenceRow {
  id: number;
  origin: Licence['origin'];
  licensee_kind: 'organisation' | 'user';
  licensee_name: string;
  organisation_kind: OrganisationKind | null;
  school_number: string | null;
  scope_kind: 'media' | 'pool' | 'mediathek';
  identifier: string | null;
  fn_titel: string | null;
  mediathek_name: string | null;
  grantor_pool: string;
  producer: string;
  valid_from: string | null;
  valid_until: string | null;
  rights: LicenceRights;
  uses: number | null;
  remaining: number | null;
  parent_id: number | null;
  revoked: boolean;
  created_at: Date | string;
}

export function toLicence(row: LicenceRow): Licence {
  const label =
    row.scope_kind === 'media'
      ? (row.fn_titel ?? '')
      : row.scope_kind === 'pool'
        ? `Alle Medien von ${row.producer}`
        : `Mediathek „${row.mediathek_name ?? ''}“`;
  return {
    id: row.id,
    origin: row.origin,
    licensee: {
      kind: row.licensee_kind,
      name: row.licensee_name,
      organisation_kind: row.organisation_kind,
      school_number: row.school_number,
    },
    scope: {
      kind: row.scope_kind,
      label,
      identifier: row.identifier,
      pool: row.grantor_pool,
      producer: row.producer,
    },
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    rights: row.rights,
    uses: row.uses,
    remaining: row.remaining,
    parent_id: row.parent_id,
    revoked: row.revoked,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const organisationColumns = sql.raw('o.id, o.kind, o.name, o.school_number, o.district');

/** The most licences one list shows. */
const LIST_LIMIT = 2000;

/** Licences, organisations and their relations. */
export class LicencesRepository {
  constructor(private readonly db: Database) {}

  async insert(licences: readonly NewLicence[]): Promise<number[]> {
    if (licences.length === 0) {
      return [];
    }
    const values = licences.map((licence) => {
      const organisationId =
        'organisationId' in licence.licensee ? licence.licensee.organisationId : null;
      const userId = 'userId' in licence.licensee ? licence.licensee.userId : null;
      const mediaId = 'mediaId' in licence.scope ? licence.scope.mediaId : null;
      const pool = 'pool' in licence.scope ? licence.scope.pool : null;
      const mediathekId = 'mediathekId' in licence.scope ? licence.scope.mediathekId : null;
      return sql`(${organisationId}::bigint, ${userId}::bigint, ${mediaId}::bigint, ${pool}::text,
                  ${mediathekId}::bigint, ${licence.grantorPool}, ${licence.validFrom}::date,
                  ${licence.validUntil}::date, ${licence.rights}, ${licence.uses}::int,
                  ${licence.uses}::int, ${licence.origin}, ${licence.parentId ?? null}::bigint,
                  ${licence.grantedBy ?? null}::bigint)`;
    });
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`INSERT INTO licences (licensee_organisation_id, licensee_user_id, media_id, pool,
            mediathek_id, grantor_pool, valid_from, valid_until, rights, uses, remaining, origin,
            parent_id, granted_by)
          VALUES ${sql.join(values, sql`, `)} RETURNING id`,
    );
    return rows.map((row) => row.id);
  }

  /** The licences matching `where` (on licences l), newest first, readable. */
  async list(where: SQL): Promise<Licence[]> {
    const rows = await queryRows<LicenceRow>(
      this.db,
      sql`SELECT l.id, l.origin,
            CASE WHEN l.licensee_user_id IS NULL THEN 'organisation' ELSE 'user' END AS licensee_kind,
            coalesce(o.name, trim(u.vorname || ' ' || u.name)) AS licensee_name,
            o.kind AS organisation_kind, o.school_number,
            CASE WHEN l.media_id IS NOT NULL THEN 'media'
                 WHEN l.pool IS NOT NULL THEN 'pool' ELSE 'mediathek' END AS scope_kind,
            m.identifier, m.fn_titel, mt.name AS mediathek_name, l.grantor_pool,
            coalesce(po.name, (SELECT min(pm.fn_prodname) FROM media pm
                               WHERE pm.pool = l.grantor_pool AND pm.fn_prodname <> ''),
                     l.grantor_pool) AS producer,
            l.valid_from::text AS valid_from, l.valid_until::text AS valid_until, l.rights,
            l.uses, coalesce(l.remaining, p.remaining) AS remaining, l.parent_id,
            (l.revoked_at IS NOT NULL OR p.revoked_at IS NOT NULL) AS revoked, l.created_at
          FROM licences l
          LEFT JOIN licences p ON p.id = l.parent_id
          LEFT JOIN organisations o ON o.id = l.licensee_organisation_id
          LEFT JOIN users u ON u.id = l.licensee_user_id
          LEFT JOIN media m ON m.id = l.media_id
          LEFT JOIN mediatheken mt ON mt.id = l.mediathek_id
          LEFT JOIN organisations po ON po.kind = 'producer' AND po.pool = l.grantor_pool
          WHERE ${where}
          ORDER BY l.created_at DESC, l.id DESC
          LIMIT ${LIST_LIMIT}`,
    );
    return rows.map(toLicence);
  }

  async revoke(id: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE licences SET revoked_at = now() WHERE id = ${id} AND revoked_at IS NULL`,
    );
  }

  /** Schools (and media centres) found by name or school number. */
  async findOrganisations(
    query: string,
    kinds: readonly OrganisationKind[],
    limit = 20,
  ): Promise<Organisation[]> {
    const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return queryRows<Organisation>(
      this.db,
      sql`SELECT ${organisationColumns} FROM organisations o
          WHERE o.kind IN ${kinds}
            AND (lower(o.name) LIKE ${pattern} OR o.school_number = ${query.trim()})
          ORDER BY o.kind, o.name LIMIT ${limit}`,
    );
  }

  async organisationsByIds(ids: readonly number[]): Promise<Organisation[]> {
    if (ids.length === 0) {
      return [];
    }
    return queryRows<Organisation>(
      this.db,
      sql`SELECT ${organisationColumns} FROM organisations o WHERE o.id IN ${ids}`,
    );
  }

  /** The schools a media centre serves. */
  async schoolsOf(mediaCentreId: number): Promise<Organisation[]> {
    return queryRows<Organisation>(
      this.db,
      sql`SELECT ${organisationColumns} FROM organisations o
          WHERE o.kind = 'school' AND o.media_centre_id = ${mediaCentreId} ORDER BY o.name`,
    );
  }

  async organisationKind(id: number): Promise<OrganisationKind | undefined> {
    const [row] = await queryRows<{ kind: OrganisationKind }>(
      this.db,
      sql`SELECT kind FROM organisations WHERE id = ${id}`,
    );
    return row?.kind;
  }

  /** The schools that already hold a licence passed on from `parentId` (and not withdrawn). */
  async assignedSchools(parentId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT licensee_organisation_id AS id FROM licences
          WHERE parent_id = ${parentId} AND revoked_at IS NULL
            AND licensee_organisation_id IS NOT NULL`,
    );
    return rows.map((row) => row.id);
  }
}
