import type { MediaLink } from '@medienkatalog/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { formatTime } from './format-time.ts';
import { MediaPlayer, viewerKindOf } from './media-player.tsx';

const base = '/content/FWU-1/play.1.0.abc/';
const link = (overrides: Partial<MediaLink> = {}): MediaLink => ({
  direct: `${base}film.mp4`,
  download: null,
  frame: '/content/FWU-1/frame.1.0.abc/film.mp4',
  stream: null,
  tracks: [],
  ...overrides,
});
const captions: MediaLink['tracks'] = [
  { kind: 'captions', language: 'de', label: 'Deutsch', url: `${base}untertitel/de.vtt` },
  { kind: 'captions', language: 'en', label: 'Englisch', url: `${base}untertitel/en.vtt` },
];
const chapters: MediaLink['tracks'] = [
  { kind: 'chapters', language: 'de', label: 'Kapitel', url: `${base}untertitel/kapitel.vtt` },
];

const video = () => document.querySelector('video') as HTMLVideoElement;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('viewerKindOf', () => {
  it('chooses the viewer by the direct file, and video for a stream', () => {
    expect(viewerKindOf(link())).toBe('video');
    expect(viewerKindOf(link({ direct: `${base}h%C3%B6rst%C3%BCck.mp3` }))).toBe('audio');
    expect(viewerKindOf(link({ direct: `${base}bild-1.jpg` }))).toBe('image');
    expect(viewerKindOf(link({ direct: `${base}dokument.pdf` }))).toBe('pdf');
    expect(viewerKindOf(link({ direct: `${base}index.html` }))).toBe('page');
    expect(viewerKindOf(link({ direct: null }))).toBe('none');
    expect(viewerKindOf(link({ direct: null, stream: `${base}%3Ahls/k/master.m3u8` }))).toBe(
      'video',
    );
  });

  it('formats times as players do', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.4)).toBe('1:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('MediaPlayer: video', () => {
  it('plays the original with poster, German controls and caption tracks', () => {
    render(
      <MediaPlayer link={link({ tracks: captions })} title="Die Zelle" poster="/covers/1.jpg" />,
    );
    const region = screen.getByRole('region', { name: 'Medienplayer: Die Zelle' });
    expect(region).toHaveAccessibleDescription(/Leertaste oder K Abspielen\/Pause/);
    expect(video()).toHaveAttribute('src', `${base}film.mp4`);
    expect(video()).toHaveAttribute('poster', '/covers/1.jpg');
    const tracks = [...document.querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.label])).toEqual([
      ['captions', 'de', 'Deutsch'],
      ['captions', 'en', 'Englisch'],
    ]);
    for (const name of ['Abspielen', 'Ton aus', 'Geschwindigkeit: Normal', 'Untertitel: Aus']) {
      expect(within(region).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(region).getByRole('slider', { name: 'Position' })).toBeInTheDocument();
    expect(within(region).getByRole('slider', { name: 'Lautstärke' })).toBeInTheDocument();
    // jsdom has no full screen: the button is there but cannot be used.
    expect(within(region).getByRole('button', { name: 'Vollbild' })).toBeDisabled();
    expect(within(region).queryByRole('button', { name: /Qualität/ })).toBeNull();
    expect(within(region).getByText('Originaldatei')).toBeInTheDocument();
  });

  it('falls back to the original where neither the browser nor hls.js can play HLS', () => {
    // jsdom has neither native HLS nor MediaSource.
    render(<MediaPlayer link={link({ stream: `${base}%3Ahls/k/master.m3u8` })} title="Film" />);
    expect(video()).toHaveAttribute('src', `${base}film.mp4`);
    expect(screen.getByText('Originaldatei')).toBeInTheDocument();
  });

  it('is keyboard operable: K and Space play, arrows seek and change the volume, M mutes', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    render(<MediaPlayer link={link()} title="Film" />);
    const region = screen.getByRole('region', { name: 'Medienplayer: Film' });
    region.focus();
    await userEvent.keyboard('k');
    expect(play).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(2);
    // The element tells it plays: the button turns into Pause, which pauses.
    Object.defineProperty(video(), 'paused', { configurable: true, value: false });
    fireEvent.play(video());
    const pauseButton = screen.getByRole('button', { name: 'Pause' });
    await userEvent.click(pauseButton);
    expect(pause).toHaveBeenCalledTimes(1);

    Object.defineProperty(video(), 'duration', { configurable: true, value: 60 });
    fireEvent.durationChange(video());
    region.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(video().currentTime).toBe(10);
    await userEvent.keyboard('{ArrowLeft}');
    expect(video().currentTime).toBe(5);
    expect(screen.getByRole('slider', { name: 'Position' })).toHaveAttribute(
      'aria-valuetext',
      '0:05 von 1:00',
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(video().volume).toBeCloseTo(0.9);
    await userEvent.keyboard('m');
    expect(video().muted).toBe(true);
    fireEvent.volumeChange(video());
    expect(screen.getByRole('button', { name: 'Ton an' })).toBeInTheDocument();
  });

  it('changes the speed through its menu, by keyboard', async () => {
    render(<MediaPlayer link={link()} title="Film" />);
    const button = screen.getByRole('button', { name: 'Geschwindigkeit: Normal' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Geschwindigkeit' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      '0,5-fach',
      '0,75-fach',
      'Normal',
      '1,25-fach',
      '1,5-fach',
      '2-fach',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: 'Normal' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: '1,5-fach' }));
    expect(video().playbackRate).toBe(1.5);
    expect(screen.getByRole('button', { name: 'Geschwindigkeit: 1,5-fach' })).toBeInTheDocument();
  });

  it('chooses captions in their menu and toggles them with C', async () => {
    render(<MediaPlayer link={link({ tracks: captions })} title="Film" />);
    await userEvent.click(screen.getByRole('button', { name: 'Untertitel: Aus' }));
    const menu = screen.getByRole('menu', { name: 'Untertitel' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Aus', 'Deutsch', 'Englisch']);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Englisch' }));
    expect(screen.getByRole('button', { name: 'Untertitel: Englisch' })).toBeInTheDocument();
    screen.getByRole('region').focus();
    await userEvent.keyboard('c');
    expect(screen.getByRole('button', { name: 'Untertitel: Aus' })).toBeInTheDocument();
    await userEvent.keyboard('c');
    expect(screen.getByRole('button', { name: 'Untertitel: Deutsch' })).toBeInTheDocument();
  });

  it('lists the chapters of the chapters track and jumps to one', async () => {
    const calls = stubFetch(
      () =>
        new Response(
          'WEBVTT\n\n00:00.000 --> 00:10.000\nEinleitung\n\n00:10.000 --> 00:40.000\nDer Versuch\n',
          { headers: { 'Content-Type': 'text/vtt' } },
        ),
    );
    render(<MediaPlayer link={link({ tracks: chapters })} title="Film" />);
    Object.defineProperty(video(), 'duration', { configurable: true, value: 40 });
    fireEvent.durationChange(video());
    const button = await screen.findByRole('button', { name: 'Kapitel' });
    expect(calls.map((call) => call.url)).toEqual([`${base}untertitel/kapitel.vtt`]);
    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Kapitel' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['0:00 Einleitung', '0:10 Der Versuch']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '0:10 Der Versuch' }));
    expect(video().currentTime).toBe(10);
  });
});

