import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';

export const MEDIUM_STATUSES = ['draft', 'published', 'archived'] as const;
/** Refused values are named with the German labels the producer chooses from. */
export const MediumStatusSchema = z.enum(MEDIUM_STATUSES, { error: MESSAGES.producer.status });
export type MediumStatus = z.infer<typeof MediumStatusSchema>;

/** A text of at most `max` characters, refused in German ('Höchstens 500 Zeichen erlaubt.'). */
const text = (max: number) => z.string().max(max, { error: MESSAGES.producer.tooLong(max) });

/**
 * The editable fields of a medium, in the stored text formats of the producer spec (3.1):
 * fn_adressat 'E(3-6); A(5)', fn_sprache 'de; en(u)', fn_schlag 'a, b', fn_geb '080, 08001'.
 */
export const MediumFieldsSchema = z.object({
  fn_nr: z.string().trim().min(1).max(100),
  fn_titel: z.string().trim().min(1).max(500),
  fn_utitel: text(500).default(''),
  fn_paratitel: text(500).default(''),
  fn_text: text(5000).default(''),
  fn_kurztext: text(5000).default(''),
  fn_langtext: text(50000).default(''),
  fn_adressat: text(500).default(''),
  fn_schlag: text(5000).default(''),
  fn_typ: text(20).default('49'),
  fn_prodjahr: text(4).default(''),
  fn_sprache: text(500).default('de'),
  fn_laenge: text(50).default(''),
  fn_sertitel: text(500).default(''),
  fn_geb: text(2000).default(''),
  fn_produ: text(500).default(''),
  fn_herausgeber: text(500).default(''),
  fn_autor: text(500).default(''),
  fn_bemerk: text(5000).default(''),
  fn_url: text(2000).default(''),
  fn_beigaben: text(2000).default(''),
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
