import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';
import { MediumFieldsSchema, MediumStatusSchema } from './medium.ts';

/** Ids per bulk call at most (producer spec 9). */
export const MAX_BULK_IDS = 1000;
export const MIN_PRODUCTION_YEAR = 1900;
export const MAX_PRODUCTION_YEAR = 2030;

const required = (max: number) =>
  z
    .string({ error: MESSAGES.producer.required })
    .trim()
    .min(1, { error: MESSAGES.producer.required })
    .max(max, { error: MESSAGES.producer.tooLong(max) });

/** '' or a year from 1900 to 2030. */
export const ProductionYearSchema = z
  .string({ error: MESSAGES.producer.year })
  .trim()
  .refine(
    (year) =>
      year === '' ||
      (/^\d{4}$/.test(year) &&
        Number(year) >= MIN_PRODUCTION_YEAR &&
        Number(year) <= MAX_PRODUCTION_YEAR),
    { error: MESSAGES.producer.year },
  );

/**
 * A medium as a producer writes it: the fields of spec 3.1 with the defaults of a new medium
 * (type 49, this year, German, draft); fn_nr, fn_titel and fn_adressat are required (spec 5).
 * fn_nr becomes part of the identifier and of file paths: letters, digits, '.', '_', '-'.
 */
export const ProducerMediumInputSchema = MediumFieldsSchema.extend({
  fn_nr: required(100).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: MESSAGES.producer.number }),
  fn_titel: required(500),
  fn_adressat: required(500),
  fn_prodjahr: ProductionYearSchema.default(() => String(new Date().getFullYear())),
  fn_status: MediumStatusSchema.default('draft'),
  teaser_image: z.string().max(2000).nullable().default(null),
});
export type ProducerMediumInput = z.infer<typeof ProducerMediumInputSchema>;

/** An update: the whole medium plus the change time it was based on (conflict check). */
export const ProducerMediumUpdateSchema = ProducerMediumInputSchema.extend({
  fn_aenderung: z.iso.datetime({ offset: true, error: MESSAGES.producer.baseTime }),
}).meta({ id: 'ProducerMediumUpdate' });
export type ProducerMediumUpdate = z.infer<typeof ProducerMediumUpdateSchema>;

/** A stored medium as the producer reads it (older records need not pass today's input rules). */
export const ProducerMediumSchema = MediumFieldsSchema.extend({
  teaser_image: z.string().nullable(),
  identifier: z.string(),
  pool: z.string(),
  fn_prodname: z.string(),
  fn_context: z.string(),
  fn_aenderung: z.string(),
}).meta({ id: 'ProducerMedium' });
export type ProducerMedium = z.infer<typeof ProducerMediumSchema>;

const BulkIdsSchema = z
  .array(z.string().min(1).max(200), { error: MESSAGES.producer.idsEmpty })
  .min(1, { error: MESSAGES.producer.idsEmpty })
  .max(MAX_BULK_IDS, { error: MESSAGES.producer.idsTooMany });

/** The fields of the bulk update dialog (spec 2.6); empty ones keep the current value. */
export const BulkUpdateFieldsSchema = z.object({
  fn_status: z
    .union([MediumStatusSchema, z.literal('')], { error: MESSAGES.producer.status })
    .optional(),
  fn_prodjahr: ProductionYearSchema.optional(),
  fn_sprache: z
    .string()
    .max(500, { error: MESSAGES.producer.tooLong(500) })
    .optional(),
  fn_typ: z
    .string()
    .max(20, { error: MESSAGES.producer.tooLong(20) })
    .optional(),
  fn_adressat: z
    .string()
    .max(500, { error: MESSAGES.producer.tooLong(500) })
    .optional(),
  fn_geb: z
    .string()
    .max(2000, { error: MESSAGES.producer.tooLong(2000) })
    .optional(),
  fn_produ: z
    .string()
    .max(500, { error: MESSAGES.producer.tooLong(500) })
    .optional(),
  fn_autor: z
    .string()
    .max(500, { error: MESSAGES.producer.tooLong(500) })
    .optional(),
});
export type BulkUpdateFields = z.infer<typeof BulkUpdateFieldsSchema>;

export const BulkUpdateSchema = z
  .object({
    ids: BulkIdsSchema,
    updates: BulkUpdateFieldsSchema.transform((updates) =>
      Object.fromEntries(Object.entries(updates).filter(([, value]) => value.trim() !== '')),
    ),
  })
  .refine((body) => Object.keys(body.updates).length > 0, {
    path: ['updates'],
    error: MESSAGES.producer.noFields,
  })
  .meta({ id: 'BulkUpdate' });

export const BulkDeleteSchema = z.object({ ids: BulkIdsSchema }).meta({ id: 'BulkDelete' });

export const BulkResultSchema = z.object({ updated: z.number().int() }).meta({ id: 'BulkResult' });
