import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { CodesRepository } from '../modules/licences/codes.repository.ts';
import { hashCode, newCode } from '../modules/licences/codes.service.ts';
import { LicencesRepository } from '../modules/licences/licences.repository.ts';
import { MediathekenRepository } from '../modules/licences/mediatheken.repository.ts';
import { DEMO_PRODUCERS } from './demo-catalogue.ts';
import { pickOne, seededRandom } from './random.ts';

/**
 * Codes of the demo producer that the demo accounts can redeem, printed at start with the
 * accounts (never in production: they are published). Each grants one more FWU film.
 */
export const DEMO_CODES = ['FWXD-EM2Q-6KXB-TZ7A', 'FWXD-EM3R-9PWC-HN4S', 'FWXD-EM5T-8XKD-VQ8G'];

export const DEMO_MEDIA_CENTRE = { name: 'Kreismedienzentrum Nord', context: 'mz/kreis-nord' };
export const DEMO_SCHOOLS = [
  { name: 'Gesamtschule Am Stadtpark', school_number: '100234' },
  { name: 'Grundschule Lindenweg', school_number: '100871' },
  { name: 'Gymnasium am Markt', school_number: '100455' },
];

const day = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

async function ids(db: Database, query: ReturnType<typeof sql>): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, query)).map((row) => row.id);
}

/**
 * The demo's organisations and licences, showing every case: the media centre holds a pool
 * licence from Lernfilm (passed on to the demo school, so its teacher and pupil play those
 * films) and counted licences from Naturfilm that run out in 20 days (not passed on: the teacher
 * cannot play them); FWU shares media with a grammar school, keeps two Mediatheken and a code
 * batch (the DEMO_CODES among its codes), and some of its media are open (OER); the schools
 * have months of use for the media centre's history. Runs once, after the demo accounts.
 */
export async function seedDemoLicences(db: Database): Promise<void> {
  const [present] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM organisations WHERE context_path = ${DEMO_MEDIA_CENTRE.context}) AS present`,
  );
  if (present?.present) {
    return;
  }
  const [centre] = await ids(
    db,
    sql`INSERT INTO organisations (kind, name, context_path, district)
        VALUES ('media_centre', ${DEMO_MEDIA_CENTRE.name}, ${DEMO_MEDIA_CENTRE.context}, 'kreis-nord')
        RETURNING id`,
  );
  if (centre === undefined) {
    throw new Error('The demo media centre was not created');
  }
  const schools: number[] = [];
  for (const school of DEMO_SCHOOLS) {
    const [id] = await ids(
      db,
      sql`INSERT INTO organisations (kind, name, school_number, district, media_centre_id)
          VALUES ('school', ${school.name}, ${school.school_number}, 'kreis-nord', ${centre})
          RETURNING id`,
    );
    if (id !== undefined) {
      schools.push(id);
    }
  }
  const [stadtpark = 0, lindenweg = 0, markt = 0] = schools;
  for (const producer of DEMO_PRODUCERS) {
    await db.execute(
      sql`INSERT INTO organisations (kind, name, context_path, pool)
          VALUES ('producer', ${producer.name}, ${`admin/${producer.pool}`}, ${producer.pool})`,
    );
  }
  // The demo accounts join their organisations.
  await db.execute(
    sql`UPDATE users SET organisation_id = CASE
          WHEN context = ${DEMO_MEDIA_CENTRE.context} OR district_admin = '1' THEN ${centre}
          WHEN context LIKE 'admin/%' THEN
            (SELECT id FROM organisations WHERE context_path = users.context)
          WHEN schulname = ${DEMO_SCHOOLS[0]?.name ?? ''} THEN ${stadtpark}
          ELSE organisation_id END
        WHERE email LIKE '%@demo.medienkatalog.invalid'`,
  );

  const published = (pool: string, limit: number, offset = 0) =>
    ids(
      db,
      sql`SELECT id FROM media WHERE pool = ${pool} AND fn_status = 'published'
          ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
    );
  const licences = new LicencesRepository(db);

  // Open media: a few of FWU's under Creative Commons, two of Lernfilm's free for all schools.
  const open = await published('fwu', 4, 40);
  await db.execute(
    sql`UPDATE media SET open_access = CASE WHEN id % 2 = 0 THEN 'CC BY 4.0' ELSE 'CC BY-SA 4.0' END
        WHERE id IN ${open}`,
  );
  await db.execute(
    sql`UPDATE media SET open_access = 'frei' WHERE id IN ${await published('schulmedia', 2)}`,
  );

  // The media centre's licences, one passed on to the demo school.
  const [lernfilm] = await licences.insert([
    {
      licensee: { organisationId: centre },
      scope: { pool: 'lernfilm' },
      grantorPool: 'lernfilm',
      validFrom: day(-200),
      validUntil: day(365),
      rights: 'download',
      uses: null,
      origin: 'share',
    },
  ]);
  await licences.insert([
    {
      licensee: { organisationId: stadtpark },
      scope: { pool: 'lernfilm' },
      grantorPool: 'lernfilm',
      validFrom: day(-200),
      validUntil: day(365),
      rights: 'download',
      uses: null,
      origin: 'assignment',
      parentId: lernfilm,
    },
  ]);
  await licences.insert(
    (await published('naturfilm', 6)).map((mediaId) => ({
      licensee: { organisationId: centre },
      scope: { mediaId },
      grantorPool: 'naturfilm',
      validFrom: day(-340),
      validUntil: day(20),
      rights: 'stream' as const,
      uses: 50,
      origin: 'share' as const,
    })),
  );

  // FWU: shares with the grammar school, two Mediatheken (one shared with the media centre).
  const fwu = await published('fwu', 40);
  await licences.insert(
    fwu.slice(0, 8).map((mediaId) => ({
      licensee: { organisationId: markt },
      scope: { mediaId },
      grantorPool: 'fwu',
      validFrom: day(-30),
      validUntil: day(335),
      rights: 'download' as const,
      uses: null,
      origin: 'share' as const,
    })),
  );
  const mediatheken = new MediathekenRepository(db);
  const biology = await mediatheken.save(
    'fwu',
    {
      name: 'Biologie Sekundarstufe I',
      path: 'fwu/biologie-sek1',
      description: 'Filme und Arbeitsblätter für den Biologieunterricht der Klassen 5 bis 10.',
    },
    fwu.slice(8, 20),
  );
  await mediatheken.save(
    'fwu',
    {
      name: 'Mathematik entdecken',
      path: 'fwu/mathematik',
      description: 'Anschauliche Mathematik für die Grundschule.',
    },
    fwu.slice(20, 28),
  );
  if (biology !== undefined) {
    await licences.insert([
      {
        licensee: { organisationId: centre },
        scope: { mediathekId: biology },
        grantorPool: 'fwu',
        validFrom: day(-10),
        validUntil: day(355),
        rights: 'stream',
        uses: null,
        origin: 'share',
      },
    ]);
  }

  // The code batch: the published demo codes and a few others, each for one more FWU film.
  const [coded] = fwu.slice(30, 31);
  const [producer] = await ids(db, sql`SELECT id FROM users WHERE context = 'admin/fwu' LIMIT 1`);
  if (coded !== undefined && producer !== undefined) {
    await new CodesRepository(db).createBatch({
      pool: 'fwu',
      label: 'Demo-Codes für die Fortbildung',
      scopes: [{ mediaId: coded }],
      validFrom: null,
      validUntil: day(365),
      rights: 'download',
      uses: null,
      createdBy: producer,
      codeHashes: [...DEMO_CODES, ...Array.from({ length: 7 }, newCode)].map(hashCode),
    });
  }

  await seedHistory(db, [stadtpark, lindenweg, markt]);
}

