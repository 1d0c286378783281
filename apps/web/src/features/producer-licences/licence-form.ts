import { LicenceScopeSchema, LicenceRightsSchema, LicenceTermsSchema } from '@medienkatalog/domain';
import { z } from 'zod';
import { berlinToday } from './licence-format.ts';

/**
 * The form fields of what a licence covers and of its terms, shared by the share and the code
 * dialogs. They hold what the inputs hold (texts); the schemas below turn them into the API's
 * LicenceScope and LicenceTerms and check them with the server's own schemas, so the dialogs show
 * the server's German messages at the fields before anything is sent.
 */
/**
 * The schemas turn the form fields into the API's LicenceScope and LicenceTerms and check them
 * with the server's own schemas, so the dialogs show the server's German messages at the fields
 * before anything is sent.
 */
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export const ScopeFormSchema = z
  .object({
    kind: z.enum(['pool', 'media', 'mediathek']),
    identifiers: z.array(z.string()),
    mediathek_id: z.string(),
  })
  .transform((form): z.input<typeof LicenceScopeSchema> => {
    switch (form.kind) {
      case 'pool':
        return { kind: form.kind };
      case 'media':
        return { kind: form.kind, identifiers: form.identifiers };
      case 'mediathek':
        return {
          kind: form.kind,
          // None chosen (NaN) fails the check with 'Bitte wählen Sie eine Mediathek.'
          mediathek_id: form.mediathek_id === '' ? Number.NaN : Number(form.mediathek_id),
        };
    }
  })
  .pipe(LicenceScopeSchema);

export const TermsFormSchema = z
  .object({
    valid_from: z.string(),
    valid_until: z.string(),
    rights: LicenceRightsSchema,
    uses: z.string(),
  })
  .transform((form): z.input<typeof LicenceTermsSchema> => ({
    valid_from: orNull(form.valid_from),
    valid_until: orNull(form.valid_until),
    rights: form.rights,
    // A text that is no number ('1e', '-') fails the uses check with its German message.
    uses: form.uses.trim() === '' ? null : Number(form.uses),
  }))
  .pipe(LicenceTermsSchema);

/**
 * The form fields of what a licence covers and of its terms, shared by the share and the code
 * dialogs: texts as the inputs hold them ('' for an empty date, no Mediathek or unlimited uses).
 */
export type ScopeForm = z.input<typeof ScopeFormSchema>;
export type TermsForm = z.input<typeof TermsFormSchema>;

export interface LicenceFormFields {
  scope: ScopeForm;
  terms: TermsForm;
}

export const emptyScope = (): ScopeForm => ({ kind: 'pool', identifiers: [], mediathek_id: '' });

/** A new licence starts today, has no end, allows streaming and unlimited uses. */
export const emptyTerms = (now = new Date()): TermsForm => ({
  valid_from: berlinToday(now),
  valid_until: '',
  rights: 'stream',
  uses: '',
});
