import {
  MESSAGES,
  SEARCH_PAGE_SIZE,
  type BulkUpdateFields,
  type ProducerMedium,
  type ProducerMediumInput,
  type ProducerMediumUpdate,
} from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import {
  requireProducer,
  type AccessPolicy,
  type Actor,
  type ProducerAccess,
} from '../auth/policies.ts';
import type {
  ProducerMediumRow,
  ProducerRepository,
  WritableMedium,
} from './producer.repository.ts';

export function toProducerMedium(row: ProducerMediumRow): ProducerMedium {
  return {
    ...row,
    fn_context: `admin/${row.pool}`,
    fn_aenderung: new Date(row.fn_aenderung).toISOString(),
  };
}

/** Media per page of the producer's list at most (10,000 media are 10 pages). */
export const MAX_PRODUCER_PAGE = 1000;

/**
 * 'Meine Medien': a producer reads and writes only the media of its pool (the access policy
 * decides; another pool's medium answers 404 like a missing one). Every write sets fn_aenderung;
 * an update based on an older fn_aenderung than the stored one is refused (409), so nobody
 * overwrites another's change unseen.
 */
export class ProducerService {
  /**
   * @param onDeleted told the database ids of deleted media once their deletion is committed
   *   (app.ts removes their files)
   */
  constructor(
    private readonly repository: ProducerRepository,
    private readonly policy: AccessPolicy,
    private readonly onDeleted: (mediumIds: readonly number[]) => Promise<void> = async () => {},
  ) {}

  async list(actor: Actor, page: number, limit = SEARCH_PAGE_SIZE) {
    const { pool } = requireProducer(actor);
    const { rows, total } = await this.repository.list(pool, { offset: page * limit, limit });
    return { items: rows.map(toProducerMedium), total };
  }

  async get(actor: Actor, identifier: string): Promise<ProducerMedium> {
    const medium = await this.policy.medium(actor, 'manage', identifier);
    return toProducerMedium(await this.stored(this.repository, medium.id));
  }

  async create(actor: Actor, input: ProducerMediumInput): Promise<ProducerMedium> {
    const access = requireProducer(actor);
    const name = (await this.repository.poolName(access.pool)) ?? access.user.schulname;
    const row = await this.repository.insert(this.writable(access, input, name || access.pool));
    if (!row) {
      throw new HttpError(409, MESSAGES.producer.numberTaken(input.fn_nr));
    }
    return toProducerMedium(row);
  }

  async update(
    actor: Actor,
    identifier: string,
    update: ProducerMediumUpdate,
  ): Promise<ProducerMedium> {
    const access = requireProducer(actor);
    const medium = await this.policy.medium(actor, 'manage', identifier);
    return this.repository.transaction(async (repository) => {
      const stored = await this.stored(repository, medium.id, true);
      if (new Date(update.fn_aenderung).getTime() < new Date(stored.fn_aenderung).getTime()) {
        throw new HttpError(409, MESSAGES.producer.conflict);
      }
      const { fn_aenderung, ...input } = update;
      const row = await repository.update(
        medium.id,
        this.writable(access, input, stored.fn_prodname),
      );
      if (!row) {
        throw new HttpError(409, MESSAGES.producer.numberTaken(input.fn_nr));
      }
      return toProducerMedium(row);
    });
  }

  async delete(actor: Actor, identifier: string): Promise<void> {
    const medium = await this.policy.medium(actor, 'manage', identifier);
    const deleted = await this.repository.delete([medium.id]);
    if (deleted.length === 0) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    await this.onDeleted(deleted);
  }

  /** Sets the given fields on every listed medium, all or nothing. */
  async bulkUpdate(
    actor: Actor,
    identifiers: readonly string[],
    updates: BulkUpdateFields,
  ): Promise<number> {
    const media = await this.policy.media(actor, 'manage', identifiers);
    return this.repository.transaction(async (repository) => {
      for (const medium of media) {
        const { fn_aenderung, ...fields } = await this.stored(repository, medium.id, true);
        await repository.update(medium.id, {
          ...fields,
          ...updates,
          fn_status: updates.fn_status || fields.fn_status,
        });
      }
      return media.length;
    });
  }

  /** Deletes every listed medium, all or nothing; answers how many. */
  async bulkDelete(actor: Actor, identifiers: readonly string[]): Promise<number> {
    const media = await this.policy.media(actor, 'manage', identifiers);
    const deleted = await this.repository.transaction(async (repository) => {
      const ids = await repository.delete(media.map((medium) => medium.id));
      if (ids.length !== media.length) {
        // One went away meanwhile: roll back, the list no longer names what the caller saw.
        throw new HttpError(404, MESSAGES.producer.someNotFound);
      }
      return ids;
    });
    await this.onDeleted(deleted);
    return deleted.length;
  }

  /** The stored medium of an id the policy granted; 404 when it was deleted meanwhile. */
  private async stored(repository: ProducerRepository, id: number, lock = false) {
    const row = await repository.find(id, lock);
    if (!row) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    return row;
  }

  private writable(
    access: ProducerAccess,
    input: ProducerMediumInput,
    producerName: string,
  ): WritableMedium {
    return { ...input, pool: access.pool, fn_prodname: producerName };
  }
}
