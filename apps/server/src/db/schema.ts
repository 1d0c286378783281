import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search document of a medium. mk_fold() (migration 0000) lower-cases and spells umlauts
 * as ae/oe/ue/ss, so 'Ökologie' and 'Oekologie' index alike; queries are folded the same way.
 * Weights: titles A, keywords and subject names B, short texts C, long text and names D.
 */
const searchDocument = sql`
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_titel || ' ' || fn_utitel || ' ' || fn_paratitel || ' ' || fn_sertitel)), 'A') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_schlag || ' ' || subject_text)), 'B') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_kurztext || ' ' || fn_text)), 'C') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_langtext || ' ' || fn_prodname || ' ' || fn_produ || ' ' || fn_autor || ' ' || fn_herausgeber)), 'D')`;

/**
 * The ranking document: titles (A), keywords and subject names (B) only. Small enough to stay
 * inline, so ranking does not decompress the TOASTed search vector of every match (measured at
 * 1M media: 31,017 matches ranked in 123 ms instead of 377 ms warm, 2,542 ms cold). Matches
 * only in the texts rank 0 and follow by popularity.
 */
const rankDocument = sql`
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_titel || ' ' || fn_utitel || ' ' || fn_paratitel || ' ' || fn_sertitel)), 'A') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_schlag || ' ' || subject_text)), 'B')`;

