import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COVER_SIZES } from '@medienkatalog/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { afterMediaImport, importMedia } from '../src/modules/catalogue/media-import.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { pickOne, seededRandom } from '../src/seed/random.ts';
import { mediumRecord } from './support/factories.ts';
import { grantLicence, mediumId, userId } from './support/licences.ts';
import {
  BODIES,
  CONTENT_TYPES,
  HEADERS,
  JSON_VALUES,
  toJson,
  URL_VALUES,
} from './support/malformed.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * Sends a few thousand malformed requests (seeded, so every run sends the same ones) to every
 * route of the OpenAPI document and to the WebDAV, content and cover addresses, as anonymous,
 * teacher and producer, over real HTTP. No answer may be a server error or show a stack trace
 * or SQL. PGlite only: the point is the server's handling, not the database's.
 */

const SEED = 20_260_412;
const VARIANTS_PER_OPERATION = 20;
const DAV_REQUESTS = 700;
const CONTENT_REQUESTS = 300;

/** The medium whose files the WebDAV, content and cover requests use (never deleted). */
const FILES_MEDIUM = 'FWU-F1';
/** Media the API requests may name (and delete). */
const API_IDENTIFIERS = ['FWU-F2', 'fwu-f3', 'LERNFILM-X1', 'FWU-NIX'];

const LEAKS: readonly [string, RegExp][] = [
  ['stack frame', /\bat [^\n]*:\d+:\d+/],
  ['source path', /\/src\/|node_modules/],
  ['SQL', /SELECT|INSERT|syntax error|violates|relation "/],
];

interface FuzzRequest {
  method: string;
  /** The path and query exactly as they go on the wire. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

interface Role {
  name: string;
  /** Cookie and CSRF header of a browser session. */
  headers: Record<string, string>;
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  $ref?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The operations of the OpenAPI document, $refs of bodies resolved; /dav is fuzzed apart. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema): JsonSchema => {
    const name = schema.$ref?.split('/').at(-1);
    return name ? (document.components?.schemas?.[name] ?? {}) : schema;
  };
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    route.startsWith('/dav/')
      ? []
      : Object.entries(methods).map(([method, operation]) => {
          const body = operation.requestBody?.content['application/json']?.schema;
          return {
            method: method.toUpperCase(),
            path: route,
            parameters: operation.parameters ?? [],
            body: body ? resolve(body) : undefined,
          };
        }),
  );
}

/** A plausible value for a body property, so that one bad property is what the server sees. */
function validValue(name: string, schema: JsonSchema): unknown {
  if (schema.enum && schema.enum.length > 0) {
    return schema.enum[0];
  }
  const variant = schema.anyOf?.[0];
  if (variant) {
    return validValue(name, variant);
  }
  if (schema.type === 'boolean') {
    return true;
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    return 1;
  }
  if (schema.type === 'array') {
    return [validValue(name, schema.items ?? {})];
  }
  if (schema.type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(key, value)]),
    );
  }
  const byName: Record<string, string> = {
    email: 'fuzz@test.invalid',
    password: 'Fuzz-Passwort-2026',
    new_password: 'Fuzz-Passwort-2027',
    current_password: 'falsch-falsch',
    token: 'a'.repeat(43),
    fn_nr: 'FUZZ1',
    fn_prodjahr: '2020',
    fn_aenderung: new Date().toISOString(),
    fn_index: 'index.html',
    ids: 'FWU-F2',
  };
  return byName[name] ?? 'Fuzz';
}

function validParameter(name: string, schema: JsonSchema, context: FuzzContext): string {
  if (schema.enum && schema.enum.length > 0) {
    return String(schema.enum[0]);
  }
  switch (name) {
    case 'identifier':
    case 'id':
    case 'mediaId':
      return pickOne(API_IDENTIFIERS, context.random);
    case 'size':
      return COVER_SIZES[0];
    case 'file':
      return `${FILES_MEDIUM}.jpg`;
    case 'token':
      return context.contentToken;
    case '*':
      return 'index.html';
    case 'p':
      return '0';
    case 'path':
      return 'index.html';
    case 'url':
      return `/covers/${COVER_SIZES[0]}/${FILES_MEDIUM}.jpg`;
    default:
      return 'fuzz';
  }
}

interface FuzzContext {
  random: () => number;
  contentToken: string;
}

