import {
  MESSAGES,
  type Licence,
  type Organisation,
  type ShareRequest,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http-error.ts';
import { requireProducer, type AccessPolicy, type Actor } from '../auth/policies.ts';
import { producerScopes } from './licence-scope.ts';
import type { LicencesRepository, NewLicence } from './licences.repository.ts';
import type { MediathekenRepository } from './mediatheken.repository.ts';

/** Licences one share call may create (organisations times media). */
const MAX_SHARED_LICENCES = 10_000;

/** A producer's shares: licences on its pool, media or Mediatheken for media centres and schools. */
export class SharesService {
  constructor(
    private readonly licences: LicencesRepository,
    private readonly mediatheken: MediathekenRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async list(actor: Actor): Promise<Licence[]> {
    const { pool } = requireProducer(actor);
    return this.licences.list(
      sql`l.grantor_pool = ${pool} AND l.origin = 'share' AND l.parent_id IS NULL`,
    );
  }

  /** Schools and media centres by name or school number, to share with. */
  async organisations(actor: Actor, query: string): Promise<Organisation[]> {
    requireProducer(actor);
    return this.licences.findOrganisations(query, ['school', 'media_centre']);
  }

  async share(actor: Actor, request: ShareRequest): Promise<Licence[]> {
    const producer = requireProducer(actor);
    const { pool, scopes } = await producerScopes(
      this.policy,
      this.mediatheken,
      actor,
      request.scope,
    );
    const wanted = [...new Set(request.organisation_ids)];
    const found = await this.licences.organisationsByIds(wanted);
    if (found.length !== wanted.length || found.some((found) => found.kind === 'producer')) {
      throw new HttpError(400, MESSAGES.licences.licenseeUnknown);
    }
    if (found.length * scopes.length > MAX_SHARED_LICENCES) {
      throw new HttpError(400, MESSAGES.producer.idsTooMany);
    }
    const licences: NewLicence[] = found.flatMap((organisation) =>
      scopes.map((scope) => ({
        licensee: { organisationId: organisation.id },
        scope,
        grantorPool: pool,
        validFrom: request.terms.valid_from,
        validUntil: request.terms.valid_until,
        rights: request.terms.rights,
        uses: request.terms.uses,
        origin: 'share' as const,
        grantedBy: producer.user.id,
      })),
    );
    const ids = await this.licences.insert(licences);
    return this.licences.list(sql`l.id IN ${ids}`);
  }

  async withdraw(actor: Actor, id: number): Promise<void> {
    const producer = requireProducer(actor);
    await this.policy.licence({ kind: 'withdraw-share', producer }, id);
    await this.licences.revoke(id);
  }
}
