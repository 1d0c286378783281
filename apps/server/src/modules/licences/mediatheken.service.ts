import { MESSAGES, type Mediathek, type MediathekInput } from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import { ownsPoolItem, requireProducer, type AccessPolicy, type Actor } from '../auth/policies.ts';
import type { MediathekenRepository } from './mediatheken.repository.ts';

/** A producer's Mediatheken: named collections of its media that the search shows by path. */
export class MediathekenService {
  constructor(
    private readonly mediatheken: MediathekenRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async list(actor: Actor): Promise<Mediathek[]> {
    return this.mediatheken.list(requireProducer(actor).pool);
  }

  async save(actor: Actor, input: MediathekInput, id?: number): Promise<Mediathek> {
    const producer = requireProducer(actor);
    if (id !== undefined) {
      const stored = await this.mediatheken.find(id);
      if (!stored || !ownsPoolItem(producer, stored)) {
        throw new HttpError(404, MESSAGES.licences.mediathekNotFound);
      }
    }
    const media =
      input.identifiers.length === 0
        ? []
        : await this.policy.media(actor, 'manage', input.identifiers);
    const saved = await this.mediatheken.save(
      producer.pool,
      { id, name: input.name, path: input.path, description: input.description },
      media.map((medium) => medium.id),
    );
    if (saved === undefined) {
      throw new HttpError(409, MESSAGES.licences.mediathekPathTaken(input.path));
    }
    const mediathek = (await this.mediatheken.list(producer.pool)).find(
      (found) => found.id === saved,
    );
    if (!mediathek) {
      throw new Error('The saved Mediathek was not found');
    }
    return mediathek;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const producer = requireProducer(actor);
    const stored = await this.mediatheken.find(id);
    if (!stored || !ownsPoolItem(producer, stored)) {
      throw new HttpError(404, MESSAGES.licences.mediathekNotFound);
    }
    await this.mediatheken.delete(id);
  }

  /** The name of the Mediathek at a path, for the search's heading (public, like the search). */
  async byPath(path: string): Promise<{ name: string; path: string; description: string }> {
    const mediathek = await this.mediatheken.findByPath(path.toLowerCase());
    if (!mediathek) {
      throw new HttpError(404, MESSAGES.licences.mediathekNotFound);
    }
    return { name: mediathek.name, path: mediathek.path, description: mediathek.description };
  }
}
