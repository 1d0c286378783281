import type { JobList as Jobs } from '@medienkatalog/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderInApp } from '../../../test/render.tsx';
import { JobList } from './job-list.tsx';

const job = (overrides: Partial<Jobs['jobs'][number]>): Jobs['jobs'][number] => ({
  id: 1,
  kind: 'media.renditions',
  label: 'Streaming-Fassungen (HLS)',
  state: 'done',
  progress: 1,
  attempts: 1,
  path: 'film.mp4',
  error: null,
  created_at: '2026-11-23T10:00:00.000Z',
  finished_at: '2026-11-23T10:01:00.000Z',
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JobList', () => {
  it('shows each job with its file, state, progress and the reason of a failure', async () => {
    const calls = stubFetch(() =>
      jsonResponse({
        processing: true,
        jobs: [
          job({ id: 3, state: 'running', progress: 0.42 }),
          job({
            id: 2,
            kind: 'media.poster',
            label: 'Vorschaubild aus dem Video',
            state: 'failed',
            error: 'Diese Datei enthält kein Video.',
          }),
          job({ id: 1, kind: 'cover.render', label: 'Cover in allen Größen', path: null }),
        ],
      } satisfies Jobs),
    );
    renderInApp(<JobList identifier="FWU-1" />);
    const section = await screen.findByRole('region', { name: 'Verarbeitung' });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/producer/media/FWU-1/jobs']);
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Streaming-Fassungen (HLS): film.mp4 – Läuft (42 %)',
      'Vorschaubild aus dem Video: film.mp4 – FehlgeschlagenDiese Datei enthält kein Video.',
      'Cover in allen Größen – Fertig',
    ]);
    expect(
      within(section).getByRole('progressbar', { name: 'Fortschritt: Streaming-Fassungen (HLS)' }),
    ).toHaveAttribute('aria-valuenow', '42');
  });

  it('says when the server cannot process video and audio', async () => {
    stubFetch(() => jsonResponse({ processing: false, jobs: [] } satisfies Jobs));
    renderInApp(<JobList identifier="FWU-1" />);
    expect(await screen.findByText(/ffmpeg fehlt/)).toBeInTheDocument();
  });

  it('shows nothing while there is nothing to tell', async () => {
    const calls = stubFetch(() => jsonResponse({ processing: true, jobs: [] } satisfies Jobs));
    const { container } = renderInApp(<JobList identifier="FWU-1" />);
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(container.querySelector('section')).toBeNull();
  });
});
