import { describe, expect, it } from 'vitest';
import type { Grant, HeldGrant, LicenceFacts, MediumFacts } from './access.repository.ts';
import type { UserRow } from './auth.repository.ts';
import {
  bestGrant,
  grantsCovering,
  indexHeld,
  ownsMedium,
  permits,
  permitsLicence,
  previewScope,
} from './policies.ts';

const user = (overrides: Partial<UserRow> = {}): UserRow => ({
  id: 1,
  email: 'a@b.invalid',
  password_hash: '',
  vorname: '',
  name: '',
  role: 'L',
  school_admin: '',
  district_admin: '',
  klassen_id: '',
  schulname: '',
  show_jitsi: false,
  type: '',
  context: '',
  organisation_id: null,
  email_confirmed_at: null,
  ...overrides,
});
const producer = user({ type: 'MZ', context: 'admin/FWU' });
const centre = user({ type: 'MZ', context: 'mz/kreis-nord', organisation_id: 7 });
const medium = (overrides: Partial<MediumFacts> = {}): MediumFacts => ({
  id: 1,
  identifier: 'FWU-1',
  pool: 'fwu',
  fn_titel: 'Film',
  fn_status: 'published',
  open_access: '',
  ...overrides,
});
const grant = (overrides: Partial<Grant>): Grant => ({
  media_id: 1,
  licence_id: 1,
  rights: 'stream',
  remaining: null,
  counted_licence_id: null,
  used_today: false,
  ...overrides,
});

describe('the access policy', () => {
  it('lets everyone see published media and only their producer (any case of the pool) drafts', () => {
    expect(permits(undefined, 'see', medium())).toBe(true);
    expect(permits(user(), 'see', medium({ fn_status: 'draft' }))).toBe(false);
    expect(ownsMedium(producer, medium())).toBe(true);
    expect(permits(producer, 'see', medium({ fn_status: 'draft' }))).toBe(true);
    expect(permits(producer, 'manage', medium({ pool: 'lernfilm' }))).toBe(false);
    expect(permits(centre, 'manage', medium())).toBe(false);
  });

  it('picks the licence that serves best, skipping used-up ones unless used today', () => {
    expect(bestGrant([])).toBeUndefined();
    expect(bestGrant([grant({ remaining: 0 })])).toBeUndefined();
    expect(bestGrant([grant({ remaining: 0, used_today: true })])?.remaining).toBe(0);
    expect(
      bestGrant([
        grant({ licence_id: 1, remaining: 3 }),
        grant({ licence_id: 2, remaining: null }),
        grant({ licence_id: 3, rights: 'download', remaining: 1 }),
      ])?.licence_id,
    ).toBe(3);
    expect(
      bestGrant([grant({ licence_id: 1, remaining: 3 }), grant({ licence_id: 2, remaining: null })])
        ?.licence_id,
    ).toBe(2);
  });

  it('finds the held licences that cover a card’s medium: itself, its pool or a Mediathek', () => {
    const held = (overrides: Partial<HeldGrant>): HeldGrant => ({
      licence_id: 1,
      media_id: null,
      pool: null,
      mediathek_id: null,
      rights: 'stream',
      remaining: null,
      counted_licence_id: null,
      ...overrides,
    });
    const grants = [
      held({ licence_id: 1, media_id: 1 }),
      held({ licence_id: 2, pool: 'fwu', rights: 'download' }),
      held({ licence_id: 3, mediathek_id: 9, remaining: 2, counted_licence_id: 3 }),
      held({ licence_id: 4, media_id: 2 }),
      held({ licence_id: 5, pool: 'lernfilm' }),
      held({ licence_id: 6, mediathek_id: 8 }),
    ];
    const card = { ...medium(), mediatheken: [9] };
    const covering = grantsCovering(indexHeld({ grants, usedToday: [] }), card);
    expect(covering.map((grant) => grant.licence_id)).toEqual([1, 2, 3]);
    expect(covering.every((grant) => grant.media_id === 1 && !grant.used_today)).toBe(true);
    expect(covering[2]).toMatchObject({ remaining: 2, counted_licence_id: 3 });
    // Used today: a used-up licence still serves it today.
    const used = grantsCovering(
      indexHeld({
        grants: [held({ media_id: 1, remaining: 0, counted_licence_id: 1 })],
        usedToday: [1],
      }),
      card,
    );
    expect(bestGrant(used)?.used_today).toBe(true);
    expect(
      grantsCovering(indexHeld({ grants, usedToday: [] }), {
        ...card,
        id: 3,
        pool: 'x',
        mediatheken: [],
      }),
    ).toEqual([]);
  });

  it('lets producers withdraw their own shares and media centres pass on and withdraw theirs', () => {
    const licence: LicenceFacts = {
      id: 5,
      grantor_pool: 'fwu',
      licensee_organisation_id: 7,
      licensee_user_id: null,
      parent_id: null,
      parent_organisation_id: null,
      origin: 'share',
      media_id: 1,
      pool: null,
      mediathek_id: null,
      valid_from: null,
      valid_until: null,
      rights: 'stream',
      in_force: true,
    };
    const fwu = { user: producer, pool: 'fwu' };
    expect(permitsLicence({ kind: 'withdraw-share', producer: fwu }, licence)).toBe(true);
    expect(
      permitsLicence({ kind: 'withdraw-share', producer: { ...fwu, pool: 'other' } }, licence),
    ).toBe(false);
    expect(permitsLicence({ kind: 'pass-on', organisationId: 7 }, licence)).toBe(true);
    expect(
      permitsLicence({ kind: 'pass-on', organisationId: 7 }, { ...licence, in_force: false }),
    ).toBe(false);
    expect(permitsLicence({ kind: 'pass-on', organisationId: 8 }, licence)).toBe(false);
    const passedOn = {
      ...licence,
      origin: 'assignment' as const,
      parent_id: 5,
      parent_organisation_id: 7,
    };
    expect(permitsLicence({ kind: 'withdraw-assignment', organisationId: 7 }, passedOn)).toBe(true);
    expect(permitsLicence({ kind: 'withdraw-assignment', organisationId: 7 }, licence)).toBe(false);
  });

  it('scopes the content preview: own pool for producers, licences for media centres', () => {
    expect(previewScope(producer, 'FWU')).toEqual({ publishedOnly: false, pool: 'fwu' });
    expect(() => previewScope(producer, 'lernfilm')).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(previewScope(centre, 'lernfilm')).toEqual({
      publishedOnly: true,
      pool: 'lernfilm',
      licensedTo: 'mz/kreis-nord',
    });
    expect(() => previewScope(user(), 'fwu')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => previewScope(undefined, 'fwu')).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });
});
