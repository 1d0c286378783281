import { SEARCH_PAGE_SIZE, type CatalogueItem } from '@medienkatalog/domain';
import type { UserRow } from '../auth/auth.repository.ts';
import { requireUser, type AccessPolicy, type Actor } from '../auth/policies.ts';
import type { CardRow } from '../catalogue/catalogue.repository.ts';
import { toCatalogueItem } from '../catalogue/catalogue.mapper.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
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
    private readonly catalogue: CatalogueService,
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

  async wishlist(actor: Actor, pageNumber: number): Promise<MediaPage> {
    const user = requireUser(actor);
    return this.cards(user, await this.repository.wishlist(user.id, page(pageNumber)));
  }

  /** The class library: media shared with the user's class (none without a class). */
  async classLibrary(actor: Actor, pageNumber: number): Promise<MediaPage> {
    const user = requireUser(actor);
    if (user.klassen_id === '') {
      return { items: [], total: 0 };
    }
    return this.cards(
      user,
      await this.repository.classLibrary(user.id, user.klassen_id, page(pageNumber)),
    );
  }

  async trending(actor: Actor, pageNumber: number): Promise<MediaPage> {
    const user = requireUser(actor);
    return this.cards(user, await this.repository.trending(user.id, page(pageNumber)));
  }

  /** Cards with what the user may play, like the catalogue's. */
  private async cards(
    user: UserRow,
    { rows, total }: { rows: CardRow[]; total: number | undefined },
  ): Promise<MediaPage> {
    return { items: await this.catalogue.withCounters(rows.map(toCatalogueItem), user), total };
  }
}

const page = (pageNumber: number) => ({
  offset: pageNumber * SEARCH_PAGE_SIZE,
  limit: SEARCH_PAGE_SIZE,
});