export const media = pgTable(
  'media',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull(),
    pool: text('pool').notNull(),
    fn_nr: text('fn_nr').notNull(),
    fn_titel: text('fn_titel').notNull(),
    fn_utitel: text('fn_utitel').notNull().default(''),
    fn_paratitel: text('fn_paratitel').notNull().default(''),
    fn_text: text('fn_text').notNull().default(''),
    fn_kurztext: text('fn_kurztext').notNull().default(''),
    fn_langtext: text('fn_langtext').notNull().default(''),
    fn_adressat: text('fn_adressat').notNull().default(''),
    fn_schlag: text('fn_schlag').notNull().default(''),
    fn_typ: text('fn_typ').notNull().default('49'),
    fn_prodjahr: text('fn_prodjahr').notNull().default(''),
    fn_sprache: text('fn_sprache').notNull().default('de'),
    fn_laenge: text('fn_laenge').notNull().default(''),
    fn_sertitel: text('fn_sertitel').notNull().default(''),
    fn_geb: text('fn_geb').notNull().default(''),
    fn_produ: text('fn_produ').notNull().default(''),
    fn_prodname: text('fn_prodname').notNull().default(''),
    fn_herausgeber: text('fn_herausgeber').notNull().default(''),
    fn_autor: text('fn_autor').notNull().default(''),
    fn_bemerk: text('fn_bemerk').notNull().default(''),
    fn_url: text('fn_url').notNull().default(''),
    fn_beigaben: text('fn_beigaben').notNull().default(''),
    fn_status: text('fn_status').notNull().default('draft'),
    fn_aenderung: timestamp('fn_aenderung', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    teaser_image: text('teaser_image'),
    /**
     * Open media need no licence: '' (licensed), 'frei' (free for all schools) or a Creative
     * Commons licence ('CC BY 4.0', ...), an OER.
     */
    open_access: text('open_access').notNull().default(''),
    stars: integer('stars').notNull().default(0),
    views: integer('views').notNull().default(0),
    /** Search arrays derived from the stored text formats (see media-record.ts). */
    geb_codes: text('geb_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Every subject code and all its ancestors, so a prefix filter is an array overlap. */
    geb_paths: text('geb_paths')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Top-level (3-digit) subject codes: the facet of the Sachgebiete filter. */
    geb_top: text('geb_top')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Language tokens: each base code ('de') and each full value with variant ('de(h)'). */
    sprache_codes: text('sprache_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Audience tokens: each code ('A') and each full value with level ('A(5-10)'). */
    adressat_codes: text('adressat_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Keywords, lower-cased, for the exact keyword filter. */
    schlag_keys: text('schlag_keys')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * The Mediatheken that hold the medium, kept from `mediathek_media` by its triggers
     * (migration 0025), so that the search index holds them next to the words.
     */
    mediathek_ids: bigint('mediathek_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Names and synonyms of the subject areas, indexed for search. */
    subject_text: text('subject_text').notNull().default(''),
    /** Ranking signal for broad queries and the marketplace. */
    popularity: integer('popularity')
      .notNull()
      .generatedAlwaysAs(sql`stars * 20 + views`),
    search_vector: tsvector('search_vector').notNull().generatedAlwaysAs(searchDocument),
    rank_vector: tsvector('rank_vector').notNull().generatedAlwaysAs(rankDocument),
  },
  (table) => [
    uniqueIndex('media_identifier_key').on(table.identifier),
    uniqueIndex('media_pool_fn_nr_key').on(table.pool, table.fn_nr),
    check('media_status_check', sql`${table.fn_status} in ('draft', 'published', 'archived')`),
    // The words and every filter of a search in one index: GIN intersects a word with a filter
    // inside the index ('bestimm' and one type, 11,000 of 166,000 and 67,000 media: 12 ms),
    // where two indexes built a bitmap each and ANDed them (87 ms at a million media). The type
    // and the producer are arrays for it: `ARRAY[fn_typ] && ...` (search-filters.ts). The rank
    // vector too: the media whose titles, keywords or subject names hold a word, among filters
    // (a frequent word's title matches for one audience: 1,432 of 49,016 in 1.6 ms, where the
    // audience's bitmap alone took 35), and the spellings of corrections (migration 0030).
    index('media_search_idx')
      .using(
        'gin',
        table.search_vector,
        table.rank_vector,
        table.geb_paths,
        table.geb_codes,
        table.sprache_codes,
        table.adressat_codes,
        table.schlag_keys,
        table.mediathek_ids,
        sql`(ARRAY[${table.fn_typ}])`,
        sql`(ARRAY[lower(${table.fn_prodname}), ${table.pool}])`,
      )
      // Every scan reads the whole pending list: at most 256 kB of it (migration 0029).
      .with({ gin_pending_list_limit: 256 }),
    // Ascending: scanned backwards they serve ORDER BY ... DESC (whose NULLS FIRST a
    // 'DESC NULLS LAST' index would not match).
    index('media_published_newest_idx')
      .on(table.fn_aenderung, table.id)
      .where(sql`fn_status = 'published'`),
    index('media_published_popular_idx')
      .on(table.popularity, table.id)
      .where(sql`fn_status = 'published'`),
    // A producer's media, last changed first ('Meine Medien'), scanned backwards.
    index('media_pool_changed_idx').on(table.pool, table.fn_aenderung, table.id),
  ],
);

/**
 * Schools (with the official school number, served by a media centre), media centres serving a
 * district (their users' context, e.g. 'mz/kreis-nord') and producers (a pool, context
 * 'admin/<pool>'). Users belong to one.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    school_number: text('school_number'),
    district: text('district').notNull().default(''),
    context_path: text('context_path'),
    pool: text('pool'),
    /** The media centre that serves a school. */
    media_centre_id: bigint('media_centre_id', { mode: 'number' }).references(
      (): AnyPgColumn => organisations.id,
      { onDelete: 'set null' },
    ),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organisations_kind_check', sql`${table.kind} in ('school', 'media_centre', 'producer')`),
    uniqueIndex('organisations_school_number_key')
      .on(table.school_number)
      .where(sql`school_number IS NOT NULL`),
    uniqueIndex('organisations_context_key')
      .on(table.context_path)
      .where(sql`context_path IS NOT NULL`),
    index('organisations_media_centre_idx').on(table.media_centre_id),
  ],
);

/** A named collection of a producer's media with a path ('kreis-nord/biologie') for the search. */
export const mediatheken = pgTable(
  'mediatheken',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pool: text('pool').notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    description: text('description').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mediatheken_path_key').on(table.path),
    index('mediatheken_pool_idx').on(table.pool),
  ],
);

export const mediathekMedia = pgTable(
  'mediathek_media',
  {
    mediathek_id: bigint('mediathek_id', { mode: 'number' })
      .notNull()
      .references(() => mediatheken.id, { onDelete: 'cascade' }),
    media_id: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.mediathek_id, table.media_id] }),
    index('mediathek_media_media_idx').on(table.media_id),
  ],
);

/**
 * A licence grants its licensee (an organisation, whose users it covers, or one user) access to
 * one medium, a producer's pool or a Mediathek, from valid_from to valid_until (whole days,
 * Europe/Berlin), to stream or also to download, optionally for a number of uses (counted once
 * per user, medium and day). A media centre passes a licence on to a school as a child
 * (parent_id), which ends with its parent.
 */
