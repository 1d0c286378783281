import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type NewMediumRecord } from '@medienkatalog/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { AccessRepository } from '../src/modules/auth/access.repository.ts';
import { afterMediaImport, importMedia } from '../src/modules/catalogue/media-import.ts';
import { contentUrl } from '../src/modules/content/signed-url.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { MediathekenRepository } from '../src/modules/licences/mediatheken.repository.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { createLernfilmProducer, LERNFILM_PRODUCER, mediumRecord } from './support/factories.ts';
import {
  createOrganisation,
  grantLicence,
  joinOrganisation,
  mediumId,
  userId,
} from './support/licences.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/*
 * The authorisation matrix: every route of the OpenAPI document (the API, WebDAV, /content and
 * /covers) as every role, against published media and drafts of the producer's pool and of
 * another pool and a medium that does not exist, compared with one table of expected answers.
 * A route without a row in the table fails the test, so a new route cannot go unchecked.
 */

const ACTORS = [
  'anonymous',
  'student',
  'teacher',
  'schoolAdmin',
  'districtAdmin',
  'mediaCentre',
  'producer',
  'otherProducer',
] as const;
type ActorName = (typeof ACTORS)[number];

/** The media each call is made against: pool fwu is the producer's, lernfilm the other's. */
const TARGETS = {
  fwuPublished: { identifier: 'FWU-M1', pool: 'fwu', published: true },
  fwuDraft: { identifier: 'FWU-M2', pool: 'fwu', published: false },
  lernfilmPublished: { identifier: 'LERNFILM-M3', pool: 'lernfilm', published: true },
  lernfilmDraft: { identifier: 'LERNFILM-M4', pool: 'lernfilm', published: false },
  missing: { identifier: 'NOPE-M9', pool: 'nope', published: false },
} as const;
type TargetName = keyof typeof TARGETS;
type Target = (typeof TARGETS)[TargetName];
const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];

const FIXTURES: NewMediumRecord[] = TARGET_NAMES.filter((name) => name !== 'missing').map(
  (name) => {
    const { identifier, pool, published } = TARGETS[name];
    return mediumRecord({
      pool,
      fn_nr: identifier.split('-')[1] ?? '',
      fn_titel: `Matrix ${identifier}`,
      fn_status: published ? 'published' : 'draft',
    });
  },
);

const demo = (label: string) => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.label.startsWith(label));
  if (!account) {
    throw new Error(`No demo account ${label}`);
  }
  return account;
};
const CREDENTIALS: Record<Exclude<ActorName, 'anonymous'>, { email: string; password: string }> = {
  student: demo('Schülerin'),
  teacher: demo('Lehrkraft'),
  schoolAdmin: demo('Schul-Admin'),
  districtAdmin: demo('Kreis-Admin'),
  mediaCentre: demo('Medienzentrum'),
  producer: demo('Produzent'),
  otherProducer: LERNFILM_PRODUCER,
};

/** An answer as the table states it: a status, or for covers which image came. */
type Expected = number | 'cover' | 'placeholder';
type Rule = (actor: ActorName, target: Target) => Expected;

const PRODUCER_POOLS: Partial<Record<ActorName, string>> = {
  producer: 'fwu',
  otherProducer: 'lernfilm',
};
const owns = (actor: ActorName, target: Target) => PRODUCER_POOLS[actor] === target.pool;
const isProducer = (actor: ActorName) => PRODUCER_POOLS[actor] !== undefined;
/** Published media, and a producer's own drafts. */
const sees = (actor: ActorName, target: Target) =>
  target.pool !== 'nope' && (target.published || owns(actor, target));

/** The rules the table is written in. */
const anyone =
  (status: number): Rule =>
  () =>
    status;
const signedIn =
  (status: number): Rule =>
  (actor) =>
    actor === 'anonymous' ? 401 : status;
const publishedOnly =
  (status: number): Rule =>
  (_actor, target) =>
    target.published ? status : 404;
/** Seeing a medium: published ones, a producer its own drafts too; otherwise as missing. */
const seeing =
  (status: number, login: boolean): Rule =>
  (actor, target) =>
    login && actor === 'anonymous' ? 401 : sees(actor, target) ? status : 404;
/**
 * Who holds a licence for what (set up in beforeAll): the teacher one of its own for the fwu
 * medium; the media centre one for lernfilm's pool, passed on to the school of the student,
 * the teacher and the school admin; the district admin works at the media centre.
 */
