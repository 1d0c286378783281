import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { shownAt } from '../../test/shown-at.ts';
import { SearchBar } from './search-bar.tsx';

function renderBar(path = '/') {
  const calls = stubFetch(() =>
    jsonResponse([
      { text: 'Die Photosynthese', kind: 'title' },
      { text: 'Photovoltaik', kind: 'keyword' },
    ]),
  );
  const { router } = renderInApp(<SearchBar />, { path });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { calls, location, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchBar: suggestions while typing', () => {
  it('offers completions with their kind from the second letter on, as an ARIA combobox', async () => {
    const { calls, user } = renderBar();
    const box = () => screen.getByRole('combobox', { name: 'Medien suchen' });
    await user.type(box(), 'P');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box(), 'ho');
    expect(await screen.findByRole('option', { name: 'Die Photosynthese Titel' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Photovoltaik Schlagwort' })).toBeVisible();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveValue('Pho');
    expect(calls.at(-1)?.url).toBe('/api/v1/media/catalogue/suggest?q=Pho');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a plain field until the user goes into it; the combobox then takes over its text, focus and caret', async () => {
    const { user } = renderBar();
    const box = () => screen.getByRole('combobox', { name: 'Medien suchen' });
    expect(box()).not.toHaveClass('MuiAutocomplete-input');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // Typed at once, wherever the takeover falls: a word, then a correction inside it.
    await user.click(box());
    await user.keyboard('Wasr{ArrowLeft}s');
    await waitFor(() => {
      expect(box()).toHaveClass('MuiAutocomplete-input');
    });
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('Wassr');
    expect((box() as HTMLInputElement).selectionStart).toBe(4);
    await user.keyboard('e');
    expect(box()).toHaveValue('Wasser');
  });

  it('searches a completion chosen with the arrows and Enter; a keyword as keyword', async () => {
    const { location, user } = renderBar();
    await user.type(screen.getByRole('combobox', { name: 'Medien suchen' }), 'Pho');
    await screen.findByRole('option', { name: 'Die Photosynthese Titel' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => {
      expect(location()).toBe('/search?schlag=Photovoltaik');
    });
  });

  it('searches the words as typed on Enter without a chosen completion', async () => {
    const { location, user } = renderBar();
    await user.type(screen.getByRole('combobox', { name: 'Medien suchen' }), 'Pho');
    await screen.findByRole('option', { name: 'Die Photosynthese Titel' });
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(location()).toBe('/search?q=Pho');
    });
  });

  it('keeps completions that arrive after Enter from covering the results', async () => {
    const { calls, location, user } = renderBar();
    const box = screen.getByRole('combobox', { name: 'Medien suchen' });
    await user.type(box, 'Pho{Enter}');
    await waitFor(() => {
      expect(location()).toBe('/search?q=Pho');
    });
    // The completions are asked for only after the typing pause, so after the search.
    await waitFor(() => {
      expect(calls.some((call) => call.url.includes('/suggest?q=Pho'))).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Typing again opens them.
    await user.type(box, 't');
    expect(await screen.findByRole('option', { name: 'Die Photosynthese Titel' })).toBeVisible();
  });

  it('asks for no completions of the words a search page opened with, only once the user is in the field', async () => {
    const { calls, user } = renderBar('/search?q=Wasser');
    const box = () => screen.getByRole('combobox', { name: 'Medien suchen' });
    expect(box()).toHaveValue('Wasser');
    // Past the typing pause (150 ms): nothing asked.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    await user.type(box(), 'f');
    await waitFor(() => {
      expect(calls.map((call) => call.url)).toContain('/api/v1/media/catalogue/suggest?q=Wasserf');
    });
  });
});

describe('SearchBar: the field on a wide screen, an icon that opens it on a phone (by CSS)', () => {
  const PHONE = 390;
  const DESKTOP = 1366;
  const field = () => screen.getByRole('combobox', { name: 'Medien suchen' });
  const openButton = () => screen.getByRole('button', { name: 'Suche öffnen' });

  it('shows the field on a wide screen, without the icon and the close button', () => {
    renderBar();
    expect(shownAt(field(), DESKTOP)).toBe(true);
    expect(shownAt(screen.getByRole('button', { name: 'Suchen' }), DESKTOP)).toBe(true);
    expect(shownAt(openButton(), DESKTOP)).toBe(false);
    expect(shownAt(screen.getByRole('button', { name: 'Suche schließen' }), DESKTOP)).toBe(false);
  });

  it('on a phone, opens a focused field from the icon, closes it and opens it focused again', async () => {
    const { user } = renderBar();
    expect(shownAt(openButton(), PHONE)).toBe(true);
    expect(shownAt(field(), PHONE)).toBe(false);
    await user.click(openButton());
    expect(shownAt(field(), PHONE)).toBe(true);
    expect(field()).toHaveFocus();
    expect(shownAt(openButton(), PHONE)).toBe(false);
    // The combobox takes over, still focused.
    await waitFor(() => {
      expect(field()).toHaveClass('MuiAutocomplete-input');
    });
    expect(field()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(shownAt(field(), PHONE)).toBe(false);
    expect(shownAt(openButton(), PHONE)).toBe(true);
    await user.click(openButton());
    expect(shownAt(field(), PHONE)).toBe(true);
    expect(field()).toHaveFocus();
  });

  it('on a phone, closes the field and its completions with a search', async () => {
    const { location, user } = renderBar();
    await user.click(openButton());
    await user.keyboard('Pho');
    expect(await screen.findByRole('option', { name: 'Die Photosynthese Titel' })).toBeVisible();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(location()).toBe('/search?q=Pho');
    });
    expect(shownAt(field(), PHONE)).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('on a phone, closing hides the completions too', async () => {
    const { user } = renderBar();
    await user.click(openButton());
    await user.keyboard('Pho');
    await screen.findByRole('option', { name: 'Die Photosynthese Titel' });
    await user.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(shownAt(field(), PHONE)).toBe(false);
  });
});