export const licences = pgTable(
  'licences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    licensee_organisation_id: bigint('licensee_organisation_id', { mode: 'number' }).references(
      () => organisations.id,
      { onDelete: 'cascade' },
    ),
    licensee_user_id: bigint('licensee_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    media_id: bigint('media_id', { mode: 'number' }).references(() => media.id, {
      onDelete: 'cascade',
    }),
    pool: text('pool'),
    mediathek_id: bigint('mediathek_id', { mode: 'number' }).references(() => mediatheken.id, {
      onDelete: 'cascade',
    }),
    /** The producer's pool that granted it (its media, its pool or its Mediathek). */
    grantor_pool: text('grantor_pool').notNull(),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    rights: text('rights').notNull().default('stream'),
    uses: integer('uses'),
    remaining: integer('remaining'),
    origin: text('origin').notNull(),
    parent_id: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => licences.id, {
      onDelete: 'cascade',
    }),
    granted_by: bigint('granted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'licences_one_licensee',
      sql`num_nonnulls(${table.licensee_organisation_id}, ${table.licensee_user_id}) = 1`,
    ),
    check(
      'licences_one_scope',
      sql`num_nonnulls(${table.media_id}, ${table.pool}, ${table.mediathek_id}) = 1`,
    ),
    check('licences_rights_check', sql`${table.rights} in ('stream', 'download')`),
    check(
      'licences_origin_check',
      sql`${table.origin} in ('share', 'code', 'assignment', 'purchase')`,
    ),
    check('licences_remaining_check', sql`${table.remaining} >= 0`),
    // Which of these media does a holder have a licence for: the cards' and the link's question.
    index('licences_organisation_media_idx').on(table.licensee_organisation_id, table.media_id),
    index('licences_user_media_idx').on(table.licensee_user_id, table.media_id),
    index('licences_media_idx').on(table.media_id),
    index('licences_pool_idx').on(table.pool),
    index('licences_mediathek_idx').on(table.mediathek_id),
    index('licences_grantor_idx').on(table.grantor_pool, table.created_at),
    index('licences_parent_idx').on(table.parent_id),
  ],
);

/**
 * Plays and downloads, once per user, medium, kind and day: what uses a licence, and a media
 * centre's history of its schools (organisation_id: the user's school then).
 */
export const mediaUses = pgTable(
  'media_uses',
  {
    user_id: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media_id: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    organisation_id: bigint('organisation_id', { mode: 'number' }).references(
      () => organisations.id,
      { onDelete: 'set null' },
    ),
    licence_id: bigint('licence_id', { mode: 'number' }).references(() => licences.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.media_id, table.kind, table.day] }),
    check('media_uses_kind_check', sql`${table.kind} in ('play', 'download')`),
    index('media_uses_organisation_idx').on(table.organisation_id, table.day),
  ],
);

/** A batch of codes a producer made: what each code's licence grants, and its terms. */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pool: text('pool').notNull(),
    label: text('label').notNull().default(''),
    media_ids: bigint('media_ids', { mode: 'number' }).array(),
    whole_pool: boolean('whole_pool').notNull().default(false),
    mediathek_id: bigint('mediathek_id', { mode: 'number' }).references(() => mediatheken.id, {
      onDelete: 'cascade',
    }),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    rights: text('rights').notNull().default('stream'),
    uses: integer('uses'),
    created_by: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('code_batches_pool_idx').on(table.pool, table.created_at)],
);

/** One code of a batch: only its SHA-256 is stored; redeemed once, by one user. */
export const codes = pgTable(
  'codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batch_id: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    code_hash: text('code_hash').notNull(),
    redeemed_by: bigint('redeemed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    redeemed_at: timestamp('redeemed_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('codes_hash_key').on(table.code_hash),
    index('codes_batch_idx').on(table.batch_id, table.number),
  ],
);

/**
 * A single row whose version goes up with every statement that changes media or licences
 * (triggers of migration 0004), so every server instance can tell cheaply whether its cached
 * search answers are still current; `vocabulary` goes up with every rebuild of `search_words`,
 * which each instance keeps in memory for corrections.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    vocabulary: bigint('vocabulary', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('catalogue_version_single_row', sql`${table.id} = 1`)],
);

/**
 * Accounts. `role` 'L' is a teacher (anything else a student); `type` 'MZ' a media-centre
 * user, a producer when `context` starts with 'admin/' (its pool is the last segment).
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    vorname: text('vorname').notNull().default(''),
    name: text('name').notNull().default(''),
    role: text('role').notNull().default(''),
    school_admin: text('school_admin').notNull().default(''),
    district_admin: text('district_admin').notNull().default(''),
    klassen_id: text('klassen_id').notNull().default(''),
    schulname: text('schulname').notNull().default(''),
    show_jitsi: boolean('show_jitsi').notNull().default(false),
    type: text('type').notNull().default(''),
    context: text('context').notNull().default(''),
    /** The school, media centre or producer the user belongs to. */
    organisation_id: bigint('organisation_id', { mode: 'number' }).references(
      () => organisations.id,
      { onDelete: 'set null' },
    ),
    /** Set when the address was confirmed through the registration mail; login needs it. */
    email_confirmed_at: timestamp('email_confirmed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

/** Sessions: only the SHA-256 of the cookie's random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.user_id)],
);

/** Single-use tokens sent by mail (hashed): registration confirmation and password reset. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    user_id: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('account_tokens_user_idx').on(table.user_id, table.purpose, table.created_at),
    check('account_tokens_purpose', sql`${table.purpose} IN ('confirm', 'reset')`),
  ],
);

/** A user's starred media (the wishlist). media.stars counts them. */
export const stars = pgTable(
  'stars',
  {
    user_id: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media_id: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.media_id] }),
    index('stars_media_created_idx').on(table.media_id, table.created_at),
    index('stars_created_idx').on(table.created_at),
  ],
);