/** A body of the operation's schema with some properties replaced by bad values. */
function mutatedBody(schema: JsonSchema, random: () => number): string {
  const body = validValue('', schema) as Record<string, unknown>;
  const keys = [...Object.keys(body), 'unbekannt', '__proto__'];
  const count = 1 + Math.floor(random() * 3);
  for (let index = 0; index < count; index += 1) {
    const key = pickOne(keys, random);
    const value = pickOne(JSON_VALUES, random);
    // Own properties only: body['__proto__'] is Object.prototype, which this process (the
    // server's too) must never get keys added to.
    const nested = Object.hasOwn(body, key) ? body[key] : undefined;
    if (typeof nested === 'object' && nested !== null && !Array.isArray(nested) && random() < 0.5) {
      (nested as Record<string, unknown>)[pickOne([...Object.keys(nested), 'x'], random)] = value;
    } else if (Array.isArray(nested) && random() < 0.5) {
      nested.push(value);
    } else if (random() < 0.15) {
      Reflect.deleteProperty(body, key);
    } else {
      Object.defineProperty(body, key, { value, enumerable: true, writable: true });
    }
  }
  return toJson(body);
}

/** A few malformed variants of one operation. */
function operationRequests(operation: Operation, context: FuzzContext): FuzzRequest[] {
  const { random } = context;
  const requests: FuzzRequest[] = [];
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  for (let variant = 0; variant < VARIANTS_PER_OPERATION; variant += 1) {
    const kinds = ['path', 'query', 'repeat', 'body', 'bodyValue', 'type', 'header'].filter(
      (kind) =>
        (kind !== 'path' || pathParameters.length > 0) &&
        (kind !== 'bodyValue' || operation.body !== undefined) &&
        (kind !== 'body' || hasBody || random() < 0.2),
    );
    const chosen = new Set(
      [pickOne(kinds, random), pickOne(kinds, random)].slice(0, random() < 0.5 ? 1 : 2),
    );

    let route = operation.path;
    for (const parameter of pathParameters) {
      const value =
        chosen.has('path') && random() < 0.8
          ? pickOne(URL_VALUES, random)
          : encodeURIComponent(validParameter(parameter.name, parameter.schema, context));
      route = route.replace(`{${parameter.name}}`, value);
    }
    const query: string[] = queryParameters
      .filter(() => random() < 0.5)
      .map(
        (parameter) =>
          `${parameter.name}=${
            chosen.has('query') && random() < 0.6
              ? pickOne(URL_VALUES, random)
              : encodeURIComponent(validParameter(parameter.name, parameter.schema, context))
          }`,
      );
    if (chosen.has('query')) {
      const name = queryParameters.length > 0 ? pickOne(queryParameters, random).name : 'q';
      query.push(
        `${random() < 0.3 ? pickOne(URL_VALUES, random) : name}=${pickOne(URL_VALUES, random)}`,
      );
    }
    if (chosen.has('repeat')) {
      // The same key twice arrives as an array.
      const name = queryParameters.length > 0 ? pickOne(queryParameters, random).name : 'q';
      query.push(`${name}=a`, `${name}=${pickOne(URL_VALUES, random)}`, `${name}[]=x`);
    }
    const url = query.length > 0 ? `${route}?${query.join('&')}` : route;

    const headers: Record<string, string> = {};
    let body: string | Buffer | undefined;
    if (hasBody || chosen.has('body')) {
      headers['content-type'] = 'application/json';
      body = operation.body ? toJson(validValue('', operation.body)) : undefined;
    }
    if (chosen.has('bodyValue') && operation.body) {
      body = mutatedBody(operation.body, random);
    }
    if (chosen.has('body')) {
      body = pickOne(BODIES, random);
    }
    if (chosen.has('type')) {
      const type = pickOne(CONTENT_TYPES, random);
      if (type === '') {
        Reflect.deleteProperty(headers, 'content-type');
      } else {
        headers['content-type'] = type;
      }
      body ??= '{}';
    }
    if (chosen.has('header')) {
      Object.assign(headers, pickOne(HEADERS, random));
    }
    requests.push({ method: operation.method, url, headers, body });
  }
  return requests;
}

const DAV_METHODS = [
  'GET',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
];

