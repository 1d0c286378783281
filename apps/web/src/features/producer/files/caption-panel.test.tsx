import { MESSAGES, WEBVTT_PROBLEMS } from '@medienkatalog/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captionsQueryOptions } from '../../../api/media-captions.ts';
import { renderInApp } from '../../../test/render.tsx';
import { CaptionPanel } from './caption-panel.tsx';

interface Call {
  method: string;
  url: string;
  body: unknown;
  type: string | undefined;
}

const stored = [
  { kind: 'captions', language: 'de', label: 'Deutsch', path: 'untertitel/de.vtt' },
] as const;

/** Answers the caption calls as the server does and records them. */
function stubServer(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = {
      method: init.method ?? 'GET',
      url: input,
      body: init.body,
      type: headers['Content-Type'],
    };
    if (!input.startsWith('/api/v1/utils/features')) {
      calls.push(call);
    }
    return Promise.resolve(answer(call));
  });
  return calls;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderPanel = () =>
  renderInApp(<CaptionPanel identifier="FWU-1" />, {
    prepare: (client) => {
      client.setQueryData(captionsQueryOptions('FWU-1').queryKey, [...stored]);
    },
  });

const vtt = (text: string, name = 'untertitel.vtt') => new File([text], name, { type: 'text/vtt' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CaptionPanel', () => {
  it('lists the stored tracks and uploads captions of the chosen language', async () => {
    const calls = stubServer(() =>
      json({
        tracks: [
          ...stored,
          { kind: 'captions', language: 'en', label: 'Englisch', path: 'untertitel/en.vtt' },
        ],
      }),
    );
    renderPanel();
    const section = screen.getByRole('region', { name: 'Untertitel und Kapitel' });
    expect(within(section).getByText('Deutsch (untertitel/de.vtt)')).toBeInTheDocument();
    const language = within(section).getByRole('textbox', { name: 'Sprache (z. B. de)' });
    await userEvent.clear(language);
    await userEvent.type(language, 'en');
    await userEvent.click(within(section).getByRole('button', { name: 'Untertitel hochladen' }));
    const text = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n';
    await userEvent.upload(screen.getByLabelText('Untertiteldatei (WebVTT)'), vtt(text, 'en.vtt'));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      '„en.vtt“ wurde gespeichert.',
    );
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/producer/media/FWU-1/captions/en',
        body: text,
        type: 'text/vtt',
      },
    ]);
    expect(within(section).getByText('Englisch (untertitel/en.vtt)')).toBeInTheDocument();
  });

  it('refuses a broken file before uploading, naming the line', async () => {
    const calls = stubServer(() => json({ tracks: [] }));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Kapitel hochladen' }));
    await userEvent.upload(
      screen.getByLabelText('Kapiteldatei (WebVTT)'),
      vtt('WEBVTT\n\n00:00.000 --> 00:10.000\n\n', 'kapitel.vtt'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MESSAGES.captions.invalid(3, WEBVTT_PROBLEMS.chapterTitle),
    );
    expect(calls).toEqual([]);
  });

  it('shows the server’s message when it refuses, and deletes a track', async () => {
    const calls = stubServer((call) =>
      call.method === 'DELETE'
        ? json({ tracks: [] })
        : json(
            { error: 'Bad Request', message: 'Die Untertiteldatei ist zu groß (höchstens 2 MB).' },
            400,
          ),
    );
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Untertitel hochladen' }));
    await userEvent.upload(
      screen.getByLabelText('Untertiteldatei (WebVTT)'),
      vtt('WEBVTT\n\n00:00.000 --> 00:02.000\nHallo\n'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Untertiteldatei ist zu groß (höchstens 2 MB).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch löschen' }));
    await vi.waitFor(() => {
      expect(screen.queryByText('Deutsch (untertitel/de.vtt)')).toBeNull();
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/producer/media/FWU-1/captions/de',
    });
  });
});
