import { MESSAGES, type Licence, type Organisation, type UsageRow } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http-error.ts';
import {
  requireLicenceReader,
  requireMediaCentre,
  type AccessPolicy,
  type Actor,
} from '../auth/policies.ts';
import type { LicencesRepository } from './licences.repository.ts';
import type { UsageFilter, UsageRepository } from './usage.repository.ts';

/**
 * A media centre's lending desk: the licences it holds and passes on to the schools of its
 * district, and what those schools used. School and district admins read their licences.
 */
export class MediaCentreService {
  constructor(
    private readonly licences: LicencesRepository,
    private readonly usage: UsageRepository,
    private readonly policy: AccessPolicy,
  ) {}

  /** The licences the media centre holds, and those it passed on. */
  async licencesOf(actor: Actor): Promise<Licence[]> {
    const { organisationId } = requireMediaCentre(actor);
    return this.licences.list(
      sql`(l.licensee_organisation_id = ${organisationId} AND l.parent_id IS NULL)
          OR p.licensee_organisation_id = ${organisationId}`,
    );
  }

  async schools(actor: Actor): Promise<Organisation[]> {
    const { organisationId } = requireMediaCentre(actor);
    return this.licences.schoolsOf(organisationId);
  }

  /**
   * Passes a licence it holds on to schools it serves; answers their licences passed on from
   * it (a school that has one already keeps it).
   */
  async passOn(actor: Actor, licenceId: number, schoolIds: readonly number[]): Promise<Licence[]> {
    const { user, organisationId } = requireMediaCentre(actor);
    const licence = await this.policy.licence({ kind: 'pass-on', organisationId }, licenceId);
    const served = new Set(
      (await this.licences.schoolsOf(organisationId)).map((school) => school.id),
    );
    const wanted = [...new Set(schoolIds)];
    if (wanted.some((id) => !served.has(id))) {
      throw new HttpError(400, MESSAGES.licences.licenseeUnknown);
    }
    const already = new Set(await this.licences.assignedSchools(licence.id));
    const scope =
      licence.media_id !== null
        ? { mediaId: licence.media_id }
        : licence.pool !== null
          ? { pool: licence.pool }
          : { mediathekId: licence.mediathek_id ?? 0 };
    await this.licences.insert(
      wanted
        .filter((id) => !already.has(id))
        .map((schoolId) => ({
          licensee: { organisationId: schoolId },
          scope,
          grantorPool: licence.grantor_pool,
          validFrom: licence.valid_from,
          validUntil: licence.valid_until,
          rights: licence.rights,
          // Uses count against the licence passed on.
          uses: null,
          origin: 'assignment' as const,
          parentId: licence.id,
          grantedBy: user.id,
        })),
    );
    // The school's licences passed on from this one, new or not: passing on twice changes nothing.
    return this.licences.list(
      sql`l.parent_id = ${licence.id} AND l.revoked_at IS NULL
          AND l.licensee_organisation_id IN ${wanted}`,
    );
  }

  async withdraw(actor: Actor, licenceId: number): Promise<void> {
    const { organisationId } = requireMediaCentre(actor);
    await this.policy.licence({ kind: 'withdraw-assignment', organisationId }, licenceId);
    await this.licences.revoke(licenceId);
  }

  async history(actor: Actor, filter: UsageFilter): Promise<UsageRow[]> {
    const { organisationId } = requireMediaCentre(actor);
    return this.usage.history(organisationId, filter);
  }

  /** A school admin's school's licences; a district admin's district's schools' (read-only). */
  async licencesRead(actor: Actor): Promise<Licence[]> {
    const reader = requireLicenceReader(actor);
    return reader.reach === 'school'
      ? this.licences.list(sql`l.licensee_organisation_id = ${reader.organisationId}`)
      : this.licences.list(
          sql`l.licensee_organisation_id IN (SELECT id FROM organisations
                WHERE media_centre_id = ${reader.organisationId})`,
        );
  }
}