const XML_BODIES: readonly string[] = [
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop></D:propfind',
  '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:a xmlns:x="urn:x">\u0000</x:a></D:prop></D:set></D:propertyupdate>',
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:a xmlns:x="urn:x">${'v'.repeat(100_000)}</x:a></D:prop></D:set></D:propertyupdate>`,
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:${'n'.repeat(300)} xmlns:x="urn:x">v</x:${'n'.repeat(300)}></D:prop></D:set></D:propertyupdate>`,
  '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:remove><D:prop><D:getetag/></D:prop></D:remove></D:propertyupdate>',
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>\ud800</D:owner></D:lockinfo>',
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope></D:lockinfo>',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbbbbbbbb"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><D:propfind xmlns:D="DAV:"><D:prop>&d;</D:prop></D:propfind>',
  '<?xml version="1.0"?><!DOCTYPE a SYSTEM "file:///etc/passwd"><a>&x;</a>',
  `${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}`,
  '<a xmlns="">',
  '',
  '{"json":true}',
];

const DAV_HEADERS: readonly Record<string, string>[] = [
  { depth: 'infinity' },
  { depth: '-1' },
  { depth: '99999999999999999999' },
  { depth: '1' },
  { overwrite: 'X' },
  { overwrite: 'F' },
  { destination: '' },
  { destination: 'http://[::1' },
  { destination: '%00' },
  { destination: `/dav/${FILES_MEDIUM}/%00` },
  { destination: `/dav/${FILES_MEDIUM}/${'n'.repeat(300)}` },
  { destination: `/dav/${FILES_MEDIUM}/Ordner/${'ü'.repeat(200)}` },
  { destination: `/dav/${FILES_MEDIUM}/%ED%A0%80` },
  { destination: `/dav/${FILES_MEDIUM}/%zz` },
  { destination: `/dav/${FILES_MEDIUM}/Ordner/../../x` },
  { destination: `/dav/${FILES_MEDIUM}/` },
  { destination: `/dav/${FILES_MEDIUM}/Ordner/Unterordner/x` },
  { destination: `/dav/${FILES_MEDIUM}/nicht/da/x` },
  { destination: '/dav/FWU-NIX/x' },
  { destination: 'ftp://x/y' },
  { if: '(<opaquelocktoken:nicht-da>)' },
  { if: '<http://x/> (Not <urn:x> [W/"x"])' },
  { if: '((((' },
  { 'lock-token': 'kaputt' },
  { 'lock-token': '<opaquelocktoken:nicht-da>' },
  { timeout: 'Second-99999999999999999999' },
  { timeout: 'Infinite, Second-abc' },
  { 'content-range': 'bytes 0-1/2' },
  { 'content-length': '99999999999999999999' },
  { 'content-type': 'text/xml; charset=utf-16' },
  ...HEADERS.filter((header) => !('host' in header)),
];

/** Names of the medium's files and folders, and names at the file system's limits. */
const DAV_NAMES: readonly string[] = [
  'index.html',
  'Ordner',
  'Ordner/Datei.txt',
  'neu.txt',
  'thumbs',
  'Kopie',
  'n'.repeat(255),
  'n'.repeat(256),
  'n'.repeat(300),
  '%C3%BC'.repeat(127),
  '%C3%BC'.repeat(128),
  Array.from({ length: 20 }, () => 'o'.repeat(250)).join('/'),
  '.nephelemeta',
  'Ordner.nephelemeta',
];

/** A segment of a /dav or /content path: more often a real name than a malformed one. */
const davSegment = (random: () => number) =>
  random() < 0.6 ? pickOne(DAV_NAMES, random) : pickOne(URL_VALUES, random);

function davRequests(
  context: FuzzContext,
  roles: Record<string, Role>,
  basic: string,
): FuzzRequest[] {
  const { random } = context;
  const requests: FuzzRequest[] = [];
  for (let index = 0; index < DAV_REQUESTS; index += 1) {
    const method = pickOne(DAV_METHODS, random);
    const depth = random() < 0.7 ? 1 : 2;
    const segments = Array.from({ length: depth }, () => davSegment(random));
    const identifier = random() < 0.9 ? FILES_MEDIUM : pickOne(URL_VALUES, random);
    const url = `/dav/${identifier}/${segments.join('/')}${random() < 0.2 ? '/' : ''}`;
    const roleChoice = random();
    const headers: Record<string, string> =
      roleChoice < 0.7
        ? { authorization: basic }
        : { ...pickOne(Object.values(roles), random).headers };
    if (method === 'COPY' || method === 'MOVE' || random() < 0.3) {
      Object.assign(headers, pickOne(DAV_HEADERS, random));
    }
    if (random() < 0.3) {
      Object.assign(headers, pickOne(DAV_HEADERS, random));
    }
    if ((method === 'COPY' || method === 'MOVE') && headers.destination === undefined) {
      headers.destination = `/dav/${FILES_MEDIUM}/${davSegment(random)}`;
    }
    let body: string | Buffer | undefined;
    if (['PROPFIND', 'PROPPATCH', 'LOCK', 'UNLOCK', 'MKCOL'].includes(method) && random() < 0.7) {
      body = pickOne(XML_BODIES, random);
      headers['content-type'] ??= 'application/xml';
    } else if (method === 'PUT') {
      body =
        random() < 0.8
          ? 'Inhalt'
          : pickOne(
              BODIES.filter((item) => item.length < 100_000),
              random,
            );
    }
    if (headers['content-length'] !== undefined) {
      // A length no parser takes (a shorter valid one would leave the request waiting).
      body = 'x';
    }
    requests.push({ method, url, headers, body });
  }
  return requests;
}