const LICENSED: Partial<Record<TargetName, readonly ActorName[]>> = {
  fwuPublished: ['teacher'],
  lernfilmPublished: ['student', 'teacher', 'schoolAdmin', 'districtAdmin', 'mediaCentre'],
};
const licensed = (actor: ActorName, target: Target) =>
  TARGET_NAMES.some((name) => TARGETS[name] === target && (LICENSED[name] ?? []).includes(actor));
/** Playing needs a login and a licence (or the medium is the producer's own; 403 without). */
const playing =
  (status: number): Rule =>
  (actor, target) =>
    actor === 'anonymous'
      ? 401
      : !sees(actor, target)
        ? 404
        : owns(actor, target) || licensed(actor, target)
          ? status
          : 403;
const mediaCentres =
  (status: number): Rule =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'mediaCentre' ? status : 403;
const licenceReaders: Rule = (actor) =>
  actor === 'anonymous' ? 401 : actor === 'schoolAdmin' || actor === 'districtAdmin' ? 200 : 403;
/** Managing: producers only (others 403), own media only (others as missing). */
const managing =
  (status: number): Rule =>
  (actor, target) =>
    actor === 'anonymous' ? 401 : !isProducer(actor) ? 403 : owns(actor, target) ? status : 404;
const producers =
  (status: number): Rule =>
  (actor) =>
    actor === 'anonymous' ? 401 : isProducer(actor) ? status : 403;
/** The content preview: producers their own pool, media centres any producer's. */
const previewing =
  (status: number): Rule =>
  (actor, target) =>
    actor === 'anonymous'
      ? 401
      : actor === 'mediaCentre'
        ? status
        : isProducer(actor)
          ? owns(actor, target)
            ? status
            : 404
          : 403;
const previewers: Rule = (actor) =>
  actor === 'anonymous' ? 401 : actor === 'mediaCentre' || isProducer(actor) ? 200 : 403;
/** A signed address is a capability: valid for whoever holds it, for an existing medium. */
const signedAddress: Rule = (_actor, target) => (target.pool === 'nope' ? 403 : 200);
const covers: Rule = (actor, target) => (sees(actor, target) ? 'cover' : 'placeholder');

/** One request of the matrix, built per case (unique names keep the cases independent). */
interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface CaseContext {
  target: Target;
  unique: string;
  /** The producer of the target's pool sets something up first (a file, a lock). */
  asOwner: (call: Call) => Promise<Response>;
  /** Another actor sets something up first. */
  as: (actor: ActorName, call: Call) => Promise<Response>;
}

/** Ids the fixtures made (beforeAll): the media centre's licence, a school it serves. */
const FIXTURE_IDS = { centreLicence: 0, school: 0, secondSchool: 0 };

/** The id in a JSON answer (first element of a list), or one that exists nowhere. */
async function idOf(
  answer: Response,
  pick: (json: unknown) => unknown = (json) => json,
): Promise<number> {
  if (!answer.ok) {
    return 999_999;
  }
  const found = pick(await answer.json()) as { id?: number } | { id?: number }[] | undefined;
  const first = Array.isArray(found) ? found[0] : found;
  return first?.id ?? 999_999;
}
interface Row {
  rule: Rule;
  call: (context: CaseContext) => Call | Promise<Call>;
  /** Calls without a medium run once per actor. */
  perMedium?: boolean;
  /** Runs after all others (it ends the session). */
  last?: boolean;
  /** Changes the fixtures: they are restored after it succeeded. */
  destructive?: boolean;
}

const api = '/api/v1';
const id = (context: CaseContext) => encodeURIComponent(context.target.identifier);
const dav = (context: CaseContext, rest = '') => `/dav/${id(context)}/${rest}`;
const davOrigin = { origin: 'http://matrix.invalid' };
const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/>' +
  '</D:lockscope><D:locktype><D:write/></D:locktype><D:owner>Matrix</D:owner></D:lockinfo>';

