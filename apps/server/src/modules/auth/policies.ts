import { isMediaCentreUser, isProducer, MESSAGES, producerPool } from '@medienkatalog/domain';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../http-error.ts';
import type { SearchScope } from '../catalogue/search-filters.ts';
import type {
  AccessRepository,
  CardMedium,
  Grant,
  HeldGrant,
  HeldLicences,
  Holder,
  LicenceFacts,
  MediumFacts,
} from './access.repository.ts';
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
 * - manage: its record, files, WebDAV storage and cover renders (the owning producer only)
 * Playing is decided by play(): it needs a licence (see there).
 */
export type MediumAction = 'see' | 'manage';

/**
 * Why an actor may play a medium: it is the producer's own, it is open (OER or free for all
 * schools), or a licence in force grants it (the user's own, or its organisation's).
 */
export type Entitlement =
  | { basis: 'own' | 'open'; download: true; grant: undefined }
  | { basis: 'licence'; download: boolean; grant: Grant };

/** What a card shows a signed-in user: whether and how the medium plays for them. */
export interface CardAccess {
  access: 'own' | 'open' | 'licence' | 'none';
  download: boolean;
  /** Uses left under the licence, where it counts them. */
  remaining: number | null;
}

/**
 * The licence that serves best: one with uses left (or already used today, which costs
 * nothing more), downloading before streaming only, unlimited before counted, more uses first.
 */
export function bestGrant(grants: readonly Grant[]): Grant | undefined {
  const usable = grants.filter(
    (grant) => grant.remaining === null || grant.remaining > 0 || grant.used_today,
  );
  const score = (grant: Grant) =>
    (grant.rights === 'download' ? 2e9 : 0) + (grant.remaining ?? 1e9);
  return usable.sort((a, b) => score(b) - score(a))[0];
}

/** The entitlement to play a medium the actor may see, without asking for licences. */
function entitlementWithoutLicence(actor: Actor, medium: MediumFacts): Entitlement | undefined {
  if (ownsMedium(actor, medium)) {
    return { basis: 'own', download: true, grant: undefined };
  }
  if (medium.open_access !== '' && medium.fn_status === 'published') {
    return { basis: 'open', download: true, grant: undefined };
  }
  return undefined;
}

const holderOf = (user: UserRow): Holder => ({
  userId: user.id,
  organisationId: user.organisation_id,
});

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

/** A media-centre user and the media centre it works for: 401, or 403 for other roles. */
export function requireMediaCentre(actor: Actor): { user: UserRow; organisationId: number } {
  const user = requireUser(actor);
  if (!isMediaCentreUser(user) || user.organisation_id === null) {
    throw new HttpError(403, MESSAGES.forbidden);
  }
  return { user, organisationId: user.organisation_id };
}

/**
 * Whose licences an administrator reads: a school admin those of the school, a district admin
 * those of the schools its media centre serves (read-only both). 403 for everyone else.
 */
export function requireLicenceReader(actor: Actor): {
  organisationId: number;
  reach: 'school' | 'district';
} {
  const user = requireUser(actor);
  if (user.organisation_id !== null && user.district_admin === '1') {
    return { organisationId: user.organisation_id, reach: 'district' };
  }
  if (user.organisation_id !== null && ['1', '2'].includes(user.school_admin)) {
    return { organisationId: user.organisation_id, reach: 'school' };
  }
  throw new HttpError(403, MESSAGES.forbidden);
}

/** A producer manages what belongs to its pool only (Mediatheken, code batches). */
export const ownsPoolItem = (producer: ProducerAccess, item: { pool: string }) =>
  item.pool === producer.pool;

/** What one may do with a licence, and who may. */
export type LicenceAction =
  /** The producer withdraws a share of its pool. */
  | { kind: 'withdraw-share'; producer: ProducerAccess }
  /** A media centre passes a licence it holds on to its schools. */
  | { kind: 'pass-on'; organisationId: number }
  /** A media centre withdraws what it passed on. */
  | { kind: 'withdraw-assignment'; organisationId: number };

export function permitsLicence(action: LicenceAction, licence: LicenceFacts): boolean {
  switch (action.kind) {
    case 'withdraw-share':
      return (
        licence.grantor_pool === action.producer.pool &&
        licence.origin === 'share' &&
        licence.parent_id === null
      );
    case 'pass-on':
      return (
        licence.licensee_organisation_id === action.organisationId &&
        licence.parent_id === null &&
        licence.in_force
      );
    case 'withdraw-assignment':
      return (
        licence.parent_organisation_id === action.organisationId && licence.origin === 'assignment'
      );
  }
}

/** Holders whose licences are kept (see AccessPolicy.heldIndex). */
const HELD_LICENCES_KEPT = 1_000;

/** Today in German time (licences are valid for whole days there), as YYYY-MM-DD. */
const BERLIN_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });
const berlinDay = () => BERLIN_DATE.format(Date.now());

/** A holder's licences by what they cover, and the media its user used today. */
export interface HeldIndex {
  byMedium: Map<number, HeldGrant[]>;
  byPool: Map<string, HeldGrant[]>;
  byMediathek: Map<number, HeldGrant[]>;
  usedToday: Set<number>;
}

