import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';

/** The signed-in user of the benchmark: a teacher of a school with many licences. */
export const BENCH_TEACHER = { email: 'lehrkraft@bench.invalid', password: 'Bench-Lehrkraft-2026' };

/** Licences of the benchmark catalogue (issue 13: 100,000 at a million media). */
export const BENCH_LICENCES = 100_000;
const SCHOOLS = 200;

/**
 * A media centre with 200 schools and 100,000 licences among them (media licences of random media,
 * a few pool licences, passed-on copies), the teacher's school among the busiest; a Mediathek of
 * every 100th medium for filter_lizenzen. Runs once per database.
 */
export async function ensureLicences(db: Database): Promise<void> {
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM licences`);
  if ((count?.n ?? 0) >= BENCH_LICENCES) {
    return;
  }
  const started = performance.now();
  await db.execute(sql`TRUNCATE licences, organisations, mediatheken CASCADE`);
  await db.execute(sql`DELETE FROM users WHERE email = ${BENCH_TEACHER.email}`);
  await db.execute(
    sql`INSERT INTO organisations (kind, name, context_path, district)
        VALUES ('media_centre', 'Bench-Medienzentrum', 'mz/bench', 'bench')`,
  );
  await db.execute(
    sql`INSERT INTO organisations (kind, name, school_number, district, media_centre_id)
        SELECT 'school', 'Bench-Schule ' || n, (900000 + n)::text, 'bench',
               (SELECT id FROM organisations WHERE context_path = 'mz/bench')
        FROM generate_series(1, ${SCHOOLS}) AS n`,
  );
  const [media] = await queryRows<{ n: number; first: number }>(
    db,
    sql`SELECT count(*)::int AS n, min(id)::int AS first FROM media`,
  );
  const total = media?.n ?? 0;
  const first = media?.first ?? 1;
  // Media licences: every school gets ~500 random media (ids are dense after a load).
  await db.execute(
    sql`INSERT INTO licences (licensee_organisation_id, media_id, grantor_pool, rights, origin,
          valid_until)
        SELECT o.id, m.id, m.pool, CASE WHEN n % 3 = 0 THEN 'stream' ELSE 'download' END, 'share',
               (now() + interval '1 year')::date
        FROM (SELECT n, ${first} + ((n * 7919) % ${total}) AS media_id,
                     (n % ${SCHOOLS}) AS school FROM generate_series(1, ${BENCH_LICENCES - 40}) AS n) s
        JOIN LATERAL (SELECT id FROM organisations WHERE kind = 'school'
                      ORDER BY id OFFSET s.school LIMIT 1) o ON true
        JOIN media m ON m.id = s.media_id`,
  );
  // A few pool licences.
  await db.execute(
    sql`INSERT INTO licences (licensee_organisation_id, pool, grantor_pool, rights, origin)
        SELECT o.id, p.pool, p.pool, 'stream', 'share'
        FROM (SELECT id FROM organisations WHERE kind = 'school' ORDER BY id LIMIT 20) o,
             (SELECT DISTINCT pool FROM media ORDER BY pool LIMIT 2) p`,
  );
  const [school] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM organisations WHERE kind = 'school' ORDER BY id LIMIT 1`,
  );
  await db.execute(
    sql`INSERT INTO users (email, password_hash, vorname, name, role, organisation_id,
          email_confirmed_at)
        VALUES (${BENCH_TEACHER.email}, ${await hashPassword(BENCH_TEACHER.password)}, 'Bench',
                'Lehrkraft', 'L', ${school?.id ?? null}, now())`,
  );
  await db.execute(
    sql`INSERT INTO mediatheken (pool, name, path) VALUES ('bench', 'Bench', 'mz/bench/mediathek')`,
  );
  await db.execute(
    sql`INSERT INTO mediathek_media (mediathek_id, media_id)
        SELECT (SELECT id FROM mediatheken WHERE path = 'mz/bench/mediathek'), id
        FROM media WHERE id % 100 = 0`,
  );
  // Statistics for the planner at once (autovacuum would take its time): without them it
  // expected 51 media in the Mediathek instead of 10,000 and checked each one's search vector.
  await db.execute(sql`ANALYZE licences, mediatheken, mediathek_media`);
  const [loaded] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM licences`);
  console.log(
    `loaded ${String(loaded?.n)} licences in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Media the bench teacher's school holds licences for: link calls that answer 200. */
export async function licensedIdentifiers(db: Database, limit: number): Promise<string[]> {
  const rows = await queryRows<{ identifier: string }>(
    db,
    sql`SELECT m.identifier FROM licences l JOIN media m ON m.id = l.media_id
        JOIN users u ON u.organisation_id = l.licensee_organisation_id
        WHERE u.email = ${BENCH_TEACHER.email} AND m.fn_status = 'published'
        ORDER BY m.id LIMIT ${limit}`,
  );
  return rows.map((row) => row.identifier);
}