const TABLE: Record<string, Row> = {
  // The public catalogue.
  'GET /api/v1/media/catalogue/search': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/media/catalogue/search?q=Matrix` }),
  },
  'GET /api/v1/media/catalogue/search/distinct': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/media/catalogue/search/distinct?f=fn_typ` }),
  },
  'GET /api/v1/media/catalogue/suggest': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/media/catalogue/suggest?q=Ma` }),
  },
  'GET /api/v1/media/catalogue/categories': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/media/catalogue/categories` }),
  },
  'GET /api/v1/media/{identifier}': {
    rule: publishedOnly(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/media/${id(c)}` }),
  },
  // Accounts: the same answer whoever asks (bodies that fail without side effects).
  'POST /api/v1/auth/login': {
    rule: anyone(401),
    call: (c) => ({
      method: 'POST',
      url: `${api}/auth/login`,
      body: { email: `niemand-${c.unique}@test.invalid`, password: 'Falsches-Passwort-1' },
    }),
  },
  'POST /api/v1/auth/logout': {
    rule: anyone(204),
    last: true,
    call: () => ({ method: 'POST', url: `${api}/auth/logout` }),
  },
  'POST /api/v1/auth/register': {
    rule: anyone(400),
    call: (c) => ({
      method: 'POST',
      url: `${api}/auth/register`,
      body: {
        email: `neu-${c.unique}@test.invalid`,
        password: 'kurz',
        role: 'L',
        vorname: 'A',
        name: 'B',
      },
    }),
  },
  'POST /api/v1/auth/register/confirm': {
    rule: anyone(400),
    call: () => ({
      method: 'POST',
      url: `${api}/auth/register/confirm`,
      body: { token: 'x'.repeat(43) },
    }),
  },
  'POST /api/v1/auth/password/request': {
    rule: anyone(202),
    call: (c) => ({
      method: 'POST',
      url: `${api}/auth/password/request`,
      body: { email: `niemand-${c.unique}@test.invalid` },
    }),
  },
  'POST /api/v1/auth/password/reset': {
    rule: anyone(400),
    call: () => ({
      method: 'POST',
      url: `${api}/auth/password/reset`,
      body: { token: 'x'.repeat(43), password: 'Ein-neues-Passwort-2026' },
    }),
  },
  // The user's own data.
  'GET /api/v1/user/userinfo': {
    rule: signedIn(200),
    call: () => ({ method: 'GET', url: `${api}/user/userinfo` }),
  },
  'GET /api/v1/utils/features': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/utils/features` }),
  },
  'PUT /api/v1/user/profile': {
    rule: signedIn(200),
    call: () => ({
      method: 'PUT',
      url: `${api}/user/profile`,
      body: { vorname: 'Matrix', name: 'Prüfung', schulname: 'Testschule' },
    }),
  },
  'POST /api/v1/user/password': {
    rule: signedIn(400),
    call: () => ({
      method: 'POST',
      url: `${api}/user/password`,
      body: { current_password: 'nicht-das-richtige', new_password: 'Ein-neues-Passwort-2026' },
    }),
  },
  // The content preview.
  'GET /api/v1/mzmedia/sichtung': {
    rule: previewers,
    call: () => ({ method: 'GET', url: `${api}/mzmedia/sichtung` }),
  },
  'GET /api/v1/media/search': {
    rule: previewing(200),
    perMedium: true,
    call: (c) => ({
      method: 'GET',
      url: `${api}/media/search?filter_identifier=${c.target.pool.toUpperCase()}-%25`,
    }),
  },
  'GET /api/v1/media/search/distinct': {
    rule: previewing(200),
    perMedium: true,
    call: (c) => ({
      method: 'GET',
      url: `${api}/media/search/distinct?f=fn_typ&filter_identifier=${c.target.pool}-%25`,
    }),
  },
  // 'Meine Medien'.
  'GET /api/v1/producer/media': {
    rule: producers(200),
    call: () => ({ method: 'GET', url: `${api}/producer/media?limit=10` }),
  },
  'POST /api/v1/producer/media': {
    rule: producers(201),
    call: (c) => ({
      method: 'POST',
      url: `${api}/producer/media`,
      body: { fn_nr: `NEU${c.unique}`, fn_titel: 'Neu', fn_adressat: 'A' },
    }),
  },
  'PATCH /api/v1/producer/media/bulk': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({
      method: 'PATCH',
      url: `${api}/producer/media/bulk`,
      body: { ids: [c.target.identifier], updates: { fn_autor: 'Matrix' } },
    }),
  },
  'DELETE /api/v1/producer/media/bulk': {
    rule: managing(200),
    perMedium: true,
    destructive: true,
    call: (c) => ({
      method: 'DELETE',
      url: `${api}/producer/media/bulk`,
      body: { ids: [c.target.identifier] },
    }),
  },
  'GET /api/v1/producer/media/{id}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/media/${id(c)}` }),
  },
  'PUT /api/v1/producer/media/{id}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => {
      const fixture = FIXTURES.find((record) => record.pool === c.target.pool) ?? FIXTURES[0];
      return {
        method: 'PUT',
        url: `${api}/producer/media/${id(c)}`,
        body: {
          fn_nr: c.target.identifier.split('-')[1],
          fn_titel: `Matrix ${c.target.identifier}`,
          fn_adressat: 'A',
          fn_prodjahr: fixture?.fn_prodjahr,
          fn_status: c.target.published ? 'published' : 'draft',
          fn_aenderung: new Date(Date.now() + 86_400_000).toISOString(),
        },
      };
    },
  },
  'DELETE /api/v1/producer/media/{id}': {
    rule: managing(204),
    perMedium: true,
    destructive: true,
    call: (c) => ({ method: 'DELETE', url: `${api}/producer/media/${id(c)}` }),
  },
  // Stars, views and the user's lists.
  'PUT /api/v1/user/stars/{identifier}': {
    rule: seeing(204, true),
    perMedium: true,
    call: (c) => ({ method: 'PUT', url: `${api}/user/stars/${id(c)}` }),
  },
  'DELETE /api/v1/user/stars/{identifier}': {
    rule: seeing(204, true),
    perMedium: true,
    call: (c) => ({ method: 'DELETE', url: `${api}/user/stars/${id(c)}` }),
  },
  'GET /api/v1/user/wishlist': {
    rule: signedIn(200),
    call: () => ({ method: 'GET', url: `${api}/user/wishlist` }),
  },
  'GET /api/v1/user/trending': {
    rule: signedIn(200),
    call: () => ({ method: 'GET', url: `${api}/user/trending` }),
  },
  'GET /api/v1/user/classlibrary': {
    rule: signedIn(200),
    call: () => ({ method: 'GET', url: `${api}/user/classlibrary` }),
  },
  'POST /api/v1/media/{identifier}/views': {
    rule: seeing(204, false),
    perMedium: true,
    call: (c) => ({ method: 'POST', url: `${api}/media/${id(c)}/views` }),
  },
  // Files.
  'GET /api/v1/producer/mediafiles/webdav/{id}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/mediafiles/webdav/${id(c)}` }),
  },
  'GET /api/v1/producer/media/{id}/dirlist': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/media/${id(c)}/dirlist` }),
  },
  'PUT /api/v1/producer/media/{id}/dirlist/index': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({
      method: 'PUT',
      url: `${api}/producer/media/${id(c)}/dirlist/index`,
      body: { fn_index: 'a.txt' },
    }),
  },
  'POST /api/v1/producer/media/{id}/dirlist/zip': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'POST', url: `${api}/producer/media/${id(c)}/dirlist/zip` }),
  },
  'GET /api/v1/producer/mediafiles/download/{mediaId}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({
      method: 'GET',
      url: `${api}/producer/mediafiles/download/${id(c)}?path=a.txt`,
    }),
  },
  'GET /api/v1/producer/media/{id}/files/link': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/media/${id(c)}/files/link?path=a.txt` }),
  },
  // The media pipeline: jobs, captions and chapters.
  'GET /api/v1/producer/media/{id}/jobs': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/media/${id(c)}/jobs` }),
  },
  'GET /api/v1/producer/media/{id}/captions': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/producer/media/${id(c)}/captions` }),
  },
  'PUT /api/v1/producer/media/{id}/captions/{language}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({
      method: 'PUT',
      url: `${api}/producer/media/${id(c)}/captions/de`,
      body: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo\n',
      headers: { 'content-type': 'text/vtt' },
    }),
  },
  'DELETE /api/v1/producer/media/{id}/captions/{language}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'DELETE', url: `${api}/producer/media/${id(c)}/captions/de` }),
  },
  'PUT /api/v1/producer/media/{id}/chapters': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({
      method: 'PUT',
      url: `${api}/producer/media/${id(c)}/chapters`,
      body: 'WEBVTT\n\n00:00.000 --> 00:10.000\nEinleitung\n',
      headers: { 'content-type': 'text/vtt' },
    }),
  },
  'DELETE /api/v1/producer/media/{id}/chapters': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'DELETE', url: `${api}/producer/media/${id(c)}/chapters` }),
  },
  'GET /api/v1/media/link/{identifier}': {
    rule: playing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `${api}/media/link/${id(c)}` }),
  },
  'GET /content/{identifier}/{token}/{*}': {
    rule: signedAddress,
    perMedium: true,
    call: () => ({ method: 'GET', url: '' }), // minted per case below
  },
  // Licences: shares, Mediatheken and codes of producers.
  'GET /api/v1/producer/shares': {
    rule: producers(200),
    call: () => ({ method: 'GET', url: `${api}/producer/shares` }),
  },
  'POST /api/v1/producer/shares': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({
      method: 'POST',
      url: `${api}/producer/shares`,
      body: {
        organisation_ids: [FIXTURE_IDS.secondSchool],
        scope: { kind: 'media', identifiers: [c.target.identifier] },
        terms: {},
      },
    }),
  },
  'DELETE /api/v1/producer/shares/{id}': {
    rule: managing(204),
    perMedium: true,
    call: async (c) => {
      const share = await c.asOwner({
        method: 'POST',
        url: `${api}/producer/shares`,
        body: {
          organisation_ids: [FIXTURE_IDS.secondSchool],
          scope: { kind: 'media', identifiers: [c.target.identifier] },
          terms: {},
        },
      });
      return { method: 'DELETE', url: `${api}/producer/shares/${String(await idOf(share))}` };
    },
  },
  'GET /api/v1/producer/organisations': {
    rule: producers(200),
    call: () => ({ method: 'GET', url: `${api}/producer/organisations?q=schule` }),
  },
  'GET /api/v1/producer/mediatheken': {
    rule: producers(200),
    call: () => ({ method: 'GET', url: `${api}/producer/mediatheken` }),
  },
  'POST /api/v1/producer/mediatheken': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({
      method: 'POST',
      url: `${api}/producer/mediatheken`,
      body: { name: 'Matrix', path: `matrix/neu-${c.unique}`, identifiers: [c.target.identifier] },
    }),
  },
  'PUT /api/v1/producer/mediatheken/{id}': {
    rule: managing(200),
    perMedium: true,
    call: async (c) => {
      const body = {
        name: 'Matrix',
        path: `matrix/alt-${c.unique}`,
        identifiers: [c.target.identifier],
      };
      const made = await c.asOwner({ method: 'POST', url: `${api}/producer/mediatheken`, body });
      return {
        method: 'PUT',
        url: `${api}/producer/mediatheken/${String(await idOf(made))}`,
        body: { ...body, name: 'Matrix geändert' },
      };
    },
  },
  'DELETE /api/v1/producer/mediatheken/{id}': {
    rule: managing(204),
    perMedium: true,
    call: async (c) => {
      const made = await c.asOwner({
        method: 'POST',
        url: `${api}/producer/mediatheken`,
        body: {
          name: 'Matrix',
          path: `matrix/weg-${c.unique}`,
          identifiers: [c.target.identifier],
        },
      });
      return { method: 'DELETE', url: `${api}/producer/mediatheken/${String(await idOf(made))}` };
    },
  },
  'GET /api/v1/mediatheken/by-path': {
    rule: anyone(200),
    call: () => ({ method: 'GET', url: `${api}/mediatheken/by-path?path=matrix/fwu` }),
  },
  'GET /api/v1/producer/codes': {
    rule: producers(200),
    call: () => ({ method: 'GET', url: `${api}/producer/codes` }),
  },
  'POST /api/v1/producer/codes': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({
      method: 'POST',
      url: `${api}/producer/codes`,
      body: { scope: { kind: 'media', identifiers: [c.target.identifier] }, terms: {}, count: 1 },
    }),
  },
  'DELETE /api/v1/producer/codes/{id}': {
    rule: managing(204),
    perMedium: true,
    call: async (c) => {
      const made = await c.asOwner({
        method: 'POST',
        url: `${api}/producer/codes`,
        body: { scope: { kind: 'media', identifiers: [c.target.identifier] }, terms: {}, count: 1 },
      });
      const code = await idOf(made, (json) => (json as { codes: { id: number }[] }).codes);
      return { method: 'DELETE', url: `${api}/producer/codes/${String(code)}` };
    },
  },
  // Licences: redeeming, and what users, media centres and administrators hold.
  'POST /api/v1/user/redeem': {
    rule: signedIn(400),
    call: () => ({
      method: 'POST',
      url: `${api}/user/redeem`,
      body: { code: 'ABCD-EFGH-JKMN-PQRS' },
    }),
  },
  'GET /api/v1/user/licences': {
    rule: signedIn(200),
    call: () => ({ method: 'GET', url: `${api}/user/licences` }),
  },
  'GET /api/v1/mz/licences': {
    rule: mediaCentres(200),
    call: () => ({ method: 'GET', url: `${api}/mz/licences` }),
  },
  'GET /api/v1/mz/schools': {
    rule: mediaCentres(200),
    call: () => ({ method: 'GET', url: `${api}/mz/schools` }),
  },
  'POST /api/v1/mz/licences/{id}/assignments': {
    rule: mediaCentres(201),
    call: () => ({
      method: 'POST',
      url: `${api}/mz/licences/${String(FIXTURE_IDS.centreLicence)}/assignments`,
      body: { school_ids: [FIXTURE_IDS.school] },
    }),
  },
  'DELETE /api/v1/mz/licences/{id}': {
    rule: mediaCentres(204),
    call: async (c) => {
      const passed = await c.as('mediaCentre', {
        method: 'POST',
        url: `${api}/mz/licences/${String(FIXTURE_IDS.centreLicence)}/assignments`,
        body: { school_ids: [FIXTURE_IDS.secondSchool] },
      });
      return { method: 'DELETE', url: `${api}/mz/licences/${String(await idOf(passed))}` };
    },
  },
  'GET /api/v1/mz/history': {
    rule: mediaCentres(200),
    call: () => ({ method: 'GET', url: `${api}/mz/history` }),
  },
  'GET /api/v1/school/licences': {
    rule: licenceReaders,
    call: () => ({ method: 'GET', url: `${api}/school/licences` }),
  },
  // Images.
  'GET /covers/{size}/{file}': {
    rule: covers,
    perMedium: true,
    call: (c) => ({ method: 'GET', url: `/covers/400x226/${id(c)}.jpg` }),
  },
  'GET /api/v1/utils/image-proxy': {
    rule: seeing(200, true),
    perMedium: true,
    call: (c) => ({
      method: 'GET',
      url: `${api}/utils/image-proxy?url=${encodeURIComponent(`/covers/400x226/${id(c)}.jpg`)}`,
    }),
  },
  // WebDAV: every method on the medium's storage.
  'OPTIONS /dav/{*}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'OPTIONS', url: dav(c) }),
  },
  'PROPFIND /dav/{*}': {
    rule: managing(207),
    perMedium: true,
    call: (c) => ({ method: 'PROPFIND', url: dav(c), headers: { depth: '1' } }),
  },
  'GET /dav/{*}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'GET', url: dav(c, 'a.txt') }),
  },
  'HEAD /dav/{*}': {
    rule: managing(200),
    perMedium: true,
    call: (c) => ({ method: 'HEAD', url: dav(c, 'a.txt') }),
  },
  'PUT /dav/{*}': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({ method: 'PUT', url: dav(c, `neu-${c.unique}.txt`), body: 'neu' }),
  },
  'DELETE /dav/{*}': {
    rule: managing(204),
    perMedium: true,
    call: async (c) => {
      await c.asOwner({ method: 'PUT', url: dav(c, `weg-${c.unique}.txt`), body: 'weg' });
      return { method: 'DELETE', url: dav(c, `weg-${c.unique}.txt`) };
    },
  },
  'PROPPATCH /dav/{*}': {
    rule: managing(207),
    perMedium: true,
    call: (c) => ({
      method: 'PROPPATCH',
      url: dav(c, 'a.txt'),
      headers: { 'content-type': 'application/xml' },
      body:
        '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:M="urn:matrix">' +
        '<D:set><D:prop><M:note>x</M:note></D:prop></D:set></D:propertyupdate>',
    }),
  },
  'MKCOL /dav/{*}': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({ method: 'MKCOL', url: dav(c, `ordner-${c.unique}`) }),
  },
  'COPY /dav/{*}': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({
      method: 'COPY',
      url: dav(c, 'a.txt'),
      headers: { destination: `${davOrigin.origin}${dav(c, `kopie-${c.unique}.txt`)}` },
    }),
  },
  'MOVE /dav/{*}': {
    rule: managing(201),
    perMedium: true,
    call: async (c) => {
      await c.asOwner({ method: 'PUT', url: dav(c, `alt-${c.unique}.txt`), body: 'alt' });
      return {
        method: 'MOVE',
        url: dav(c, `alt-${c.unique}.txt`),
        headers: { destination: `${davOrigin.origin}${dav(c, `neu-${c.unique}.txt`)}` },
      };
    },
  },
  'LOCK /dav/{*}': {
    rule: managing(201),
    perMedium: true,
    call: (c) => ({
      method: 'LOCK',
      url: dav(c, `sperre-${c.unique}.txt`),
      headers: { 'content-type': 'application/xml', timeout: 'Second-60' },
      body: LOCK_BODY,
    }),
  },
  'UNLOCK /dav/{*}': {
    rule: managing(204),
    perMedium: true,
    call: async (c) => {
      const url = dav(c, `entsperrt-${c.unique}.txt`);
      const lock = await c.asOwner({
        method: 'LOCK',
        url,
        headers: { 'content-type': 'application/xml', timeout: 'Second-60' },
        body: LOCK_BODY,
      });
      const token =
        lock.headers.get('lock-token') ?? '<urn:uuid:00000000-0000-0000-0000-000000000000>';
      return { method: 'UNLOCK', url, headers: { 'lock-token': token } };
    },
  },
};

