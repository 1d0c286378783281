import { sql, type SQL } from 'drizzle-orm';

/**
 * The rules of a licence in SQL, written once: every query that asks "does a licence cover this
 * medium today" (the access policy's facts, the cards' playability, a media centre's preview)
 * uses these fragments. Aliases are the caller's table aliases.
 */

/** Today in German time: licences are valid from and until whole days. */
const TODAY = `(now() AT TIME ZONE 'Europe/Berlin')::date`;
export const today = sql.raw(TODAY);

const ownTerms = (alias: string) =>
  `${alias}.revoked_at IS NULL` +
  ` AND (${alias}.valid_from IS NULL OR ${alias}.valid_from <= ${TODAY})` +
  ` AND (${alias}.valid_until IS NULL OR ${alias}.valid_until >= ${TODAY})`;

/**
 * Licence `l` is in force today: not revoked, within its days; a licence passed on (its parent
 * `p`, joined by the caller with `LEFT JOIN licences p ON p.id = l.parent_id`) also needs its
 * parent in force.
 */
export function inForce(l: string, p: string): SQL {
  return sql.raw(`(${ownTerms(l)} AND (${p}.id IS NULL OR (${ownTerms(p)})))`);
}

/** Licence `l` covers medium `m`: the medium itself, its pool, or a Mediathek holding it. */
export function covers(l: string, m: string): SQL {
  return sql.raw(
    `(${l}.media_id = ${m}.id OR ${l}.pool = ${m}.pool OR ${l}.mediathek_id IN ` +
      `(SELECT mm.mediathek_id FROM mediathek_media mm WHERE mm.media_id = ${m}.id))`,
  );
}
