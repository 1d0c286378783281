import type { Licence } from '@medienkatalog/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchCall } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { RedeemPage } from './redeem-page.tsx';

const REDEEM = '/api/v1/user/redeem';
const LICENCES = '/api/v1/user/licences';

const licence = (overrides: Partial<Licence> = {}): Licence => ({
  id: 7,
  origin: 'code',
  licensee: { kind: 'user', name: 'Lena Lehrer', organisation_kind: null, school_number: null },
  scope: {
    kind: 'media',
    label: 'Das <i>Herz</i>',
    identifier: 'FWU-4602002',
    pool: 'fwu',
    producer: 'FWU Institut für Film und Bild',
  },
  valid_from: null,
  valid_until: '2099-03-31',
  rights: 'download',
  uses: null,
  remaining: null,
  parent_id: null,
  revoked: false,
  created_at: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

/** The server: its licence list, and the answer to redeeming. */
function server(redeemAnswer: () => Response, held: Licence[] = []): FetchCall[] {
  return stubFetch((call) => {
    if (call.url === LICENCES) {
      return jsonResponse(held);
    }
    if (call.url === REDEEM) {
      return redeemAnswer();
    }
    return jsonResponse({ message: 'Unerwarteter Aufruf' }, 500);
  });
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' });
const redeemCalls = (calls: FetchCall[]) => calls.filter((call) => call.url === REDEEM);

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RedeemPage', () => {
  it('sends a code typed in lower case with spaces in its grouped form, then lists the licence', async () => {
    const calls = server(() =>
      jsonResponse({
        message: 'Code eingelöst: Sie haben jetzt Zugang zu „Das Herz“.',
        licences: [licence()],
      }),
    );
    const { router } = renderInApp(<RedeemPage />, { path: '/redeem' });
    await userEvent.type(codeField(), 'fwxd em2q 6kxb tz7a');
    await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));

    expect(
      await screen.findByText('Code eingelöst: Sie haben jetzt Zugang zu „Das Herz“.'),
    ).toBeVisible();
    expect(redeemCalls(calls)).toEqual([
      { method: 'POST', url: REDEEM, body: { code: 'FWXD-EM2Q-6KXB-TZ7A' } },
    ]);
    const granted = screen.getByRole('region', { name: 'Ihre neue Lizenz' });
    expect(within(granted).getByRole('heading', { name: 'Das Herz' })).toBeVisible();
    expect(granted).toHaveTextContent(
      'von FWU Institut für Film und Bild · gültig bis 31.03.2099 · Streamen und Herunterladen',
    );
    expect(codeField()).toHaveValue('');
    await userEvent.click(within(granted).getByRole('link', { name: 'Zum Medium: Das Herz' }));
    expect(router.state.location.pathname).toBe('/marketplace/FWU-4602002');
  });

  it('takes the code of a QR link: prefilled, out of the address, sent when confirmed', async () => {
    const calls = server(() => jsonResponse({ message: 'Code eingelöst', licences: [] }));
    const { router } = renderInApp(<RedeemPage />, {
      path: '/redeem?r=%2Fsearch%3Fq%3DHerz&code=fwxd-em2q-6kxb-tz7a',
    });
    expect(codeField()).toHaveValue('FWXD-EM2Q-6KXB-TZ7A');
    expect(screen.getByText(/Der Code aus dem QR-Code ist eingetragen/)).toBeVisible();
    expect(router.state.location.search).toBe('?r=%2Fsearch%3Fq%3DHerz');
    expect(redeemCalls(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(await screen.findByText('Code eingelöst')).toBeVisible();
    expect(redeemCalls(calls)[0]?.body).toEqual({ code: 'FWXD-EM2Q-6KXB-TZ7A' });
    await userEvent.click(screen.getByRole('link', { name: 'Zurück zur vorherigen Seite' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/search?q=Herz',
    );
  });

  it('catches a malformed code beside the field without spending a try', async () => {
    const calls = server(() => jsonResponse({ message: 'nie' }));
    renderInApp(<RedeemPage />, { path: '/redeem' });
    await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(codeField()).toHaveAccessibleDescription('Bitte geben Sie einen Code ein.');

    await userEvent.type(codeField(), 'FWXD-EMOQ-6KXB-TZ7A');
    await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(codeField()).toBeInvalid();
    expect(codeField()).toHaveAccessibleDescription(/^Codes enthalten kein „O“/);

    await userEvent.clear(codeField());
    await userEvent.type(codeField(), 'FWXD-EM2Q-6KXB');
    await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(codeField()).toHaveAccessibleDescription(/Ihre Eingabe hat 12\./);
    expect(redeemCalls(calls)).toEqual([]);
  });

  it('shows every refusal of the server beside the field, also too many tries', async () => {
    const refusals = [
      [409, 'Sie haben diesen Code schon eingelöst. Die Lizenz ist in Ihrem Konto.'],
      [400, 'Diesen Code gibt es nicht. Bitte prüfen Sie die Eingabe.'],
      [429, 'Zu viele Versuche. Bitte warten Sie 60 Minuten.'],
    ] as const;
    let answer = 0;
    server(() => {
      const [status, message] = refusals[answer] ?? refusals[0];
      answer += 1;
      return jsonResponse({ error: 'Refused', message }, status);
    });
    renderInApp(<RedeemPage />, { path: '/redeem' });
    await userEvent.type(codeField(), 'FWXD-EM2Q-6KXB-TZ7A');
    for (const [, message] of refusals) {
      await userEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
      expect(await screen.findByText(message)).toBeVisible();
      expect(codeField()).toHaveAccessibleDescription(message);
      expect(codeField()).toHaveValue('FWXD-EM2Q-6KXB-TZ7A');
    }
  });

  it("lists the user's licences, or says there are none", async () => {
    server(
      () => jsonResponse({}),
      [
        licence({ id: 1, uses: 10, remaining: 4, rights: 'stream', valid_until: '2000-01-31' }),
        licence({
          id: 2,
          scope: {
            kind: 'pool',
            label: 'Alle Medien von Lernfilm',
            identifier: null,
            pool: 'lernfilm',
            producer: 'Lernfilm',
          },
          valid_until: null,
        }),
      ],
    );
    const { unmount } = renderInApp(<RedeemPage />, { path: '/redeem' });
    const mine = screen.getByRole('region', { name: 'Meine Lizenzen' });
    const items = await within(mine).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'abgelaufen am 31.01.2000 · Streamen · 4 von 10 Nutzungen übrig',
    );
    expect(items[1]).toHaveTextContent('unbefristet gültig');
    expect(
      within(items[1] as HTMLElement).getByRole('link', { name: 'Alle Medien von Lernfilm' }),
    ).toHaveAttribute('href', '/search/?producer=Lernfilm');
    unmount();

    server(() => jsonResponse({}), []);
    renderInApp(<RedeemPage />, { path: '/redeem' });
    expect(await screen.findByText('Sie haben noch keinen Code eingelöst.')).toBeVisible();
  });
});
