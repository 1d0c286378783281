import type { CatalogueDistinct } from '@medienkatalog/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SEARCH, type SearchState } from '../api/catalogue-search.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { renderInApp } from '../test/render.tsx';
import { SearchFilters } from './search-filters.tsx';

const ALL: CatalogueDistinct = {
  approximate: false,
  fn_geb: [
    { value: '080', text: 'Biologie', count: 12 },
    { value: '380', text: 'Mathematik', count: 3 },
  ],
  fn_sprache: [{ value: 'de', text: 'Deutsch', count: 15 }],
  fn_typ: [{ value: '49', text: 'Online-Film', count: 15 }],
  fn_adressat: [
    { value: 'A(1-4)', text: 'Grundschule (1-4)', count: 4 },
    { value: 'A(5-6)', text: 'Klasse 5-6', count: 9 },
  ],
};
const BIOLOGY: CatalogueDistinct = {
  approximate: false,
  fn_geb: [{ value: '08001', text: 'Zellbiologie', count: 7 }],
};

function renderFilters(state: SearchState = NO_SEARCH) {
  const calls = stubFetch((call) =>
    jsonResponse(call.url.includes('geb_parent=080') ? BIOLOGY : ALL),
  );
  const onChange = vi.fn();
  renderInApp(<SearchFilters state={state} onChange={onChange} />);
  return { calls, onChange, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchFilters', () => {
  it('offers only values with media, with counts, also before anything is searched', async () => {
    const { calls, user } = renderFilters();
    await user.click(screen.getByRole('combobox', { name: 'Klassenstufe' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Grundschule (1-4) (4)',
      'Klasse 5-6 (9)',
    ]);
    // An option is selected itself: no checkbox nested inside it.
    expect(within(options[0] as HTMLElement).queryByRole('checkbox')).toBeNull();
    expect(calls[0]?.url).toBe(
      '/api/v1/media/catalogue/search/distinct?f=fn_geb&f=fn_sprache&f=fn_typ&f=fn_adressat',
    );
  });

  it('selects a school stage as its target-group value', async () => {
    const { onChange, user } = renderFilters();
    await user.click(screen.getByRole('combobox', { name: 'Klassenstufe' }));
    await user.click(await screen.findByRole('option', { name: 'Klasse 5-6 (9)' }));
    expect(onChange).toHaveBeenCalledWith({
      fn_geb: [],
      fn_sprache: [],
      fn_typ: [],
      fn_adressat: ['A(5-6)'],
    });
  });

  it('shows the subject areas as a tree with counts, opened level by level', async () => {
    const { calls, onChange, user } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Sachgebiete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sachgebiete' });
    const tree = within(dialog).getByRole('tree', { name: 'Sachgebiete' });
    const biology = within(tree).getByRole('treeitem', { name: 'Biologie (12)' });
    expect(biology).toHaveAttribute('aria-expanded', 'false');
    biology.focus();
    await user.keyboard('{ArrowRight}');
    expect(biology).toHaveAttribute('aria-expanded', 'true');
    const cell = await within(tree).findByRole('treeitem', { name: 'Zellbiologie (7)' });
    expect(cell).toHaveAttribute('aria-level', '2');
    expect(calls.some((call) => call.url.endsWith('f=fn_geb&geb_parent=080'))).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(cell).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fn_geb: ['08001'] }));
    await user.keyboard('{ArrowLeft}');
    expect(biology).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(biology).toHaveAttribute('aria-expanded', 'false');
  });

  it('rounds counts scaled from a sample and says so', async () => {
    stubFetch((call) =>
      jsonResponse(
        call.url.includes('geb_parent=080')
          ? { approximate: true, fn_geb: [{ value: '08001', text: 'Zellbiologie', count: 4_871 }] }
          : {
              ...ALL,
              approximate: true,
              fn_geb: [{ value: '080', text: 'Biologie', count: 12_345 }],
              fn_sprache: [{ value: 'de', text: 'Deutsch', count: 98 }],
            },
      ),
    );
    const user = userEvent.setup();
    renderInApp(<SearchFilters state={NO_SEARCH} onChange={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Sprache' }));
    expect(await screen.findByRole('option', { name: 'Deutsch (etwa 98)' })).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Sachgebiete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sachgebiete' });
    const biology = within(dialog).getByRole('treeitem', { name: 'Biologie (etwa 12.000)' });
    biology.focus();
    await user.keyboard('{ArrowRight}');
    expect(
      await within(dialog).findByRole('treeitem', { name: 'Zellbiologie (etwa 4.900)' }),
    ).toBeVisible();
  });

  it('names the selected subject areas on its button and lets them be cleared', async () => {
    const { onChange, user } = renderFilters({
      ...NO_SEARCH,
      filters: { ...NO_SEARCH.filters, fn_geb: ['080'] },
    });
    await user.click(screen.getByRole('button', { name: 'Sachgebiete: Biologie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sachgebiete' });
    expect(within(dialog).getByRole('treeitem', { name: 'Biologie (12)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Auswahl aufheben' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fn_geb: [] }));
  });
});
