import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';

/** What a licence lets its holder do: watch or use in the browser, or also download. */
export const LICENCE_RIGHTS = ['stream', 'download'] as const;
export const LicenceRightsSchema = z.enum(LICENCE_RIGHTS, { error: MESSAGES.licences.rights });
export type LicenceRights = z.infer<typeof LicenceRightsSchema>;

/** Where a licence came from. */
export const LICENCE_ORIGINS = ['share', 'code', 'assignment', 'purchase'] as const;
export type LicenceOrigin = (typeof LICENCE_ORIGINS)[number];

/** The kinds of organisation: schools, media centres serving a district, producers. */
export const ORGANISATION_KINDS = ['school', 'media_centre', 'producer'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** What a licence covers: one or more media, a producer's whole pool, or a Mediathek. */
export const LicenceScopeSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('media'),
        identifiers: z
          .array(z.string().trim().min(1).max(200), { error: MESSAGES.licences.media })
          .min(1, { error: MESSAGES.licences.media })
          .max(1000, { error: MESSAGES.producer.idsTooMany }),
      }),
      z.object({ kind: z.literal('pool') }),
      z.object({
        kind: z.literal('mediathek'),
        mediathek_id: z
          .number({ error: MESSAGES.licences.mediathek })
          .int({ error: MESSAGES.licences.mediathek })
          .positive({ error: MESSAGES.licences.mediathek }),
      }),
    ],
    { error: MESSAGES.licences.scope },
  )
  .meta({ id: 'LicenceScope' });
export type LicenceScope = z.infer<typeof LicenceScopeSchema>;

const isoDate = z.iso.date({ error: MESSAGES.licences.date });

/** The terms of a licence: validity (inclusive days), rights and optionally a number of uses. */
export const LicenceTermsSchema = z
  .object({
    valid_from: isoDate.nullable().default(null),
    valid_until: isoDate.nullable().default(null),
    rights: LicenceRightsSchema.default('stream'),
    uses: z
      .number({ error: MESSAGES.licences.uses })
      .int({ error: MESSAGES.licences.uses })
      .min(1, { error: MESSAGES.licences.uses })
      .max(100_000, { error: MESSAGES.licences.uses })
      .nullable()
      .default(null),
  })
  .refine(
    (terms) =>
      terms.valid_from === null ||
      terms.valid_until === null ||
      terms.valid_from <= terms.valid_until,
    { error: MESSAGES.licences.dateOrder, path: ['valid_until'] },
  );
export type LicenceTerms = z.infer<typeof LicenceTermsSchema>;

/** An organisation as the share and assignment dialogs find it. */
export const OrganisationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ORGANISATION_KINDS),
    name: z.string(),
    school_number: z.string().nullable(),
    district: z.string(),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof OrganisationSchema>;

/** A licence as its granter and its holder see it. */
export const LicenceSchema = z
  .object({
    id: z.number().int(),
    origin: z.enum(LICENCE_ORIGINS),
    /** Who holds it: an organisation (media centre, school) or one user. */
    licensee: z.object({
      kind: z.enum(['organisation', 'user']),
      name: z.string(),
      organisation_kind: z.enum(ORGANISATION_KINDS).nullable(),
      school_number: z.string().nullable(),
    }),
    /** What it covers, readable: a medium's title, 'Alle Medien von …', 'Mediathek …'. */
    scope: z.object({
      kind: z.enum(['media', 'pool', 'mediathek']),
      label: z.string(),
      identifier: z.string().nullable(),
      pool: z.string(),
      producer: z.string(),
    }),
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    rights: LicenceRightsSchema,
    uses: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    /** The licence it was passed on from (a media centre's assignment to a school). */
    parent_id: z.number().int().nullable(),
    revoked: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Licence' });
export type Licence = z.infer<typeof LicenceSchema>;

/** POST /api/v1/producer/shares: licences for media centres or schools. */
export const ShareRequestSchema = z
  .object({
    organisation_ids: z
      .array(z.number().int().positive(), { error: MESSAGES.licences.licensee })
      .min(1, { error: MESSAGES.licences.licensee })
      .max(100, { error: MESSAGES.licences.licensee }),
    scope: LicenceScopeSchema,
    terms: LicenceTermsSchema,
  })
  .meta({ id: 'ShareRequest' });
export type ShareRequest = z.infer<typeof ShareRequestSchema>;

/** POST /api/v1/mz/licences/{id}/assignments: a media centre passes a licence on to schools. */
export const AssignmentRequestSchema = z
  .object({
    school_ids: z
      .array(z.number().int().positive(), { error: MESSAGES.licences.licensee })
      .min(1, { error: MESSAGES.licences.licensee })
      .max(500, { error: MESSAGES.licences.licensee }),
  })
  .meta({ id: 'AssignmentRequest' });

/** A Mediathek: a named collection of a producer's media with a path for the search. */
export const MEDIATHEK_PATH_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*){0,4}$/;
export const MediathekInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.licences.mediathekName })
    .trim()
    .min(1, { error: MESSAGES.licences.mediathekName })
    .max(120, { error: MESSAGES.licences.mediathekName }),
  path: z
    .string({ error: MESSAGES.licences.mediathekPath })
    .trim()
    .toLowerCase()
    .max(200, { error: MESSAGES.licences.mediathekPath })
    .regex(MEDIATHEK_PATH_PATTERN, { error: MESSAGES.licences.mediathekPath }),
  description: z.string().trim().max(2000).default(''),
  identifiers: z
    .array(z.string().trim().min(1).max(200))
    .max(10_000, { error: MESSAGES.producer.idsTooMany })
    .default([]),
});
export type MediathekInput = z.infer<typeof MediathekInputSchema>;

