import type { Organisation, UsageRow } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mzSchoolsQueryOptions } from '../../api/mz-schools.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { MzHistoryPage } from './mz-history-page.tsx';

const SCHOOLS: Organisation[] = [
  {
    id: 21,
    kind: 'school',
    name: 'Gesamtschule Am Stadtpark',
    school_number: '100234',
    district: 'kreis-nord',
  },
  {
    id: 22,
    kind: 'school',
    name: 'Grundschule Lindenweg',
    school_number: '100871',
    district: 'kreis-nord',
  },
];
const row = (fields: Partial<UsageRow>): UsageRow => ({
  month: '2026-11',
  school: 'Gesamtschule Am Stadtpark',
  school_number: '100234',
  identifier: 'LF-1',
  title: 'Der Wald',
  views: 1,
  plays: 1,
  downloads: 0,
  ...fields,
});
const ROWS = [
  row({ title: 'Der Wald', plays: 2, views: 3 }),
  row({ month: '2026-10', identifier: 'LF-2', title: 'Das Meer', plays: 9, downloads: 4 }),
  row({
    month: '2026-09',
    school: 'Grundschule Lindenweg',
    school_number: '100871',
    title: 'Die Wiese',
    plays: 5,
  }),
];

function renderPage() {
  return renderInApp(<MzHistoryPage />, {
    prepare: (client) => {
      client.setQueryData(mzSchoolsQueryOptions.queryKey, SCHOOLS);
    },
  });
}

/** The text of a blob as a browser reads it (jsdom's Blob has no text()). */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = reject;
    reader.readAsText(blob ?? new Blob());
  });
}

const table = () => screen.getByRole('table', { name: 'Nutzung nach Monat, Schule und Medium' });
const bodyTitles = () =>
  within(table())
    .getAllByRole('row')
    .slice(1, -1)
    .map((item) => item.querySelectorAll('td')[2]?.textContent);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 23, 12, 0), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MzHistoryPage', () => {
  it('asks for the last 12 months, draws the chart and lists the rows with their sums', async () => {
    const calls = stubFetch(() => jsonResponse(ROWS));
    renderPage();
    expect(
      await screen.findByRole('img', { name: 'Nutzung je Monat' }),
    ).toHaveAccessibleDescription(
      /^Dezember 2025 bis November 2026: insgesamt 16 Wiedergaben, 4 Downloads und 5 Aufrufe\./,
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/mz/history?from=2025-12&to=2026-11']);
    expect(screen.getByRole('combobox', { name: 'Von' })).toHaveValue('2025-12');
    expect(screen.getByRole('combobox', { name: 'Bis' })).toHaveValue('2026-11');
    expect(bodyTitles()).toEqual(['Der Wald · LF-1', 'Das Meer · LF-2', 'Die Wiese · LF-1']);
    const sums = within(table()).getAllByRole('row').at(-1);
    expect([...(sums?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'Summe',
      '5',
      '16',
      '4',
    ]);
    expect(screen.getByText('3 Zeilen')).toBeVisible();
  });

  it('filters by school and medium text on the server', async () => {
    const calls = stubFetch(() => jsonResponse(ROWS));
    renderPage();
    await screen.findByRole('table', { name: 'Nutzung nach Monat, Schule und Medium' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Schule' }), '22');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Medium' }), 'Wiese');
    await waitFor(() => {
      expect(calls.at(-1)?.url).toBe(
        '/api/v1/mz/history?from=2025-12&to=2026-11&school=22&medium=Wiese',
      );
    });
    // Typing asks once the text has settled, not at every letter.
    expect(calls.filter((call) => call.url.includes('medium='))).toHaveLength(1);
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const calls = stubFetch(() => jsonResponse(ROWS));
    renderPage();
    await screen.findByRole('table', { name: 'Nutzung nach Monat, Schule und Medium' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bis' }), '2025-11');
    expect(screen.getByRole('combobox', { name: 'Bis' })).toHaveAccessibleDescription(
      'Der Monat „Bis“ darf nicht vor dem Monat „Von“ liegen.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('sorts by a column and exports the rows in that order as CSV', async () => {
    stubFetch(() => jsonResponse(ROWS));
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the blob handed over is what the file would hold.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:usage';
        }
        static override revokeObjectURL() {
          // Nothing to free.
        }
      },
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByRole('table', { name: 'Nutzung nach Monat, Schule und Medium' });
    await userEvent.click(screen.getByRole('button', { name: 'Wiedergaben' }));
    expect(bodyTitles()).toEqual(['Das Meer · LF-2', 'Die Wiese · LF-1', 'Der Wald · LF-1']);
    expect(screen.getByRole('columnheader', { name: 'Wiedergaben' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    expect(names).toEqual(['nutzung-2025-12-bis-2026-11.csv']);
    const lines = (await readText(blobs[0])).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      '"Monat","Schule","Schulnummer","Kennung","Titel","Aufrufe","Wiedergaben","Downloads"',
      '"2026-10","Gesamtschule Am Stadtpark","100234","LF-2","Das Meer","1","9","4"',
      '"2026-09","Grundschule Lindenweg","100871","LF-1","Die Wiese","1","5","0"',
      '"2026-11","Gesamtschule Am Stadtpark","100234","LF-1","Der Wald","3","2","0"',
    ]);
  });

  it("shows the server's message when the history cannot be loaded", async () => {
    stubFetch(() => jsonResponse({ message: 'Bitte geben Sie ein gültiges Datum an.' }, 400));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Nutzung konnte nicht geladen werden: Bitte geben Sie ein gültiges Datum an.',
    );
  });
});
