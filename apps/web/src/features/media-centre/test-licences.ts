import type { Licence } from '@medienkatalog/domain';

/** A licence as the server answers it, with what a test is about changed. */
export function licence(fields: Partial<Licence> & { id: number }): Licence {
  return {
    origin: 'share',
    licensee: {
      kind: 'organisation',
      name: 'Kreismedienzentrum Nord',
      organisation_kind: 'media_centre',
      school_number: null,
    },
    scope: {
      kind: 'media',
      label: `Film ${String(fields.id)}`,
      identifier: `NF-${String(fields.id)}`,
      pool: 'naturfilm',
      producer: 'Naturfilm GmbH',
    },
    valid_from: '2026-01-01',
    valid_until: '2027-06-30',
    rights: 'stream',
    uses: null,
    remaining: null,
    parent_id: null,
    revoked: false,
    created_at: '2026-01-01T09:00:00.000Z',
    ...fields,
  };
}

/** A school's licence passed on from `parent`. */
export const passedOn = (
  parent: Licence,
  id: number,
  school: string,
  schoolNumber: string,
  fields: Partial<Licence> = {},
): Licence =>
  licence({
    ...parent,
    id,
    origin: 'assignment',
    licensee: {
      kind: 'organisation',
      name: school,
      organisation_kind: 'school',
      school_number: schoolNumber,
    },
    uses: null,
    parent_id: parent.id,
    ...fields,
  });
