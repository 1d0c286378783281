import { isMediaCentreUser, isProducer, MESSAGES, producerPool } from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';
import type { SearchScope } from '../catalogue/search-filters.ts';
import type { AccessRepository, MediumFacts } from './access.repository.ts';
import type { UserRow } from './auth.repository.ts';

/**
 * The one access policy: every service asks it "may this actor do this action on this resource"
 * before it does anything, and nothing else in the server decides that. Something the actor may
 * not see answers exactly like something missing (404), so nobody learns that a draft or
 * another pool's medium exists; a call a role may not use at all answers 401 (anonymous) or 403.
 */

/** Who asks: a signed-in user, or undefined for an anonymous visitor. */
export type Actor = UserRow | undefined;

/** A producer and the pool whose media it manages (the last segment of its context). */
export interface ProducerAccess {
  user: UserRow;
  pool: string;
}

/**
 * What an actor may want to do with one medium:
 * - see: its detail, cover, star and view counts (published media; a producer its own too)
 * - play: signed play and download addresses (signed-in users, published media; own media)
 * - manage: its record, files, WebDAV storage and cover renders (the owning producer only)
 */
export type MediumAction = 'see' | 'play' | 'manage';

/** Actions that need a signed-in user whatever the medium: anonymous callers get 401. */
const SIGN_IN_ACTIONS: ReadonlySet<MediumAction> = new Set(['play', 'manage']);

/** The producer whose pool holds the medium (pools compare case-insensitively). */
export function ownsMedium(actor: Actor, medium: Pick<MediumFacts, 'pool'>): boolean {
  return (
    actor !== undefined &&
    isProducer(actor) &&
    producerPool(actor).toLowerCase() === medium.pool.toLowerCase()
  );
}

/** The decision itself, on facts already at hand. */
export function permits(actor: Actor, action: MediumAction, medium: MediumFacts): boolean {
  switch (action) {
    case 'see':
      return medium.fn_status === 'published' || ownsMedium(actor, medium);
    case 'play':
      return actor !== undefined && (medium.fn_status === 'published' || ownsMedium(actor, medium));
    case 'manage':
      return ownsMedium(actor, medium);
  }
}

/** The signed-in user, or 401 with the login-required message. */
export function requireUser(actor: Actor): UserRow {
  if (!actor) {
    throw new HttpError(401, MESSAGES.loginRequired);
  }
  return actor;
}

/** The signed-in producer: 401 for anonymous users, 403 for every other role. */
export function requireProducer(actor: Actor): ProducerAccess {
  const user = requireUser(actor);
  const pool = producerPool(user);
  if (!isProducer(user) || pool === '') {
    throw new HttpError(403, MESSAGES.producer.producerOnly);
  }
  return { user, pool };
}

/**
 * Which media of a producer's pool the actor may preview: a producer its own pool, drafts
 * included; a media-centre user any producer's published media licensed to its context; every
 * other role none (403). Another producer's pool answers 404, as a pool that does not exist.
 */
export function previewScope(actor: Actor, pool: string): SearchScope {
  const user = requireUser(actor);
  if (isProducer(user)) {
    if (pool.toLowerCase() !== producerPool(user).toLowerCase()) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    return { publishedOnly: false, pool: pool.toLowerCase() };
  }
  if (isMediaCentreUser(user)) {
    return {
      publishedOnly: true,
      pool: pool.toLowerCase(),
      licensedTo: user.context.toLowerCase(),
    };
  }
  throw new HttpError(403, MESSAGES.forbidden);
}

/** The media-centre context whose licences the actor previews: 403 for every other role. */
export function requirePreviewer(actor: Actor): { producer: ProducerAccess } | { context: string } {
  const user = requireUser(actor);
  if (isProducer(user)) {
    return { producer: requireProducer(user) };
  }
  if (isMediaCentreUser(user)) {
    return { context: user.context.toLowerCase() };
  }
  throw new HttpError(403, MESSAGES.forbidden);
}

/** The policy with the facts it looks up: services call it first. */
export class AccessPolicy {
  constructor(private readonly repository: AccessRepository) {}

  /**
   * The medium of `identifier` (any case) if the actor may do `action` on it. Anonymous callers
   * get 401 for actions that need a login; a missing medium and one the actor may not use answer
   * the same 404.
   */
  async medium(actor: Actor, action: MediumAction, identifier: string): Promise<MediumFacts> {
    if (SIGN_IN_ACTIONS.has(action)) {
      requireUser(actor);
    }
    if (action === 'manage') {
      requireProducer(actor);
    }
    const medium = await this.repository.mediumByIdentifier(identifier);
    if (!medium || !permits(actor, action, medium)) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    return medium;
  }

  /** Like medium(), but undefined instead of 404 (covers answer a placeholder then). */
  async visibleMedium(
    actor: () => Promise<Actor>,
    action: MediumAction,
    identifier: string,
  ): Promise<MediumFacts | undefined> {
    const medium = await this.repository.mediumByIdentifier(identifier);
    if (!medium) {
      return undefined;
    }
    // Who asks is looked up only when the answer depends on it (published covers are public).
    if (permits(undefined, action, medium) || permits(await actor(), action, medium)) {
      return medium;
    }
    return undefined;
  }

  /**
   * The media of all `identifiers` if the actor may do `action` on every one of them; 404 when
   * any is missing or not permitted (a bulk call changes all listed media or none).
   */
  async media(
    actor: Actor,
    action: MediumAction,
    identifiers: readonly string[],
  ): Promise<MediumFacts[]> {
    if (action === 'manage') {
      requireProducer(actor);
    }
    const wanted = [...new Set(identifiers.map((identifier) => identifier.toUpperCase()))];
    const found = await this.repository.mediaByIdentifiers(wanted);
    const permitted = found.filter((medium) => permits(actor, action, medium));
    if (permitted.length !== wanted.length) {
      throw new HttpError(404, MESSAGES.producer.someNotFound);
    }
    return permitted;
  }
}
