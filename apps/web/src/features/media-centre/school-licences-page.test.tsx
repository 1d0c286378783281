import type { UserInfo } from '@medienkatalog/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schoolLicencesQueryOptions } from '../../api/school-licences.ts';
import { USER_INFO_KEY } from '../../api/user.ts';
import { renderInApp } from '../../test/render.tsx';
import { deskLinks } from './desk-access.ts';
import { SchoolLicencesPage } from './school-licences-page.tsx';
import { licence, passedOn } from './test-licences.ts';

const user = (fields: Partial<UserInfo>): UserInfo => ({
  email: 'a@example.org',
  vorname: 'Sabine',
  name: 'Wolf',
  role: 'L',
  school_admin: '',
  district_admin: '',
  klassenID: '',
  schulname: 'Gesamtschule Am Stadtpark',
  show_jitsi: false,
  type: '',
  context: '',
  ...fields,
});
const held = licence({ id: 1, valid_until: '2026-12-13', uses: 50, remaining: 12 });
const LICENCES = [
  passedOn(held, 10, 'Gesamtschule Am Stadtpark', '100234'),
  licence({
    id: 11,
    origin: 'share',
    licensee: {
      kind: 'organisation',
      name: 'Gymnasium am Markt',
      organisation_kind: 'school',
      school_number: '100455',
    },
    rights: 'download',
    valid_from: null,
    valid_until: null,
  }),
  passedOn(held, 12, 'Grundschule Lindenweg', '100871', { revoked: true }),
];

function renderPage(who: UserInfo) {
  renderInApp(<SchoolLicencesPage />, {
    prepare: (client) => {
      client.setQueryData(USER_INFO_KEY, who);
      client.setQueryData(schoolLicencesQueryOptions.queryKey, LICENCES);
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 23, 12, 0), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SchoolLicencesPage', () => {
  it("lists a school admin's licences read-only, withdrawn ones left out", () => {
    renderPage(user({ school_admin: '1' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Lizenzen der Schule' })).toBeVisible();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Läuft in 20 Tagen ab');
    expect(cards[0]).toHaveTextContent('Vom Medienzentrum weitergegeben');
    expect(cards[0]).toHaveTextContent('12 übrig (Kontingent des Medienzentrums)');
    expect(cards[1]).toHaveTextContent('Gültigkeitunbefristet');
    expect(cards[1]).toHaveTextContent('Freigabe des Anbieters');
    expect(cards[0]).not.toHaveTextContent('Lizenznehmer');
    expect(screen.queryByRole('button', { name: /weitergeben|Zurücknehmen/ })).toBeNull();
  });

  it('names the school of each licence for a district admin, and filters by it', async () => {
    renderPage(user({ district_admin: '1' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Lizenzen im Kreis' })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Lizenzen durchsuchen' }), 'markt');
    const [only] = screen.getAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(only ?? document.body).getByText('Lizenznehmer').nextSibling).toHaveTextContent(
      'Gymnasium am Markt (Schulnummer 100455)',
    );
  });
});

describe('deskLinks', () => {
  it('links media centres to their desk, admins to their list, others to nothing', () => {
    const centre = user({ type: 'MZ', context: 'mz/kreis-nord' });
    expect(deskLinks(centre).map((link) => link.to)).toEqual(['/mz/licences', '/mz/history']);
    expect(deskLinks(user({ type: 'MZ', context: 'admin/fwu' }))).toEqual([]);
    expect(deskLinks(user({ school_admin: '2' }))).toEqual([
      { to: '/school/licences', text: 'mediaCentre.menu.schoolLicences' },
    ]);
    expect(deskLinks(user({ district_admin: '1', school_admin: '1' }))).toEqual([
      { to: '/school/licences', text: 'mediaCentre.menu.districtLicences' },
    ]);
    expect(deskLinks(user({}))).toEqual([]);
  });
});