describe('MediaPlayer: audio, images, documents and pages', () => {
  it('plays audio with the same controls and the cover, without full screen', () => {
    render(
      <MediaPlayer link={link({ direct: `${base}ton.wav` })} title="Hörstück" poster="/c.jpg" />,
    );
    const audio = document.querySelector('audio');
    expect(audio).toHaveAttribute('src', `${base}ton.wav`);
    expect(document.querySelector('img')).toHaveAttribute('src', '/c.jpg');
    expect(screen.getByRole('button', { name: 'Abspielen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Geschwindigkeit: Normal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vollbild' })).toBeNull();
  });

  it('shows images in a zoomable viewer (buttons and keys)', async () => {
    render(<MediaPlayer link={link({ direct: `${base}bild-1.jpg` })} title="Bildreihe" />);
    const viewer = screen.getByRole('region', { name: 'Bild: Bildreihe' });
    expect(within(viewer).getByRole('img', { name: 'Bildreihe' })).toHaveAttribute(
      'src',
      `${base}bild-1.jpg`,
    );
    expect(within(viewer).getByRole('button', { name: 'Verkleinern' })).toBeDisabled();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Vergrößern' }));
    expect(within(viewer).getByText('150 %')).toBeInTheDocument();
    viewer.focus();
    await userEvent.keyboard('+');
    expect(within(viewer).getByText('200 %')).toBeInTheDocument();
    await userEvent.keyboard('0');
    expect(within(viewer).getByText('100 %')).toBeInTheDocument();
  });

  it('shows PDFs in the browser’s viewer with a link to open them', () => {
    render(<MediaPlayer link={link({ direct: `${base}dokument.pdf` })} title="Arbeitsblatt" />);
    expect(screen.getByTitle('Dokument: Arbeitsblatt')).toHaveAttribute(
      'src',
      `${base}dokument.pdf`,
    );
    expect(screen.getByRole('link', { name: 'Dokument in neuem Tab öffnen' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('runs web pages in the sandboxed frame of the link call', () => {
    render(
      <MediaPlayer
        link={link({
          direct: `${base}index.html`,
          frame: '/content/FWU-1/frame.1.0.abc/index.html',
        })}
        title="Lern-App"
      />,
    );
    expect(screen.getByTitle('Interaktiver Inhalt: Lern-App')).toHaveAttribute(
      'src',
      '/content/FWU-1/frame.1.0.abc/index.html',
    );
  });

  it('says when there is nothing to play', () => {
    render(<MediaPlayer link={link({ direct: null, frame: null })} title="Leer" />);
    expect(screen.getByText('Für dieses Medium gibt es nichts abzuspielen.')).toBeInTheDocument();
  });
});