export function indexHeld(held: HeldLicences): HeldIndex {
  const index: HeldIndex = {
    byMedium: new Map(),
    byPool: new Map(),
    byMediathek: new Map(),
    usedToday: new Set(held.usedToday),
  };
  const add = <K>(map: Map<K, HeldGrant[]>, key: K | null, grant: HeldGrant) => {
    if (key !== null) {
      const grants = map.get(key);
      if (grants) {
        grants.push(grant);
      } else {
        map.set(key, [grant]);
      }
    }
  };
  for (const grant of held.grants) {
    add(index.byMedium, grant.media_id, grant);
    add(index.byPool, grant.pool, grant);
    add(index.byMediathek, grant.mediathek_id, grant);
  }
  return index;
}

/** The held licences that cover the medium (itself, its pool, a Mediathek), as grants of it. */
export function grantsCovering(held: HeldIndex, medium: CardMedium): Grant[] {
  const covering = [
    ...(held.byMedium.get(medium.id) ?? []),
    ...(held.byPool.get(medium.pool) ?? []),
    ...medium.mediatheken.flatMap((mediathek) => held.byMediathek.get(mediathek) ?? []),
  ];
  const usedToday = held.usedToday.has(medium.id);
  return covering.map((grant) => ({
    media_id: medium.id,
    licence_id: grant.licence_id,
    rights: grant.rights,
    remaining: grant.remaining,
    counted_licence_id: grant.counted_licence_id,
    used_today: usedToday,
  }));
}

/** The policy with the facts it looks up: services call it first. */
export class AccessPolicy {
  /** The licences of recent holders, with the catalogue version they were read at. */
  private readonly heldLicences = new LRUCache<string, { version: number; held: HeldIndex }>({
    max: HELD_LICENCES_KEPT,
  });

  constructor(private readonly repository: AccessRepository) {}

  /**
   * The medium of `identifier` (any case) if the actor may do `action` on it. Anonymous callers
   * get 401 for actions that need a login; a missing medium and one the actor may not use answer
   * the same 404.
   */
  async medium(actor: Actor, action: MediumAction, identifier: string): Promise<MediumFacts> {
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

  /**
   * The medium of `identifier` and why the actor may play it: 401 anonymous, 404 for a medium it
   * may not see (or that does not exist), 403 with a German message saying how to get access
   * when no licence grants it (or the licence's uses are used up).
   */
  async play(
    actor: Actor,
    identifier: string,
  ): Promise<{ medium: MediumFacts; entitlement: Entitlement }> {
    const user = requireUser(actor);
    const {
      media: [medium],
      version,
    } = await this.repository.cardMedia([identifier.toUpperCase()]);
    if (!medium || !permits(user, 'see', medium)) {
      throw new HttpError(404, MESSAGES.mediumNotFound);
    }
    const free = entitlementWithoutLicence(user, medium);
    if (free) {
      return { medium, entitlement: free };
    }
    const grants = grantsCovering(await this.heldIndex(user, version), medium);
    const grant = bestGrant(grants);
    if (!grant) {
      throw new HttpError(
        403,
        grants.length > 0 ? MESSAGES.licences.usedUp : MESSAGES.licences.noAccess,
      );
    }
    return {
      medium,
      entitlement: { basis: 'licence', download: grant.rights === 'download', grant },
    };
  }

  /**
   * The licences in force the user holds (its own and its organisation's), kept per user for
   * `version`, the catalogue version read with the facts of the media in question (every change
   * of licences or Mediatheken and every counted use moves it), and for the day: a decision
   * costs no licence query of its own and is never stale.
   */
  private async heldIndex(user: UserRow, version: number): Promise<HeldIndex> {
    const holder = holderOf(user);
    const key = `${berlinDay()}:${String(holder.userId)}:${String(holder.organisationId)}`;
    const kept = this.heldLicences.get(key);
    if (kept?.version === version) {
      return kept.held;
    }
    // Read after `version`: at least as new as it.
    const held = indexHeld(await this.repository.heldLicences(holder));
    this.heldLicences.set(key, { version, held });
    return held;
  }

  /**
   * What the cards of these media show the user: whether and how each plays for them (the same
   * decision as play(), from the same facts). `version`: the catalogue version the media's facts
   * were read at (see heldIndex).
   */
  async cardAccess(
    user: UserRow,
    media: readonly CardMedium[],
    version: number,
  ): Promise<Map<string, CardAccess>> {
    const answers = new Map<string, CardAccess>();
    if (media.length === 0) {
      return answers;
    }
    const held = await this.heldIndex(user, version);
    for (const medium of media) {
      const free = entitlementWithoutLicence(user, medium);
      const candidates = free ? [] : grantsCovering(held, medium);
      const grant = bestGrant(candidates);
      answers.set(medium.identifier, {
        access: free ? free.basis : grant ? 'licence' : 'none',
        download: free !== undefined || grant?.rights === 'download',
        // Licences whose uses are all used up show 0.
        remaining: grant ? grant.remaining : candidates.length > 0 ? 0 : null,
      });
    }
    return answers;
  }

  /** The licence `id` if the action is permitted on it; 404 like a missing one otherwise. */
  async licence(action: LicenceAction, id: number): Promise<LicenceFacts> {
    const licence = await this.repository.licenceFacts(id);
    if (!licence || !permitsLicence(action, licence)) {
      throw new HttpError(404, MESSAGES.licences.notFound);
    }
    return licence;
  }
}
