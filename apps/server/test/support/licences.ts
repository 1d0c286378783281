import type { OrganisationKind } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.ts';
import {
  LicencesRepository,
  type NewLicence,
} from '../../src/modules/licences/licences.repository.ts';

/** An organisation; answers its id. */
export async function createOrganisation(
  db: Database,
  organisation: {
    kind: OrganisationKind;
    name: string;
    context?: string;
    schoolNumber?: string;
    mediaCentreId?: number;
    pool?: string;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO organisations (kind, name, context_path, school_number, media_centre_id, pool)
        VALUES (${organisation.kind}, ${organisation.name}, ${organisation.context ?? null},
                ${organisation.schoolNumber ?? null}, ${organisation.mediaCentreId ?? null},
                ${organisation.pool ?? null})
        RETURNING id`,
  );
  if (!row) {
    throw new Error('organisation not created');
  }
  return row.id;
}

/** Makes the user of an e-mail address a member of the organisation. */
export async function joinOrganisation(db: Database, email: string, organisationId: number) {
  await db.execute(
    sql`UPDATE users SET organisation_id = ${organisationId} WHERE lower(email) = lower(${email})`,
  );
}

export async function userId(db: Database, email: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE lower(email) = lower(${email})`,
  );
  if (!row) {
    throw new Error(`no user ${email}`);
  }
  return row.id;
}

export async function mediumId(db: Database, identifier: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM media WHERE identifier = ${identifier.toUpperCase()}`,
  );
  if (!row) {
    throw new Error(`no medium ${identifier}`);
  }
  return row.id;
}

/** A licence with unlimited streaming and downloading unless told otherwise; answers its id. */
export async function grantLicence(
  db: Database,
  licence: Pick<NewLicence, 'licensee' | 'scope' | 'grantorPool'> & Partial<NewLicence>,
): Promise<number> {
  const [id] = await new LicencesRepository(db).insert([
    {
      validFrom: null,
      validUntil: null,
      rights: 'download',
      uses: null,
      origin: 'share',
      ...licence,
    },
  ]);
  if (id === undefined) {
    throw new Error('licence not created');
  }
  return id;
}
