import {
  CODE_ALPHABET,
  MESSAGES,
  type CatalogueItem,
  type CodeBatch,
  type CreatedCodeBatch,
  type Licence,
  type MediaLink,
  type Mediathek,
  type UsageRow,
} from '@medienkatalog/domain';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { AuthRepository } from '../src/modules/auth/auth.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { createLernfilmProducer, LERNFILM_PRODUCER, mediumRecord } from './support/factories.ts';
import {
  createOrganisation,
  grantLicence,
  joinOrganisation,
  mediumId,
  userId,
} from './support/licences.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const film = (pool: string, fnNr: string, title: string, status = 'published') =>
  mediumRecord({
    pool,
    fn_nr: fnNr,
    fn_titel: title,
    fn_prodname: pool.toUpperCase(),
    fn_status: status as 'published',
  });
const fixtures = [
  film('lernfilm', 'A1', 'Vulkane der Eifel'),
  film('lernfilm', 'A2', 'Gletscher der Alpen'),
  film('lernfilm', 'A3', 'Wüsten der Erde'),
  film('fwu', 'B1', 'Die Zelle'),
  film('fwu', 'B2', 'Der Blutkreislauf'),
  film('fwu', 'B3', 'Das Herz'),
  film('fwu', 'B4', 'Die Lunge'),
  film('fwu', 'B5', 'Das Auge', 'draft'),
  film('naturfilm', 'C1', 'Der Rotmilan'),
];
const LINK = '/api/v1/media/link';
const message = (answer: { json: () => unknown }) => (answer.json() as { message: string }).message;
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds)('licences (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let centre: number;
  let school: number;
  let otherSchool: number;
  let producer: SessionClient;
  let teacher: SessionClient;
  let student: SessionClient;
  let mediaCentre: SessionClient;
  let lernfilm: SessionClient;

  const newUser = async (email: string, organisationId: number | null) => {
    const password = 'Ein-Test-Passwort-2026';
    await new AuthRepository(database.db).createUser({
      email,
      password_hash: await hashPassword(password),
      vorname: 'Test',
      name: email.split('@')[0] ?? '',
      role: 'L',
      schulname: '',
      organisation_id: organisationId,
      confirmed: true,
    });
    const client = new SessionClient(app);
    const login = await client.post('/api/v1/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    return client;
  };
  const play = (client: SessionClient, identifier: string, purpose = 'play') =>
    client.get(`${LINK}/${identifier}?purpose=${purpose}`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    const db = database.db;
    centre = await createOrganisation(db, {
      kind: 'media_centre',
      name: 'Kreismedienzentrum Nord',
      context: 'mz/kreis-nord',
    });
    school = await createOrganisation(db, {
      kind: 'school',
      name: 'Gesamtschule Am Stadtpark',
      schoolNumber: '100234',
      mediaCentreId: centre,
    });
    otherSchool = await createOrganisation(db, {
      kind: 'school',
      name: 'Schule ohne Medienzentrum',
      schoolNumber: '999001',
    });
    await createOrganisation(db, {
      kind: 'producer',
      name: 'FWU',
      pool: 'fwu',
      context: 'admin/fwu',
    });
    for (const email of ['lehrkraft', 'schuelerin', 'schuladmin']) {
      await joinOrganisation(db, `${email}@demo.medienkatalog.invalid`, school);
    }
    await joinOrganisation(db, 'medienzentrum@demo.medienkatalog.invalid', centre);
    await joinOrganisation(db, 'kreisadmin@demo.medienkatalog.invalid', centre);
    await createLernfilmProducer(db);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-licences-'));
    app = await buildApp({
      db,
      files: { dataDir, contentSecret: 'licences-test-secret'.padEnd(40, 'x') },
    });
    // Every medium has one film to play.
    const storage = new FileStorage(dataDir);
    for (const record of fixtures) {
      const folder = storage.folder(await mediumId(db, `${record.pool}-${record.fn_nr}`));
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'film.mp4'), 'film');
    }
    producer = await demoClient(app, 'Produzent');
    teacher = await demoClient(app, 'Lehrkraft');
    student = await demoClient(app, 'Schülerin');
    mediaCentre = await demoClient(app, 'Medienzentrum');
    lernfilm = new SessionClient(app);
    await lernfilm.post('/api/v1/auth/login', LERNFILM_PRODUCER);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('lets a producer share its pool with a media centre, which passes it on to a school whose teacher plays', async () => {
    // Nobody but the producer plays an unlicensed medium; the answer says how to get access.
    const refused = await play(teacher, 'LERNFILM-A1');
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(MESSAGES.licences.noAccess);
    expect((await play(lernfilm, 'LERNFILM-A1')).statusCode).toBe(200);

    const found = await lernfilm.get('/api/v1/producer/organisations?q=kreismedien');
    expect(found.json<{ id: number; name: string }[]>().map((o) => o.name)).toEqual([
      'Kreismedienzentrum Nord',
    ]);
    expect(
      (await lernfilm.get('/api/v1/producer/organisations?q=100234')).json<{ id: number }[]>(),
    ).toEqual([expect.objectContaining({ id: school })]);
    const shared = await lernfilm.post('/api/v1/producer/shares', {
      organisation_ids: [centre],
      scope: { kind: 'pool' },
      terms: { valid_until: nextYear(), rights: 'download' },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const [share] = shared.json<Licence[]>();
    expect(share).toMatchObject({
      origin: 'share',
      licensee: { name: 'Kreismedienzentrum Nord', organisation_kind: 'media_centre' },
      scope: { kind: 'pool', label: 'Alle Medien von LERNFILM' },
      rights: 'download',
      revoked: false,
    });
    // The media centre's own staff play it; the school's teacher not yet.
    expect((await play(mediaCentre, 'LERNFILM-A1')).statusCode).toBe(200);
    expect((await play(teacher, 'LERNFILM-A1')).statusCode).toBe(403);

    const desk = await mediaCentre.get('/api/v1/mz/licences');
    expect(desk.json<Licence[]>().map((licence) => licence.id)).toContain(share?.id);
    expect((await mediaCentre.get('/api/v1/mz/schools')).json<{ id: number }[]>()).toEqual([
      expect.objectContaining({ id: school, name: 'Gesamtschule Am Stadtpark' }),
    ]);
    // Only to schools it serves.
    const elsewhere = await mediaCentre.post(
      `/api/v1/mz/licences/${String(share?.id)}/assignments`,
      {
        school_ids: [otherSchool],
      },
    );
    expect(elsewhere.statusCode).toBe(400);
    const passed = await mediaCentre.post(`/api/v1/mz/licences/${String(share?.id)}/assignments`, {
      school_ids: [school],
    });
    expect(passed.statusCode, passed.body).toBe(201);
    const [assignment] = passed.json<Licence[]>();
    expect(assignment).toMatchObject({ origin: 'assignment', parent_id: share?.id });

    const links = await play(teacher, 'LERNFILM-A1');
    expect(links.statusCode).toBe(200);
    expect((await play(student, 'LERNFILM-A2')).statusCode).toBe(200);
    // Cards tell the user what plays for them.
    const cards = (await teacher.get('/api/v1/media/catalogue/search?q=Vulkane')).json<
      CatalogueItem[]
    >();
    expect(cards[0]).toMatchObject({
      identifier: 'LERNFILM-A1',
      access: 'licence',
      download: true,
    });
    const anonymous = (
      await new SessionClient(app).get('/api/v1/media/catalogue/search?q=Vulkane')
    ).json<CatalogueItem[]>();
    expect(anonymous[0]).toMatchObject({ access: null, download: false });

    // Withdrawn by the media centre: the school's addresses stop at once.
    const address = links.json<MediaLink>().direct ?? '';
    expect((await teacher.get(address)).statusCode).toBe(200);
    expect(
      (await mediaCentre.delete(`/api/v1/mz/licences/${String(assignment?.id)}`)).statusCode,
    ).toBe(204);
    expect((await play(teacher, 'LERNFILM-A1')).statusCode).toBe(403);
    expect((await teacher.get(address)).statusCode).toBe(403);
    // Passed on again, then the producer withdraws its share: everything below it ends too.
    await mediaCentre.post(`/api/v1/mz/licences/${String(share?.id)}/assignments`, {
      school_ids: [school],
    });
    expect((await play(teacher, 'LERNFILM-A1')).statusCode).toBe(200);
    // Another producer cannot withdraw it; the owner can.
    expect((await producer.delete(`/api/v1/producer/shares/${String(share?.id)}`)).statusCode).toBe(
      404,
    );
    expect((await lernfilm.delete(`/api/v1/producer/shares/${String(share?.id)}`)).statusCode).toBe(
      204,
    );
    expect((await play(teacher, 'LERNFILM-A1')).statusCode).toBe(403);
    expect((await play(mediaCentre, 'LERNFILM-A1')).statusCode).toBe(403);
    expect(
      (await lernfilm.get('/api/v1/producer/shares'))
        .json<Licence[]>()
        .find((l) => l.id === share?.id),
    ).toMatchObject({ revoked: true });
  });

  it('ends expired licences at once, also the addresses they gave', async () => {
    const teacherId = await userId(database.db, 'lehrkraft@demo.medienkatalog.invalid');
    const licence = await grantLicence(database.db, {
      licensee: { userId: teacherId },
      scope: { mediaId: await mediumId(database.db, 'FWU-B1') },
      grantorPool: 'fwu',
    });
    const links = (await play(teacher, 'FWU-B1')).json<MediaLink>();
    expect(links.direct).toMatch(new RegExp(`/play\\.\\d+\\.${String(licence)}\\.`));
    await database.db.execute(
      sql`UPDATE licences SET valid_until = ${yesterday()} WHERE id = ${licence}`,
    );
    expect((await play(teacher, 'FWU-B1')).statusCode).toBe(403);
    const address = await app.inject({ method: 'GET', url: links.direct ?? '/' });
    expect(address.statusCode).toBe(403);
    // Not yet valid either.
    await database.db.execute(
      sql`UPDATE licences SET valid_from = ${nextYear()}, valid_until = NULL WHERE id = ${licence}`,
    );
    expect((await play(teacher, 'FWU-B1')).statusCode).toBe(403);
  });

  it('shows at once what another instance changed of the licences', async () => {
    // Written straight into the database, as another server instance would. The detail page
    // takes the cards' way (withCounters) without an answer cache in front of it.
    const card = async () =>
      (await teacher.get('/api/v1/media/NATURFILM-C1')).json<CatalogueItem>();
    expect(await card()).toMatchObject({ identifier: 'NATURFILM-C1', access: 'none' });
    const teacherId = await userId(database.db, 'lehrkraft@demo.medienkatalog.invalid');
    const licence = await grantLicence(database.db, {
      licensee: { userId: teacherId },
      scope: { pool: 'naturfilm' },
      grantorPool: 'naturfilm',
      rights: 'stream',
      uses: 3,
    });
    expect(await card()).toMatchObject({ access: 'licence', download: false, remaining: 3 });
    await database.db.execute(sql`UPDATE licences SET remaining = 1 WHERE id = ${licence}`);
    expect(await card()).toMatchObject({ access: 'licence', remaining: 1 });
    await database.db.execute(sql`UPDATE licences SET revoked_at = now() WHERE id = ${licence}`);
    expect(await card()).toMatchObject({ access: 'none', remaining: null });
  });

  it('counts a use once per user, medium and day and stops at zero', async () => {
    const two = await createOrganisation(database.db, {
      kind: 'school',
      name: 'Zwei-Nutzungen-Schule',
    });
    await grantLicence(database.db, {
      licensee: { organisationId: two },
      scope: { mediaId: await mediumId(database.db, 'FWU-B2') },
      grantorPool: 'fwu',
      uses: 2,
    });
    const first = await newUser('nutzung-eins@test.invalid', two);
    const second = await newUser('nutzung-zwei@test.invalid', two);
    const third = await newUser('nutzung-drei@test.invalid', two);
    const remaining = async (client: SessionClient) =>
      (await client.get('/api/v1/media/catalogue/search?q=Blutkreislauf')).json<
        CatalogueItem[]
      >()[0]?.remaining;
    expect(await remaining(first)).toBe(2);
    for (let call = 0; call < 3; call += 1) {
      expect((await play(first, 'FWU-B2')).statusCode).toBe(200);
    }
    expect(await remaining(first)).toBe(1);
    expect((await play(second, 'FWU-B2')).statusCode).toBe(200);
    expect(await remaining(third)).toBe(0);
    const usedUp = await play(third, 'FWU-B2');
    expect(usedUp.statusCode).toBe(403);
    expect(message(usedUp)).toBe(MESSAGES.licences.usedUp);
    // Who used it today keeps playing it today.
    expect((await play(first, 'FWU-B2')).statusCode).toBe(200);
    // Concurrent first uses never spend more than there is.
    const race = await createOrganisation(database.db, { kind: 'school', name: 'Wettlauf-Schule' });
    await grantLicence(database.db, {
      licensee: { organisationId: race },
      scope: { mediaId: await mediumId(database.db, 'FWU-B3') },
      grantorPool: 'fwu',
      uses: 1,
    });
    const racers = [
      await newUser('wettlauf-1@test.invalid', race),
      await newUser('wettlauf-2@test.invalid', race),
      await newUser('wettlauf-3@test.invalid', race),
    ];
    const answers = await Promise.all(racers.map((racer) => play(racer, 'FWU-B3')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
  });

  it('offers downloads only where the licence grants them, and open media to every signed-in user', async () => {
    const streamer = await newUser('nur-streamen@test.invalid', null);
    await grantLicence(database.db, {
      licensee: { userId: await userId(database.db, 'nur-streamen@test.invalid') },
      scope: { mediaId: await mediumId(database.db, 'FWU-B4') },
      grantorPool: 'fwu',
      rights: 'stream',
    });
    const links = await play(streamer, 'FWU-B4');
    expect(links.statusCode).toBe(200);
    expect(links.json<MediaLink>().download).toBeNull();
    const download = await play(streamer, 'FWU-B4', 'download');
    expect(download.statusCode).toBe(403);
    expect(message(download)).toBe(MESSAGES.licences.noDownload);

    await database.db.execute(sql`UPDATE media SET open_access = 'CC BY 4.0' WHERE fn_nr = 'C1'`);
    expect((await play(streamer, 'NATURFILM-C1', 'download')).statusCode).toBe(200);
    expect((await new SessionClient(app).get(`${LINK}/NATURFILM-C1`)).statusCode).toBe(401);
    const card = (await streamer.get('/api/v1/media/catalogue/search?q=Rotmilan')).json<
      CatalogueItem[]
    >();
    expect(card[0]).toMatchObject({ access: 'open', download: true, open_access: 'CC BY 4.0' });
    // A draft stays hidden whatever anybody holds.
    expect((await play(streamer, 'FWU-B5')).statusCode).toBe(404);
  });

  it('makes codes that grant a licence when redeemed, once, with a German answer for every refusal', async () => {
    const made = await producer.post('/api/v1/producer/codes', {
      label: 'Fortbildung',
      scope: { kind: 'media', identifiers: ['FWU-B3'] },
      terms: { valid_until: nextYear(), rights: 'download' },
      count: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json<CreatedCodeBatch>();
    expect(batch.plain_codes).toHaveLength(3);
    for (const code of batch.plain_codes) {
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}(-[${CODE_ALPHABET}]{4}){3}$`));
    }
    expect(batch.codes.map((code) => code.state)).toEqual(['open', 'open', 'open']);
    // Stored hashed: the list never shows a code again.
    const listed = await producer.get('/api/v1/producer/codes');
    expect(listed.body).not.toContain(batch.plain_codes[0]?.replace(/-/g, ''));
    expect(listed.body).not.toContain(batch.plain_codes[0]);
    const [first = '', second = '', third = ''] = batch.plain_codes;

    const redeemer = await newUser('einloesen@test.invalid', null);
    expect((await play(redeemer, 'FWU-B3')).statusCode).toBe(403);
    // Typed in lower case without dashes, or as the QR code's link.
    const redeemed = await redeemer.post('/api/v1/user/redeem', {
      code: first.toLowerCase().replace(/-/g, ' '),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(message(redeemed)).toBe(MESSAGES.licences.codeRedeemed('Das Herz'));
    expect((await play(redeemer, 'FWU-B3')).statusCode).toBe(200);
    const again = await redeemer.post('/api/v1/user/redeem', { code: first });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(MESSAGES.licences.codeAlreadyYours);
    const other = await newUser('zweiter@test.invalid', null);
    const taken = await other.post('/api/v1/user/redeem', { code: first });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe(MESSAGES.licences.codeUsedUp);
    const qr = await other.post('/api/v1/user/redeem', {
      code: `http://localhost:8080/redeem?code=${second}`,
    });
    expect(qr.statusCode).toBe(200);
    // A link with a broken escape is an unknown code, not a server error.
    const broken = await other.post('/api/v1/user/redeem', {
      code: 'http://localhost:8080/redeem?code=%E0%A4%A',
    });
    expect(broken.statusCode).toBe(400);
    expect(message(broken)).toBe(MESSAGES.licences.codeUnknown);
    const mine = (await redeemer.get('/api/v1/user/licences')).json<Licence[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ origin: 'code', scope: { label: 'Das Herz' } });

    // Revoked: refused; a redeemed code cannot be revoked.
    const codes =
      (await producer.get('/api/v1/producer/codes')).json<CodeBatch[]>()[0]?.codes ?? [];
    expect(codes.map((code) => code.state)).toEqual(['redeemed', 'redeemed', 'open']);
    expect(
      (await producer.delete(`/api/v1/producer/codes/${String(codes[0]?.id)}`)).statusCode,
    ).toBe(409);
    expect(
      (await lernfilm.delete(`/api/v1/producer/codes/${String(codes[2]?.id)}`)).statusCode,
    ).toBe(404);
    expect(
      (await producer.delete(`/api/v1/producer/codes/${String(codes[2]?.id)}`)).statusCode,
    ).toBe(204);
    const revoked = await other.post('/api/v1/user/redeem', { code: third });
    expect(revoked.statusCode).toBe(400);
    expect(message(revoked)).toBe(MESSAGES.licences.codeRevoked);

    // Expired.
    const old = (
      await producer.post('/api/v1/producer/codes', {
        scope: { kind: 'pool' },
        terms: { valid_until: yesterday() },
        count: 1,
      })
    ).json<CreatedCodeBatch>();
    const expired = await other.post('/api/v1/user/redeem', { code: old.plain_codes[0] });
    expect(expired.statusCode).toBe(400);
    expect(message(expired)).toBe(MESSAGES.licences.codeExpired);
  });

  it('lets one of two users win a code redeemed by both at once', async () => {
    const [code] = (
      await producer.post('/api/v1/producer/codes', {
        scope: { kind: 'media', identifiers: ['FWU-B4'] },
        terms: {},
        count: 1,
      })
    ).json<CreatedCodeBatch>().plain_codes;
    const users = [
      await newUser('schnell-1@test.invalid', null),
      await newUser('schnell-2@test.invalid', null),
    ];
    const answers = await Promise.all(
      users.map((user) => user.post('/api/v1/user/redeem', { code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [licences] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM licences WHERE origin = 'code'
            AND media_id = ${await mediumId(database.db, 'FWU-B4')}`,
    );
    expect(licences?.n).toBe(1);
  });

  it('limits guessing codes: after ten wrong ones even a right code is refused', async () => {
    const [code] = (
      await producer.post('/api/v1/producer/codes', {
        scope: { kind: 'pool' },
        terms: {},
        count: 1,
      })
    ).json<CreatedCodeBatch>().plain_codes;
    const guesser = await newUser('rater@test.invalid', null);
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = await guesser.post('/api/v1/user/redeem', {
        code: `ABCD-EFGH-JKMN-PQ${String(guess)}${String(guess)}`,
      });
      expect(answer.statusCode).toBe(400);
      expect(message(answer)).toBe(MESSAGES.licences.codeUnknown);
    }
    const limited = await guesser.post('/api/v1/user/redeem', { code });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await new SessionClient(app).post('/api/v1/user/redeem', { code })).statusCode).toBe(
      401,
    );
  });

  it('keeps Mediatheken of own media whose contents the search shows by path, and grants by them', async () => {
    const created = await producer.post('/api/v1/producer/mediatheken', {
      name: 'Biologie',
      path: 'fwu/Biologie',
      description: 'Für die Sekundarstufe',
      identifiers: ['FWU-B1', 'fwu-b2'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const mediathek = created.json<Mediathek>();
    expect(mediathek).toMatchObject({ path: 'fwu/biologie', identifiers: ['FWU-B1', 'FWU-B2'] });
    expect(
      (
        await producer.post('/api/v1/producer/mediatheken', {
          name: 'Fremd',
          path: 'fwu/fremd',
          identifiers: ['LERNFILM-A1'],
        })
      ).statusCode,
    ).toBe(404);
    const taken = await producer.post('/api/v1/producer/mediatheken', {
      name: 'Doppelt',
      path: 'fwu/biologie',
    });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe(MESSAGES.licences.mediathekPathTaken('fwu/biologie'));
    const bad = await producer.post('/api/v1/producer/mediatheken', { name: 'X', path: '../etc' });
    expect(bad.statusCode).toBe(400);
    const noMediathek = await producer.post('/api/v1/producer/shares', {
      organisation_ids: [centre],
      scope: { kind: 'mediathek' },
      terms: {},
    });
    expect(noMediathek.statusCode).toBe(400);
    expect(message(noMediathek)).toBe(MESSAGES.licences.mediathek);

    const search = await teacher.get('/api/v1/media/catalogue/search?filter_lizenzen=fwu/biologie');
    expect(
      search
        .json<CatalogueItem[]>()
        .map((item) => item.identifier)
        .sort(),
    ).toEqual(['FWU-B1', 'FWU-B2']);
    expect((await teacher.get('/api/v1/mediatheken/by-path?path=fwu/biologie')).json()).toEqual({
      name: 'Biologie',
      path: 'fwu/biologie',
      description: 'Für die Sekundarstufe',
    });
    expect((await teacher.get('/api/v1/mediatheken/by-path?path=fwu/nichts')).statusCode).toBe(404);

    // A licence on the Mediathek covers exactly its media.
    const holder = await newUser('mediathek@test.invalid', null);
    await grantLicence(database.db, {
      licensee: { userId: await userId(database.db, 'mediathek@test.invalid') },
      scope: { mediathekId: mediathek.id },
      grantorPool: 'fwu',
    });
    expect((await play(holder, 'FWU-B2')).statusCode).toBe(200);
    expect((await play(holder, 'FWU-B3')).statusCode).toBe(403);
    const changed = await producer.put(`/api/v1/producer/mediatheken/${String(mediathek.id)}`, {
      name: 'Biologie',
      path: 'fwu/biologie',
      identifiers: ['FWU-B3'],
    });
    expect(changed.statusCode).toBe(200);
    expect((await play(holder, 'FWU-B2')).statusCode).toBe(403);
    expect((await play(holder, 'FWU-B3')).statusCode).toBe(200);
    expect(
      (await lernfilm.delete(`/api/v1/producer/mediatheken/${String(mediathek.id)}`)).statusCode,
    ).toBe(404);
    expect(
      (await producer.delete(`/api/v1/producer/mediatheken/${String(mediathek.id)}`)).statusCode,
    ).toBe(204);
    expect((await play(holder, 'FWU-B3')).statusCode).toBe(403);
  });

  it('shows a media centre what its schools used, per month, school and medium', async () => {
    const pupil = await newUser('historie@test.invalid', school);
    await grantLicence(database.db, {
      licensee: { organisationId: school },
      scope: { pool: 'naturfilm' },
      grantorPool: 'naturfilm',
    });
    await play(pupil, 'NATURFILM-C1');
    await play(pupil, 'NATURFILM-C1', 'download');
    await pupil.post('/api/v1/media/NATURFILM-C1/views');
    const history = await mediaCentre.get('/api/v1/mz/history');
    expect(history.statusCode, history.body).toBe(200);
    const row = history
      .json<UsageRow[]>()
      .find((candidate) => candidate.identifier === 'NATURFILM-C1');
    expect(row).toMatchObject({
      month: new Date().toISOString().slice(0, 7),
      school: 'Gesamtschule Am Stadtpark',
      school_number: '100234',
      title: 'Der Rotmilan',
      plays: 1,
      downloads: 1,
    });
    expect(row?.views).toBeGreaterThanOrEqual(1);
    const filtered = await mediaCentre.get('/api/v1/mz/history?medium=gletscher');
    expect(
      filtered.json<UsageRow[]>().every((candidate) => candidate.title === 'Gletscher der Alpen'),
    ).toBe(true);
    expect((await mediaCentre.get('/api/v1/mz/history?from=2026-13')).statusCode).toBe(400);
    expect((await teacher.get('/api/v1/mz/history')).statusCode).toBe(403);
  });

  it('shows school admins their school’s licences and district admins their district’s, read-only', async () => {
    const schoolAdmin = await demoClient(app, 'Schul-Admin');
    const districtAdmin = await demoClient(app, 'Kreis-Admin');
    const own = (await schoolAdmin.get('/api/v1/school/licences')).json<Licence[]>();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((licence) => licence.licensee.name === 'Gesamtschule Am Stadtpark')).toBe(
      true,
    );
    const district = (await districtAdmin.get('/api/v1/school/licences')).json<Licence[]>();
    expect(district.map((licence) => licence.id).sort()).toEqual(
      own.map((licence) => licence.id).sort(),
    );
    expect((await teacher.get('/api/v1/school/licences')).statusCode).toBe(403);
    expect((await schoolAdmin.get('/api/v1/mz/licences')).statusCode).toBe(403);
  });
});