export const MediathekSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    path: z.string(),
    description: z.string(),
    identifiers: z.array(z.string()),
  })
  .meta({ id: 'Mediathek' });
export type Mediathek = z.infer<typeof MediathekSchema>;

/**
 * Codes: 16 characters of an alphabet without the look-alikes 0/O, 1/I/L and U, shown in four
 * groups ('K7QM-3XHD-9TWR-P2EZ'): 30^16, about 78 bits, far beyond guessing.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 16;

/** A typed or scanned code in its stored form: upper-case, without spaces or dashes. */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The code of a typed code or of a scanned QR link ('…/redeem?code=K7QM-…') in its stored form.
 * A link whose code is not valid percent-encoding keeps it as it is (then no code matches it).
 */
export function codeOfInput(input: string): string {
  const encoded = /[?&]code=([^&#\s]+)/.exec(input)?.[1];
  if (encoded === undefined) {
    return normaliseCode(input);
  }
  try {
    return normaliseCode(decodeURIComponent(encoded));
  } catch {
    return normaliseCode(encoded);
  }
}

/** The grouped form people read and type. */
export const formatCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

export const CodeBatchRequestSchema = z
  .object({
    label: z.string().trim().max(120).default(''),
    scope: LicenceScopeSchema,
    terms: LicenceTermsSchema,
    count: z
      .number({ error: MESSAGES.licences.count })
      .int({ error: MESSAGES.licences.count })
      .min(1, { error: MESSAGES.licences.count })
      .max(1000, { error: MESSAGES.licences.count }),
  })
  .meta({ id: 'CodeBatchRequest' });
export type CodeBatchRequest = z.infer<typeof CodeBatchRequestSchema>;

export const CodeSchema = z
  .object({
    id: z.number().int(),
    /** Its number in the batch (as on the printed sheet and in the CSV); the code itself is
     * stored hashed and never shown again. */
    number: z.number().int(),
    state: z.enum(['open', 'redeemed', 'revoked', 'expired']),
    redeemed_at: z.string().nullable(),
  })
  .meta({ id: 'Code' });

export const CodeBatchSchema = z
  .object({
    id: z.number().int(),
    label: z.string(),
    scope: LicenceSchema.shape.scope,
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    rights: LicenceRightsSchema,
    uses: z.number().int().nullable(),
    created_at: z.string(),
    codes: z.array(CodeSchema),
  })
  .meta({ id: 'CodeBatch' });
export type CodeBatch = z.infer<typeof CodeBatchSchema>;

/** The answer of creating a batch: the codes in plain text, this once only. */
export const CreatedCodeBatchSchema = CodeBatchSchema.extend({
  plain_codes: z.array(z.string()),
}).meta({ id: 'CreatedCodeBatch' });
export type CreatedCodeBatch = z.infer<typeof CreatedCodeBatchSchema>;

export const RedeemRequestSchema = z
  .object({
    code: z
      .string({ error: MESSAGES.licences.codeUnknown })
      .trim()
      .min(1, { error: MESSAGES.licences.codeMissing })
      .max(64, { error: MESSAGES.licences.codeUnknown }),
  })
  .meta({ id: 'RedeemRequest' });

/** One row of a media centre's history: uses of one medium at one school in one month. */
export const UsageRowSchema = z
  .object({
    month: z.string(),
    school: z.string(),
    school_number: z.string().nullable(),
    identifier: z.string(),
    title: z.string(),
    views: z.number().int(),
    plays: z.number().int(),
    downloads: z.number().int(),
  })
  .meta({ id: 'UsageRow' });
export type UsageRow = z.infer<typeof UsageRowSchema>;
