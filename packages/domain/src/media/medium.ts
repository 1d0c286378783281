import { z } from 'zod';

export const MEDIUM_STATUSES = ['draft', 'published', 'archived'] as const;
export const MediumStatusSchema = z.enum(MEDIUM_STATUSES);
export type MediumStatus = z.infer<typeof MediumStatusSchema>;

/**
 * The editable fields of a medium, in the stored text formats of the producer spec (3.1):
 * fn_adressat 'E(3-6); A(5)', fn_sprache 'de; en(u)', fn_schlag 'a, b', fn_geb '080, 08001'.
 */
export const MediumFieldsSchema = z.object({
  fn_nr: z.string().trim().min(1).max(100),
  fn_titel: z.string().trim().min(1).max(500),
  fn_utitel: z.string().max(500).default(''),
  fn_paratitel: z.string().max(500).default(''),
  fn_text: z.string().max(5000).default(''),
  fn_kurztext: z.string().max(5000).default(''),
  fn_langtext: z.string().max(50000).default(''),
  fn_adressat: z.string().max(500).default(''),
  fn_schlag: z.string().max(5000).default(''),
  fn_typ: z.string().max(20).default('49'),
  fn_prodjahr: z.string().max(4).default(''),
  fn_sprache: z.string().max(500).default('de'),
  fn_laenge: z.string().max(50).default(''),
  fn_sertitel: z.string().max(500).default(''),
  fn_geb: z.string().max(2000).default(''),
  fn_produ: z.string().max(500).default(''),
  fn_herausgeber: z.string().max(500).default(''),
  fn_autor: z.string().max(500).default(''),
  fn_bemerk: z.string().max(5000).default(''),
  fn_url: z.string().max(2000).default(''),
  fn_beigaben: z.string().max(2000).default(''),
  fn_status: MediumStatusSchema.default('draft'),
});
export type MediumFields = z.infer<typeof MediumFieldsSchema>;

/**
 * A medium as it is written to the database: its fields plus the pool it belongs to and the
 * producer's display name (fn_prodname, what filter_fn_prodname matches).
 */
export interface NewMediumRecord extends MediumFields {
  pool: string;
  fn_prodname: string;
  /** When it was last changed; defaults to now. */
  fn_aenderung?: Date;
  /** How many users starred it (demo and load data set it; later counted from stars). */
  stars?: number;
  /** How often it was opened (popularity signal for ranking broad queries). */
  views?: number;
}

/** The identifier of a medium: pool, hyphen, fn_nr, upper-cased (producer spec 3.1). */
export function mediumIdentifier(pool: string, fnNr: string): string {
  return `${pool}-${fnNr}`.toUpperCase();
}
