import {
  MESSAGES,
  SEARCH_PAGE_SIZE,
  type BulkUpdateFields,
  type ProducerMedium,
  type ProducerMediumInput,
  type ProducerMediumUpdate,
} from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import type { ProducerAccess } from '../auth/policies.ts';
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
 * 'Meine Medien': a producer reads and writes only the media of its pool. Every write sets
 * fn_aenderung; an update based on an older fn_aenderung than the stored one is refused (409),
 * so nobody overwrites another's change unseen.
 */
export class ProducerService {
  /**
   * @param onDeleted told the database ids of deleted media once their deletion is committed
   *   (app.ts removes their files)
   */
  constructor(
    private readonly repository: ProducerRepository,
    private readonly onDeleted: (mediumIds: readonly number[]) => Promise<void> = async () => {},
  ) {}

  async list(access: ProducerAccess, page: number, limit = SEARCH_PAGE_SIZE) {
    const { rows, total } = await this.repository.list(access.pool, {
      offset: page * limit,
      limit,
    });
    return { items: rows.map(toProducerMedium), total };
  }

  async get(access: ProducerAccess, identifier: string): Promise<ProducerMedium> {
    const row = await this.repository.find(access.pool, identifier.toUpperCase());
    if (!row) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    return toProducerMedium(row);
  }

  async create(access: ProducerAccess, input: ProducerMediumInput): Promise<ProducerMedium> {
    const name = (await this.repository.poolName(access.pool)) ?? access.user.schulname;
    const row = await this.repository.insert(this.writable(access, input, name || access.pool));
    if (!row) {
      throw new HttpError(409, MESSAGES.producer.numberTaken(input.fn_nr));
    }
    return toProducerMedium(row);
  }

  async update(
    access: ProducerAccess,
    identifier: string,
    update: ProducerMediumUpdate,
  ): Promise<ProducerMedium> {
    return this.repository.transaction(async (repository) => {
      const stored = await repository.find(access.pool, identifier.toUpperCase(), true);
      if (!stored) {
        throw new HttpError(404, MESSAGES.mediumNotFound);
      }
      if (new Date(update.fn_aenderung).getTime() < new Date(stored.fn_aenderung).getTime()) {
        throw new HttpError(409, MESSAGES.producer.conflict);
      }
      const { fn_aenderung, ...input } = update;
      const row = await repository.update(
        stored.identifier,
        this.writable(access, input, stored.fn_prodname),
      );
      if (!row) {
        throw new HttpError(409, MESSAGES.producer.numberTaken(input.fn_nr));
      }
      return toProducerMedium(row);
    });
  }

  async delete(access: ProducerAccess, identifier: string): Promise<void> {
    const deleted = await this.repository.delete(access.pool, [identifier.toUpperCase()]);
    if (deleted.length === 0) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    await this.onDeleted(deleted);
  }

  /** Sets the given fields on every listed medium, all or nothing. */
  async bulkUpdate(
    access: ProducerAccess,
    identifiers: readonly string[],
    updates: BulkUpdateFields,
  ): Promise<number> {
    const wanted = unique(identifiers);
    return this.repository.transaction(async (repository) => {
      await this.checkOwnership(repository, access, wanted);
      for (const identifier of wanted) {
        const stored = await repository.find(access.pool, identifier, true);
        if (stored) {
          const { fn_aenderung, ...fields } = stored;
          await repository.update(identifier, {
            ...fields,
            ...updates,
            fn_status: updates.fn_status || stored.fn_status,
          });
        }
      }
      return wanted.length;
    });
  }

  /** Deletes every listed medium, all or nothing; answers how many. */
  async bulkDelete(access: ProducerAccess, identifiers: readonly string[]): Promise<number> {
    const wanted = unique(identifiers);
    const deleted = await this.repository.transaction(async (repository) => {
      await this.checkOwnership(repository, access, wanted);
      return repository.delete(access.pool, wanted);
    });
    await this.onDeleted(deleted);
    return deleted.length;
  }

  private async checkOwnership(
    repository: ProducerRepository,
    access: ProducerAccess,
    identifiers: readonly string[],
  ): Promise<void> {
    if ((await repository.foreign(access.pool, identifiers)).length > 0) {
      throw new HttpError(403, MESSAGES.producer.notOwn);
    }
  }

  private writable(
    access: ProducerAccess,
    input: ProducerMediumInput,
    producerName: string,
  ): WritableMedium {
    return { ...input, pool: access.pool, fn_prodname: producerName };
  }
}

const unique = (identifiers: readonly string[]) => [
  ...new Set(identifiers.map((identifier) => identifier.toUpperCase())),
];
