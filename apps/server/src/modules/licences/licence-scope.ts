import { MESSAGES, type LicenceScope } from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import { ownsPoolItem, requireProducer, type AccessPolicy, type Actor } from '../auth/policies.ts';
import type { StoredScope } from './licences.repository.ts';
import type { MediathekenRepository } from './mediatheken.repository.ts';

/**
 * What a producer's licence (a share, a code's) covers, as stored: one scope per medium, or its
 * pool, or one of its Mediatheken. Media and Mediatheken of other pools answer 404, like
 * missing ones.
 */
export async function producerScopes(
  policy: AccessPolicy,
  mediatheken: MediathekenRepository,
  actor: Actor,
  scope: LicenceScope,
): Promise<{ pool: string; scopes: StoredScope[] }> {
  const producer = requireProducer(actor);
  switch (scope.kind) {
    case 'media': {
      const media = await policy.media(actor, 'manage', scope.identifiers);
      return { pool: producer.pool, scopes: media.map((medium) => ({ mediaId: medium.id })) };
    }
    case 'pool':
      return { pool: producer.pool, scopes: [{ pool: producer.pool }] };
    case 'mediathek': {
      const mediathek = await mediatheken.find(scope.mediathek_id);
      if (!mediathek || !ownsPoolItem(producer, mediathek)) {
        throw new HttpError(404, MESSAGES.licences.mediathekNotFound);
      }
      return { pool: producer.pool, scopes: [{ mediathekId: mediathek.id }] };
    }
  }
}
