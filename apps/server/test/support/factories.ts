import { MediumFieldsSchema, type NewMediumRecord } from '@medienkatalog/domain';

let sequence = 0;

/** A valid, published medium; override what a test is about. */
export function mediumRecord(overrides: Partial<NewMediumRecord> = {}): NewMediumRecord {
  sequence += 1;
  const fields = MediumFieldsSchema.parse({
    fn_nr: `T${String(sequence).padStart(5, '0')}`,
    fn_titel: `Testmedium ${sequence}`,
    fn_status: 'published',
    fn_prodjahr: '2020',
  });
  return {
    ...fields,
    pool: 'testpool',
    fn_prodname: 'Test Produktion',
    ...overrides,
  };
}
