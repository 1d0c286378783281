import {
  ProducerMediumInputSchema,
  type CodeBatch,
  type Licence,
  type Mediathek,
  type Organisation,
  type ProducerMedium,
  type UserInfo,
} from '@medienkatalog/domain';
import type { QueryClient } from '@tanstack/react-query';
import { PRODUCER_MEDIA_KEY } from '../../api/producer-media.ts';
import { PRODUCER_MEDIATHEKEN_KEY } from '../../api/producer-mediatheken.ts';
import { USER_INFO_KEY } from '../../api/user.ts';

/** Test data of the licence screens: the demo producer FWU, its media, Mediatheken, shares. */

export function medium(fnNr: string, title: string, status = 'published'): ProducerMedium {
  return {
    ...ProducerMediumInputSchema.parse({
      fn_nr: fnNr,
      fn_titel: title,
      fn_adressat: 'A(5-10)',
      fn_status: status,
    }),
    identifier: `FWU-${fnNr}`,
    pool: 'fwu',
    fn_prodname: 'FWU',
    fn_context: 'admin/fwu',
    fn_aenderung: '2026-11-01T10:00:00.000Z',
    teaser_image: null,
  };
}

export const MEDIA = [
  medium('101', 'Die Zelle'),
  medium('102', 'Der Blutkreislauf'),
  medium('103', 'Das <i>Herz</i>'),
  medium('104', 'Die Lunge', 'draft'),
];

export const MEDIATHEKEN: Mediathek[] = [
  {
    id: 7,
    name: 'Biologie Sekundarstufe I',
    path: 'fwu/biologie-sek1',
    description: 'Filme für den Biologieunterricht.',
    identifiers: ['FWU-101', 'FWU-102'],
  },
];

export const CENTRE: Organisation = {
  id: 1,
  kind: 'media_centre',
  name: 'Kreismedienzentrum Nord',
  school_number: null,
  district: 'kreis-nord',
};
export const SCHOOL: Organisation = {
  id: 2,
  kind: 'school',
  name: 'Gymnasium am Markt',
  school_number: '100455',
  district: 'kreis-nord',
};

export function licence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: 1,
    origin: 'share',
    licensee: {
      kind: 'organisation',
      name: SCHOOL.name,
      organisation_kind: 'school',
      school_number: SCHOOL.school_number,
    },
    scope: {
      kind: 'media',
      label: 'Die Zelle',
      identifier: 'FWU-101',
      pool: 'fwu',
      producer: 'FWU',
    },
    valid_from: '2026-01-01',
    valid_until: null,
    rights: 'stream',
    uses: null,
    remaining: null,
    parent_id: null,
    revoked: false,
    created_at: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function batch(overrides: Partial<CodeBatch> = {}): CodeBatch {
  return {
    id: 3,
    label: 'Fortbildung März',
    scope: {
      kind: 'pool',
      label: 'Alle Medien von FWU',
      identifier: null,
      pool: 'fwu',
      producer: 'FWU',
    },
    valid_from: null,
    valid_until: '2027-03-31',
    rights: 'download',
    uses: null,
    created_at: '2026-11-20T08:30:00.000Z',
    codes: [
      { id: 31, number: 1, state: 'redeemed', redeemed_at: '2026-11-21T12:15:00.000Z' },
      { id: 32, number: 2, state: 'open', redeemed_at: null },
      { id: 33, number: 3, state: 'revoked', redeemed_at: null },
    ],
    ...overrides,
  };
}

/** The query cache of a signed-in FWU producer with its media and Mediatheken. */
export function prepareProducer(client: QueryClient) {
  const user: UserInfo = {
    email: 'produzent@demo.medienkatalog.invalid',
    vorname: 'Paula',
    name: 'Produzent',
    role: 'L',
    school_admin: '',
    district_admin: '',
    klassenID: '',
    schulname: '',
    show_jitsi: false,
    type: 'MZ',
    context: 'admin/fwu',
  };
  client.setQueryData(USER_INFO_KEY, user);
  client.setQueryData([PRODUCER_MEDIA_KEY], MEDIA);
  client.setQueryData([PRODUCER_MEDIATHEKEN_KEY], MEDIATHEKEN);
}