/** Months of plays, downloads and views by pupils of the district's schools (deterministic). */
async function seedHistory(db: Database, schools: number[]): Promise<void> {
  const random = seededRandom(20261123);
  const pupils: { id: number; school: number }[] = [];
  for (const [index, school] of schools.entries()) {
    for (let pupil = 1; pupil <= 4; pupil += 1) {
      // Accounts of the history only: their password hash matches no password.
      const [id] = await ids(
        db,
        sql`INSERT INTO users (email, password_hash, vorname, name, role, organisation_id,
              email_confirmed_at)
            VALUES (${`nutzung-${String(index + 1)}-${String(pupil)}@demo.medienkatalog.invalid`},
              '!', 'Demo', ${`Nutzung ${String(pupil)}`}, '', ${school}, now())
            RETURNING id`,
      );
      if (id !== undefined) {
        pupils.push({ id, school });
      }
    }
  }
  const media = await ids(
    db,
    sql`SELECT id FROM media WHERE pool IN ('lernfilm', 'naturfilm') AND fn_status = 'published'
        ORDER BY id LIMIT 30`,
  );
  const uses: ReturnType<typeof sql>[] = [];
  const views: ReturnType<typeof sql>[] = [];
  for (let offset = 1; offset <= 180; offset += 1) {
    for (const pupil of pupils) {
      if (random() > 0.15) {
        continue;
      }
      const medium = pickOne(media, random);
      const date = day(-offset);
      views.push(sql`(${pupil.id}, ${medium}, ${`${date}T10:00:00Z`}::timestamptz)`);
      uses.push(sql`(${pupil.id}, ${medium}, 'play', ${date}::date, ${pupil.school})`);
      if (random() < 0.3) {
        uses.push(sql`(${pupil.id}, ${medium}, 'download', ${date}::date, ${pupil.school})`);
      }
    }
  }
  if (views.length > 0) {
    await db.execute(
      sql`INSERT INTO views (user_id, media_id, viewed_at) VALUES ${sql.join(views, sql`, `)}
          ON CONFLICT DO NOTHING`,
    );
    await db.execute(
      sql`INSERT INTO media_uses (user_id, media_id, kind, day, organisation_id)
          VALUES ${sql.join(uses, sql`, `)} ON CONFLICT DO NOTHING`,
    );
  }
}
