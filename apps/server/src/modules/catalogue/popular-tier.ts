/**
 * The popular tier: an index of the search vectors of only the most popular tenth of the
 * published media, a partial index `WHERE popularity >= floor`. The most popular matches of a
 * broad query lie in it whenever it holds enough of them, and reading them there costs a tenth:
 * the RUM index sorts a word's whole posting list before its first row ('Teich', 82,000 media at
 * a million: 17-24 ms; 2 ms from the tier), GIN's bitmap of a slice of the popularity index
 * collects all of the word's entries first (16 ms; 1.3 ms from the tier). A query states the
 * floor (`popularity >= floor` or a higher popularity) and the planner takes the tier's index;
 * whatever it finds there is exact, as every medium outside is less popular than every medium in
 * it. Popularity grows with use, so the tier's share drifts: it is built again with a new floor
 * once it holds fewer than 5 % or more than 20 % of the media (maintainPopularTier). Its index
 * is POPULAR_TIER_INDEX.
 */
import { sql } from 'drizzle-orm';
import { withServerSessions, type Database } from '../../db/client.ts';
import { CatalogueRepository, POPULAR_TIER_INDEX } from './catalogue.repository.ts';

/** The share of the published media the tier is built for, and how far it may drift. */
export const TIER_SHARE = { built: 0.1, least: 0.05, most: 0.2 } as const;

/**
 * The popularity above which about `share` of the media lie, from the planner's histogram
 * (ascending bounds that split the media into parts of equal size; the most common values are
 * left out of it, so a floor is a little lower than exact), or undefined when that is about every
 * medium or there is no histogram.
 */
export function floorForShare(bounds: readonly number[], share: number): number | undefined {
  const parts = bounds.length - 1;
  const index = Math.floor(parts * (1 - share));
  const floor = bounds[index];
  const least = bounds[0];
  return index <= 0 || floor === undefined || least === undefined || floor <= least
    ? undefined
    : floor;
}

/**
 * About the share of the media at least `floor` popular, from the planner's histogram: the parts
 * above the floor's, and of its own part as much as lies above the floor (linearly).
 */
export function shareAtLeast(bounds: readonly number[], floor: number): number {
  const parts = bounds.length - 1;
  const index = bounds.findIndex((bound) => bound >= floor);
  if (parts < 1 || index < 0) {
    return 0;
  }
  const upper = bounds[index] ?? floor;
  const lower = bounds[index - 1] ?? upper;
  const partAbove = upper > lower ? (upper - floor) / (upper - lower) : 0;
  return (parts - index + partAbove) / parts;
}

/** Working memory of the tier's build (the whole tier sorted at once: 8 s at a million media). */
const BUILD_MEMORY = '256MB';

/** The key of the advisory lock one instance holds while it builds the tier. */
const TIER_LOCK = 7_301_019;

/**
 * Builds the popular tier's index when it is missing or its share drifted out of TIER_SHARE
 * (after a bulk import, at start and every hour), from the planner's histogram of popularity: the
 * words' own index (buildStatements) for the tier's media. Without a histogram
 * (a table never analysed) or a floor (popularity about the same everywhere), an existing tier
 * is dropped. The new index is built beside the old one without blocking writes and takes its
 * name; on the PostgreSQL server one instance at a time (an advisory lock; the others skip).
 * Answers what it did.
 */
export async function maintainPopularTier(db: Database): Promise<'kept' | 'built' | 'dropped'> {
  const repository = new CatalogueRepository(db);
  const bounds = await repository.popularityBounds();
  const current = await repository.popularTierFloor();
  if (current !== undefined) {
    const share = shareAtLeast(bounds, current);
    if (share >= TIER_SHARE.least && share <= TIER_SHARE.most) {
      return 'kept';
    }
  }
  const floor = floorForShare(bounds, TIER_SHARE.built);
  if (floor === undefined && current === undefined) {
    return 'kept';
  }
  const statements =
    floor === undefined
      ? [`DROP INDEX CONCURRENTLY IF EXISTS ${POPULAR_TIER_INDEX}`]
      : await buildStatements(repository, floor);
  if (statements.length === 0) {
    return 'kept';
  }
  const run = async (execute: (statement: string) => Promise<unknown>) => {
    await execute(`SET maintenance_work_mem = '${BUILD_MEMORY}'`);
    try {
      for (const statement of statements) {
        await execute(statement);
      }
    } finally {
      await execute('RESET maintenance_work_mem');
    }
  };
  const done = await withServerSessions(db, 1, async ([session]) => {
    if (!session) {
      return false;
    }
    const [lock] = await session.execute(
      `SELECT pg_try_advisory_lock(${String(TIER_LOCK)}) AS taken`,
    );
    if (lock?.taken !== true) {
      return false;
    }
    try {
      await run((statement) => session.execute(statement));
    } finally {
      await session.execute(`SELECT pg_advisory_unlock(${String(TIER_LOCK)})`);
    }
    return true;
  });
  if (done === undefined) {
    // PGlite: one process.
    await run((statement) => db.execute(sql.raw(statement)));
  } else if (!done) {
    return 'kept';
  }
  return floor === undefined ? 'dropped' : 'built';
}

/**
 * The statements that build the tier beside the old one and give it the tier's name: the words'
 * own index (RUM with popularity, migration 0016, or else GIN, migration 0026: the migrations
 * stay the one source of its definition) restricted to the media at least `floor` popular.
 * Nothing when the words have no index of their own.
 */
async function buildStatements(repository: CatalogueRepository, floor: number): Promise<string[]> {
  const definition = await repository.wordIndexDefinition();
  // ' USING method (columns) [WITH (options)]', without the index's own condition.
  const using = definition && /\sUSING\s.*?(?=\sWHERE\s|$)/s.exec(definition)?.[0];
  if (!using) {
    return [];
  }
  const next = `${POPULAR_TIER_INDEX}_next`;
  const where = `WHERE fn_status = 'published' AND popularity >= ${String(Math.trunc(floor))}`;
  return [
    // One left over by a build that was interrupted.
    `DROP INDEX CONCURRENTLY IF EXISTS ${next}`,
    `CREATE INDEX CONCURRENTLY ${next} ON media${using} ${where}`,
    `DROP INDEX CONCURRENTLY IF EXISTS ${POPULAR_TIER_INDEX}`,
    `ALTER INDEX ${next} RENAME TO ${POPULAR_TIER_INDEX}`,
  ];
}