/**
 * Openings of a medium's detail or preview by signed-in users (trending, later the history):
 * one row per user, medium and day in Germany at most; media.views counts the rows. user_id
 * becomes null when the account is deleted (the view still counts).
 */
export const views = pgTable(
  'views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    media_id: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    viewed_at: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    day: date('day', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(viewed_at AT TIME ZONE 'Europe/Berlin')::date`),
  },
  (table) => [
    index('views_viewed_idx').on(table.viewed_at),
    index('views_user_idx').on(table.user_id, table.viewed_at),
    uniqueIndex('views_user_media_day_key').on(table.user_id, table.media_id, table.day),
  ],
);

/**
 * Counters of the attempt limits (login failures, password requests, ...), shared by every
 * server instance: one row per limit and client address or e-mail address (its SHA-256), for
 * a fixed window. Rows of ended windows are deleted now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    window_end: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limits_window_end_idx').on(table.window_end)],
);

/** Feature flags per user; a missing row means the flag's default (off). */
export const featureFlags = pgTable(
  'feature_flags',
  {
    user_id: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.flag] })],
);

/**
 * The words of the published catalogue's titles, keywords and subject names (as stemmed
 * lexemes, with the number of media that have them), which each server instance keeps in memory
 * (vocabulary.ts): for correcting typing errors (a trigram search), for the compounds and parts
 * of query words and for the completions of the word a user is still typing
 * (word-expansions.ts), fast however many media there are.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  ndoc: integer('ndoc').notNull(),
});

/**
 * What a bulk load on several connections still has to do after its data is in: build the
 * secondary indexes of media it dropped, turn the catalogue version's trigger on again (as
 * `statement`s that may run twice). A load that was interrupted leaves its rows here; the
 * next start runs them (`finishInterruptedLoad`).
 */
export const mediaLoadPending = pgTable('media_load_pending', {
  name: text('name').primaryKey(),
  statement: text('statement').notNull(),
});

/** Media a teacher shared with a class (by its klassenID): the students' class library. */
export const classShares = pgTable(
  'class_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    klassen_id: text('klassen_id').notNull(),
    media_id: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    shared_by: bigint('shared_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('class_shares_class_media_key').on(table.klassen_id, table.media_id)],
);

/**
 * The file facts of a medium (producer spec 3.4): its index file and its ZIP. The files
 * themselves live in DATA_DIR/files/{media.id}/, so renaming a medium's number keeps them.
 */
export const dirlists = pgTable('dirlists', {
  media_id: bigint('media_id', { mode: 'number' })
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  fn_index: text('fn_index'),
  fn_zip: text('fn_zip'),
  fn_size: bigint('fn_size', { mode: 'number' }),
  fn_ziphash: text('fn_ziphash'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The job queue (work longer than a request: durations, poster frames, HLS renditions, cover
 * renders, ZIP builds), one table for PGlite and PostgreSQL alike. A runner claims a due job
 * with FOR UPDATE SKIP LOCKED and holds it by a lease it renews while it works; a job whose
 * lease ran out (its process died) is claimed again. Failures wait with a growing backoff
 * until max_attempts; a medium's jobs are listed for the file manager.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    media_id: bigint('media_id', { mode: 'number' }).references(() => media.id, {
      onDelete: 'cascade',
    }),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('queued'),
    /** 0 to 1 while running, 1 when done. */
    progress: real('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(3),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    locked_by: text('locked_by'),
    /** At most one queued or running job per key (the same work asked for twice). */
    dedupe_key: text('dedupe_key'),
    result: jsonb('result'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('jobs_state_check', sql`${table.state} IN ('queued', 'running', 'done', 'failed')`),
    index('jobs_due_idx')
      .on(table.run_at, table.id)
      .where(sql`${table.state} IN ('queued', 'running')`),
    index('jobs_media_idx').on(table.media_id, table.id),
    uniqueIndex('jobs_dedupe_key')
      .on(table.dedupe_key)
      .where(sql`${table.state} IN ('queued', 'running')`),
  ],
);