/** Signed content addresses and covers with bad paths, tokens, queries and headers. */
function contentAndCoverRequests(context: FuzzContext, roles: Record<string, Role>): FuzzRequest[] {
  const { random } = context;
  const requests: FuzzRequest[] = [];
  for (let index = 0; index < CONTENT_REQUESTS; index += 1) {
    const role = pickOne(Object.values(roles), random);
    const headers: Record<string, string> = { ...role.headers };
    if (random() < 0.4) {
      Object.assign(headers, pickOne(HEADERS, random));
    }
    let url: string;
    if (random() < 0.5) {
      const identifier = random() < 0.7 ? FILES_MEDIUM : pickOne(URL_VALUES, random);
      const token = random() < 0.6 ? context.contentToken : pickOne(URL_VALUES, random);
      const file =
        random() < 0.3
          ? 'index.html'
          : Array.from({ length: 1 + Math.floor(random() * 3) }, () => davSegment(random)).join(
              '/',
            );
      url = `/content/${identifier}/${token}/${file}`;
    } else {
      const size = random() < 0.6 ? pickOne(COVER_SIZES, random) : pickOne(URL_VALUES, random);
      const file = random() < 0.5 ? `${FILES_MEDIUM}.jpg` : `${pickOne(URL_VALUES, random)}.jpg`;
      url = `/covers/${size}/${file}`;
      if (random() < 0.5) {
        url += `?nocache=${pickOne(URL_VALUES, random)}&t=${pickOne(URL_VALUES, random)}`;
      }
    }
    requests.push({ method: random() < 0.9 ? 'GET' : 'HEAD', url, headers });
  }
  return requests;
}

