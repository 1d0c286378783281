import { MediumFieldsSchema, type NewMediumRecord } from '@medienkatalog/domain';
import type { Database } from '../../src/db/client.ts';
import { AuthRepository } from '../../src/modules/auth/auth.repository.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';

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

/** A producer of the pool 'lernfilm', beside the demo producer of 'fwu'. */
export const LERNFILM_PRODUCER = {
  email: 'lernfilm@test.invalid',
  password: 'Lernfilm-Produzent-2026',
} as const;

export async function createLernfilmProducer(db: Database): Promise<void> {
  await new AuthRepository(db).createUser({
    email: LERNFILM_PRODUCER.email,
    password_hash: await hashPassword(LERNFILM_PRODUCER.password),
    vorname: 'Lena',
    name: 'Lernfilm',
    role: 'L',
    schulname: 'Lernfilm GmbH',
    type: 'MZ',
    context: 'admin/lernfilm',
    confirmed: true,
  });
}
