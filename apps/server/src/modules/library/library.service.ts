import { SEARCH_PAGE_SIZE, type CatalogueItem } from '@medienkatalog/domain';
import { requireUser, type AccessPolicy, type Actor } from '../auth/policies.ts';
import { toCatalogueItem } from '../catalogue/catalogue.mapper.ts';
import type { LibraryRepository } from './library.repository.ts';

export interface MediaPage {
  items: CatalogueItem[];
  /** undefined when the page is past the end (the total is then unknown but irrelevant). */
  total: number | undefined;
}

/** A user's own collection (stars, wishlist) and what all users use (views, trending). */
export class LibraryService {
  constructor(
    private readonly repository: LibraryRepository,
    private readonly policy: AccessPolicy,
  ) {}

  /** Stars a medium the user may see (404 otherwise, like an unknown one). */
  async star(actor: Actor, identifier: string): Promise<void> {
    const user = requireUser(actor);
    const medium = await this.policy.medium(actor, 'see', identifier);
    await this.repository.star(user.id, medium.id);
  }

  async unstar(actor: Actor, identifier: string): Promise<void> {
    const user = requireUser(actor);
    const medium = await this.policy.medium(actor, 'see', identifier);
    await this.repository.unstar(user.id, medium.id);
  }

  async recordView(actor: Actor, identifier: string): Promise<void> {
    const medium = await this.policy.medium(actor, 'see', identifier);
    await this.repository.recordView(actor?.id, medium.id);
  }

  async wishlist(userId: number, pageNumber: number): Promise<MediaPage> {
    const { rows, total } = await this.repository.wishlist(userId, page(pageNumber));
    return { items: rows.map(toCatalogueItem), total };
  }

  /** The class library: media shared with the user's class (none without a class). */
  async classLibrary(userId: number, klassenId: string, pageNumber: number): Promise<MediaPage> {
    if (klassenId === '') {
      return { items: [], total: 0 };
    }
    const { rows, total } = await this.repository.classLibrary(userId, klassenId, page(pageNumber));
    return { items: rows.map(toCatalogueItem), total };
  }

  async trending(userId: number, pageNumber: number): Promise<MediaPage> {
    const { rows, total } = await this.repository.trending(userId, page(pageNumber));
    return { items: rows.map(toCatalogueItem), total };
  }
}

const page = (pageNumber: number) => ({
  offset: pageNumber * SEARCH_PAGE_SIZE,
  limit: SEARCH_PAGE_SIZE,
});