describe('Fuzzing every route with malformed requests (pglite)', () => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let origin: string;

  /** Sends the request exactly as written (no client normalises the path). */
  const send = (request: FuzzRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const headers = { ...request.headers };
      if (request.body !== undefined && headers['content-length'] === undefined) {
        // Framed in every method (Node sends a GET's body unframed otherwise).
        headers['content-length'] = String(Buffer.byteLength(request.body));
      }
      const outgoing = http.request(
        `${origin}/`,
        // A connection per request: an answer that closes its connection never hits the next one.
        { method: request.method, headers, agent: false, timeout: 20_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            resolve({
              status: response.statusCode ?? 0,
              contentType: response.headers['content-type'] ?? '',
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', reject);
        },
      );
      outgoing.path = request.url;
      outgoing.on('timeout', () => {
        outgoing.destroy(new Error('No answer within 20 s'));
      });
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });

  const demo = (label: string) => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.label.startsWith(label));
    if (!account) {
      throw new Error(`No demo account ${label}`);
    }
    return account;
  };
  const producerAccount = demo('Produzent');
  const basic = `Basic ${Buffer.from(`${producerAccount.email}:${producerAccount.password}`).toString('base64')}`;

  const browserHeaders = (client: SessionClient): Record<string, string> => ({
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': client.cookies.get('mk_csrf') ?? '',
  });

  let roles: Record<string, Role>;
  let contentToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await importMedia(database.db, [
      mediumRecord({ pool: 'fwu', fn_nr: 'F1', fn_titel: 'Dateien' }),
      mediumRecord({ pool: 'fwu', fn_nr: 'F2', fn_titel: 'Zweites' }),
      mediumRecord({ pool: 'fwu', fn_nr: 'F3', fn_titel: 'Drittes', fn_status: 'draft' }),
      mediumRecord({ pool: 'lernfilm', fn_nr: 'X1', fn_titel: 'Fremdes' }),
    ]);
    await afterMediaImport(database.db);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-fuzz-'));
    app = await buildApp({ db: database.db, files: { dataDir, maxFileSize: 1024 * 1024 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;

    // A few real files, a teaser, an index file and a ZIP.
    const teaser = await sharp({
      create: { width: 64, height: 36, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const put = (url: string, body?: string | Buffer, method = 'PUT') =>
      send({ method, url: `/dav/${FILES_MEDIUM}/${url}`, headers: { authorization: basic }, body });
    for (const [url, body, method] of [
      ['Ordner', undefined, 'MKCOL'],
      ['thumbs', undefined, 'MKCOL'],
      ['index.html', '<!doctype html><title>Film</title>', 'PUT'],
      ['Ordner/Datei.txt', 'Hallo', 'PUT'],
      ['thumbs/main.png', teaser, 'PUT'],
    ] as const) {
      expect((await put(url, body, method)).status, url).toBeLessThan(300);
    }
    const anonymous = new SessionClient(app);
    await anonymous.get('/api/v1/utils/features');
    const teacher = await demoClient(app, 'Lehrkraft');
    const producer = await demoClient(app, 'Produzent');
    // The teacher plays the medium through a licence of its own.
    await grantLicence(database.db, {
      licensee: { userId: await userId(database.db, 'lehrkraft@demo.medienkatalog.invalid') },
      scope: { mediaId: await mediumId(database.db, FILES_MEDIUM) },
      grantorPool: FILES_MEDIUM.split('-')[0]?.toLowerCase() ?? '',
    });
    expect(
      (
        await producer.put(`/api/v1/producer/media/${FILES_MEDIUM}/dirlist/index`, {
          fn_index: 'index.html',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await producer.post(`/api/v1/producer/media/${FILES_MEDIUM}/dirlist/zip`)).statusCode,
    ).toBe(200);
    const link = await teacher.get(`/api/v1/media/link/${FILES_MEDIUM}`);
    const direct = link.json<{ direct: string }>().direct;
    contentToken = direct.split('/')[3] ?? '';
    expect(contentToken).not.toBe('');
    roles = {
      anonymous: { name: 'anonymous', headers: browserHeaders(anonymous) },
      teacher: { name: 'teacher', headers: browserHeaders(teacher) },
      producer: { name: 'producer', headers: browserHeaders(producer) },
    };
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers no malformed request with 5xx, a stack trace or SQL', async () => {
    const random = seededRandom(SEED);
    const context: FuzzContext = { random, contentToken };
    await app.ready();
    const operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(30);

    const planned: { role: string; request: FuzzRequest }[] = [];
    for (const role of Object.values(roles)) {
      for (const operation of operations) {
        // Logging out would end the session the rest of the requests rely on.
        if (role.name !== 'anonymous' && operation.path === '/api/v1/auth/logout') {
          continue;
        }
        for (const request of operationRequests(operation, context)) {
          planned.push({
            role: role.name,
            request: { ...request, headers: { ...role.headers, ...request.headers } },
          });
        }
      }
    }
    for (const request of contentAndCoverRequests(context, roles)) {
      planned.push({ role: 'mixed', request });
    }
    for (const request of davRequests(context, roles, basic)) {
      planned.push({ role: 'mixed', request });
    }
    expect(planned.length).toBeGreaterThanOrEqual(2_000);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (const { role, request } of planned) {
      const shown = () =>
        `${role}: ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${
          request.body === undefined ? '' : JSON.stringify(request.body.toString().slice(0, 300))
        }`;
      let answer: Answer;
      try {
        answer = await send(request);
      } catch (error) {
        failures.push(`${shown()}\n  -> no answer: ${String(error)}`);
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problems: string[] = [];
      if (answer.status >= 500) {
        problems.push(`status ${String(answer.status)}`);
      }
      if (!/^(image\/|application\/zip)/.test(answer.contentType)) {
        for (const [name, pattern] of LEAKS) {
          if (pattern.test(answer.body)) {
            problems.push(name);
          }
        }
      }
      if (problems.length > 0) {
        failures.push(`${shown()}\n  -> ${problems.join(', ')}: ${answer.body.slice(0, 300)}`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const counts = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${String(status)}: ${String(count)}`);
    console.log(
      `Fuzz: ${String(planned.length)} requests in ${seconds.toFixed(1)} s (${counts.join(', ')})`,
    );
    expect(failures.slice(0, 40).join('\n'), `${String(failures.length)} failures`).toBe('');
  }, 120_000);
});
