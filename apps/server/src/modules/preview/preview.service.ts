import type { CatalogueDistinctQuery, CatalogueSearchQuery } from '@medienkatalog/domain';
import { previewScope, requirePreviewer, type Actor } from '../auth/policies.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { PreviewRepository } from './preview.repository.ts';

/** One producer whose content the actor may preview. */
export interface PreviewSource {
  producer: string;
  info: { name: string; logo: string | null; text: string };
}

/**
 * The content preview ('Meine Medien' for producers, 'Sichtung' for media centres): which
 * producers an actor may preview and their media, as the access policy scopes them.
 */
export class PreviewService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly repository: PreviewRepository,
  ) {}

  async sources(actor: Actor): Promise<PreviewSource[]> {
    const previewer = requirePreviewer(actor);
    if ('producer' in previewer) {
      return [
        {
          producer: previewer.producer.pool,
          info: { name: 'Meine Medien', logo: null, text: '' },
        },
      ];
    }
    const producers = await this.repository.licensedProducers(previewer.context);
    return producers.map((producer) => ({
      producer: producer.pool,
      info: { name: producer.name, logo: null, text: '' },
    }));
  }

  async search(actor: Actor, pool: string, query: CatalogueSearchQuery) {
    return this.catalogue.search(query, actor, previewScope(actor, pool));
  }

  async distinct(actor: Actor, pool: string, query: CatalogueDistinctQuery) {
    return this.catalogue.distinct(query, previewScope(actor, pool));
  }
}