interface Answer {
  status: number;
  contentType: string;
  body: string;
  etag: string;
}

describe.each(databaseKinds)('authorisation matrix (%s)', (kind) => {
  const secret = 'matrix-secret-'.padEnd(40, 'x');
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let origin: string;
  let storage: FileStorage;
  let placeholderEtag: string;
  const cookies = new Map<ActorName, Map<string, string>>();

  /** A request as the actor's browser would send it: its cookies and the CSRF header. */
  async function send(actor: ActorName, call: Call): Promise<Response> {
    const jar = cookies.get(actor) ?? new Map<string, string>();
    cookies.set(actor, jar);
    const headers: Record<string, string> = { ...call.headers };
    if (jar.size > 0) {
      headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = jar.get('mk_csrf');
    if (csrf && !['GET', 'HEAD', 'OPTIONS', 'PROPFIND'].includes(call.method)) {
      headers['x-csrf-token'] = csrf;
    }
    let body: string | undefined;
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
      headers['content-type'] ??= typeof call.body === 'string' ? 'text/plain' : 'application/json';
    }
    const response = await fetch(`${origin}${call.url}`, {
      method: call.method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) {
        jar.delete(name);
      } else {
        jar.set(name, value);
      }
    }
    return response;
  }

  /** Imports the fixtures that are missing (after a deletion) and gives each its files. */
  async function ensureFixtures(): Promise<void> {
    const media = new AccessRepository(database.db);
    const missing: NewMediumRecord[] = [];
    for (const record of FIXTURES) {
      if (!(await media.mediumByIdentifier(`${record.pool}-${record.fn_nr}`))) {
        missing.push(record);
      }
    }
    if (missing.length === 0) {
      return;
    }
    await importMedia(database.db, missing);
    const teaser = await sharp({
      create: { width: 64, height: 36, channels: 3, background: '#1d5c96' },
    })
      .png()
      .toBuffer();
    for (const record of missing) {
      const medium = await media.mediumByIdentifier(`${record.pool}-${record.fn_nr}`);
      if (!medium) {
        throw new Error('fixture not imported');
      }
      if (medium.identifier === TARGETS.fwuPublished.identifier) {
        // The teacher's own licence (see LICENSED) went with the deleted medium.
        await grantLicence(database.db, {
          licensee: { userId: await userId(database.db, CREDENTIALS.teacher.email) },
          scope: { mediaId: medium.id },
          grantorPool: 'fwu',
        });
      }
      const folder = storage.folder(medium.id);
      await mkdir(path.join(folder, 'thumbs'), { recursive: true });
      await writeFile(path.join(folder, 'a.txt'), 'Inhalt');
      await writeFile(path.join(folder, 'thumbs', 'main.png'), teaser);
    }
  }

  async function mintedContentUrl(target: Target): Promise<string> {
    const medium = await new AccessRepository(database.db).mediumByIdentifier(target.identifier);
    return contentUrl(secret, {
      mediumId: medium?.id ?? 999_999,
      identifier: target.identifier,
      licence: null,
      purpose: 'play',
      path: 'a.txt',
      expires: Math.floor(Date.now() / 1000) + 600,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoAccounts(database.db);
    await createLernfilmProducer(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-matrix-'));
    storage = new FileStorage(dataDir);
    app = await buildApp({ db: database.db, files: { dataDir, contentSecret: secret } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    davOrigin.origin = origin;
    await ensureFixtures();
    await afterMediaImport(database.db);
    const db = database.db;
    const centre = await createOrganisation(db, {
      kind: 'media_centre',
      name: 'Kreismedienzentrum Nord',
      context: 'mz/kreis-nord',
    });
    FIXTURE_IDS.school = await createOrganisation(db, {
      kind: 'school',
      name: 'Gesamtschule Am Stadtpark',
      schoolNumber: '100234',
      mediaCentreId: centre,
    });
    FIXTURE_IDS.secondSchool = await createOrganisation(db, {
      kind: 'school',
      name: 'Grundschule Lindenweg',
      schoolNumber: '100871',
      mediaCentreId: centre,
    });
    for (const actor of ['student', 'teacher', 'schoolAdmin'] as const) {
      await joinOrganisation(db, CREDENTIALS[actor].email, FIXTURE_IDS.school);
    }
    for (const actor of ['mediaCentre', 'districtAdmin'] as const) {
      await joinOrganisation(db, CREDENTIALS[actor].email, centre);
    }
    FIXTURE_IDS.centreLicence = await grantLicence(db, {
      licensee: { organisationId: centre },
      scope: { pool: 'lernfilm' },
      grantorPool: 'lernfilm',
    });
    await grantLicence(db, {
      licensee: { organisationId: FIXTURE_IDS.school },
      scope: { pool: 'lernfilm' },
      grantorPool: 'lernfilm',
      origin: 'assignment',
      parentId: FIXTURE_IDS.centreLicence,
    });
    await new MediathekenRepository(db).save(
      'fwu',
      { name: 'Matrix', path: 'matrix/fwu', description: '' },
      [await mediumId(db, TARGETS.fwuPublished.identifier)],
    );
    for (const [actor, credentials] of Object.entries(CREDENTIALS)) {
      await send(actor as ActorName, { method: 'GET', url: `${api}/utils/features` });
      const login = await send(actor as ActorName, {
        method: 'POST',
        url: `${api}/auth/login`,
        body: credentials,
      });
      expect(login.status, actor).toBe(200);
    }
    await send('anonymous', { method: 'GET', url: `${api}/utils/features` });
    const placeholder = await send('anonymous', {
      method: 'GET',
      url: '/covers/400x226/GIBT-ES-NICHT.jpg',
    });
    placeholderEtag = placeholder.headers.get('etag') ?? '';
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', async () => {
    const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(Object.keys(TABLE).sort()).toEqual(routes.sort());
  });

  it('answers every route as the table says, for every role and medium', async () => {
    const mismatches: string[] = [];
    const answers = new Map<string, Answer>();
    let counter = 0;
    const rows = Object.entries(TABLE).sort(
      ([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false),
    );
    for (const [route, row] of rows) {
      for (const actor of ACTORS) {
        for (const targetName of row.perMedium ? TARGET_NAMES : (['fwuPublished'] as const)) {
          const target = TARGETS[targetName];
          counter += 1;
          const owner = target.pool === 'lernfilm' ? 'otherProducer' : 'producer';
          const context: CaseContext = {
            target,
            unique: String(counter),
            asOwner: (call) => send(owner, call),
            as: (other, call) => send(other, call),
          };
          const call =
            route === 'GET /content/{identifier}/{token}/{*}'
              ? { method: 'GET', url: await mintedContentUrl(target) }
              : await row.call(context);
          const response = await send(actor, call);
          const body = call.method === 'HEAD' ? '' : await response.text();
          const answer: Answer = {
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            body,
            etag: response.headers.get('etag') ?? '',
          };
          answers.set(`${route}|${actor}|${targetName}`, answer);
          const expected = row.rule(actor, target);
          const actual: Expected =
            route === 'GET /covers/{size}/{file}' && answer.status === 200
              ? answer.etag === placeholderEtag
                ? 'placeholder'
                : 'cover'
              : answer.status;
          if (actual !== expected) {
            mismatches.push(
              `${route} as ${actor} on ${targetName}: ${String(actual)}, expected ${String(expected)} (${body.slice(0, 160)})`,
            );
          }
          if (answer.status >= 500 || /\bat .+:\d+:\d+/.test(body)) {
            mismatches.push(`${route} as ${actor} on ${targetName}: server error ${body}`);
          }
          if (row.destructive && answer.status < 300) {
            await ensureFixtures();
          }
        }
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
    expect(counter).toBeGreaterThan(1000);

    // What a caller may not see answers exactly like what does not exist: the other pool's
    // draft and the missing medium get the same status, type and body, route by route.
    for (const [route, row] of Object.entries(TABLE)) {
      if (!row.perMedium || route.startsWith('GET /content/') || route.includes('/search')) {
        continue;
      }
      for (const actor of ACTORS) {
        const hidden = answers.get(`${route}|${actor}|lernfilmDraft`);
        const missing = answers.get(`${route}|${actor}|missing`);
        if (actor === 'otherProducer' || !hidden || !missing) {
          continue;
        }
        expect(
          { status: hidden.status, type: hidden.contentType, body: hidden.body },
          `${route} as ${actor}`,
        ).toEqual({ status: missing.status, type: missing.contentType, body: missing.body });
      }
    }
    const draftLink = answers.get('GET /api/v1/media/link/{identifier}|teacher|fwuDraft');
    expect(JSON.parse(draftLink?.body ?? '{}')).toMatchObject({ message: MESSAGES.mediumNotFound });
  });
});
