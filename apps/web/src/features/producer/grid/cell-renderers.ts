import { coverUrl } from '@medienkatalog/domain';
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { i18next } from '../../../i18n/i18n.ts';
import type { GridRow } from './columns.ts';

/*
 * The grid's own cells are plain DOM renderers, not React components: a scroll through
 * thousands of rows creates and drops them by the hundred, and React portals per cell cost
 * frames (measured with npm run bench:grid).
 */

export interface RowActions {
  openFiles: (row: GridRow) => void;
  openTeaser: (row: GridRow) => void;
  /** Set once the row's teaser changed in this session. */
  coverVersion: (row: GridRow) => number | undefined;
}

type Params = ICellRendererParams<GridRow, string, RowActions>;

const shortDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'medium' });

export const compareDates = (a: string | null, b: string | null) =>
  (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0);

/** 'Geändert': the short German date, the long one as a hint. */
export class ChangedCell implements ICellRendererComp<GridRow> {
  private readonly element = document.createElement('span');

  init(params: Params): void {
    this.show(params.value);
  }

  getGui(): HTMLElement {
    return this.element;
  }

  refresh(params: Params): boolean {
    this.show(params.value);
    return true;
  }

  private show(value: string | null | undefined): void {
    const date = value ? new Date(value) : null;
    this.element.textContent = date ? shortDate.format(date) : '';
    this.element.title = date ? longDate.format(date) : '';
  }
}

/**
 * Zielgruppe and Sachgebiete: the names, with the stored codes as the hint
 * ('Allgemeinbildende Schule, Klasse 9–13' / 'A(9-13)'). `names` turns the codes into names.
 */
export class NamesCell implements ICellRendererComp<GridRow> {
  private readonly element = document.createElement('span');

  init(params: Params & { names: (stored: string) => string }): void {
    this.show(params);
  }

  getGui(): HTMLElement {
    return this.element;
  }

  refresh(params: Params & { names: (stored: string) => string }): boolean {
    this.show(params);
    return true;
  }

  private show(params: Params & { names: (stored: string) => string }): void {
    const stored = params.value ?? '';
    this.element.textContent = params.names(stored);
    this.element.title = stored;
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const FOLDER_ICON =
  'M20 6h-8l-2-2H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2m0 12H4V8h16z';
const BROKEN_IMAGE_ICON =
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5v-4.58l.99.99 4-4 4 4 4-3.99L19 12.43zm0-9.41-1.01-1.01-4 4.01-4-4-4 4-.99-1V5h14z';

function icon(pathData: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', pathData);
  svg.append(shape);
  return svg;
}

/** A cell button that calls one of the row actions with the row it shows. */
abstract class ButtonCell implements ICellRendererComp<GridRow> {
  protected readonly button = document.createElement('button');
  protected params: Params | undefined;

  init(params: Params): void {
    this.params = params;
    this.button.type = 'button';
    this.button.className = 'mk-cell-button';
    // The cell is the stop of Tab and arrow keys; Enter or Space on it presses the button.
    this.button.tabIndex = -1;
    this.button.addEventListener('click', this.onClick);
    this.show(params);
  }

  getGui(): HTMLElement {
    return this.button;
  }

  refresh(params: Params): boolean {
    this.params = params;
    this.show(params);
    return true;
  }

  destroy(): void {
    this.button.removeEventListener('click', this.onClick);
  }

  private readonly onClick = () => {
    const row = this.params?.data;
    if (row && this.params) {
      this.act(this.params.context, row);
    }
  };

  protected abstract show(params: Params): void;
  protected abstract act(actions: RowActions, row: GridRow): void;
}

/** 'Dateien': opens the medium's file manager. */
export class FilesCell extends ButtonCell {
  override init(params: Params): void {
    this.button.append(icon(FOLDER_ICON));
    this.button.title = i18next.t('producer.grid.files');
    super.init(params);
  }

  protected show(params: Params): void {
    this.button.setAttribute(
      'aria-label',
      i18next.t('producer.grid.filesOf', { title: params.data?.fn_titel ?? '' }),
    );
  }

  protected act(actions: RowActions, row: GridRow): void {
    actions.openFiles(row);
  }
}

/**
 * 'Bild': the teaser thumbnail (100 x 55.75, from the 222x125 cover: sharp on 2x screens,
 * a fraction of the bytes of the 400x226); a click opens the teaser editor. A broken image
 * shows a placeholder icon.
 */
export class ImageCell extends ButtonCell {
  private readonly image = document.createElement('img');
  private source = '';

  override init(params: Params): void {
    this.button.classList.add('mk-thumbnail');
    this.image.alt = '';
    this.image.loading = 'lazy';
    this.image.width = 100;
    this.image.height = 56;
    this.image.addEventListener('error', this.onError);
    this.button.append(this.image);
    super.init(params);
  }

  override destroy(): void {
    this.image.removeEventListener('error', this.onError);
    super.destroy();
  }

  protected show(params: Params): void {
    const row = params.data;
    if (!row) {
      return;
    }
    this.button.setAttribute(
      'aria-label',
      i18next.t('producer.grid.teaserOf', { title: row.fn_titel }),
    );
    const version = params.context.coverVersion(row);
    const source = `${coverUrl(row.identifier, '222x125')}${version ? `?t=${String(version)}` : ''}`;
    if (source !== this.source) {
      this.source = source;
      this.button.replaceChildren(this.image);
      this.image.src = source;
    }
  }

  protected act(actions: RowActions, row: GridRow): void {
    actions.openTeaser(row);
  }

  private readonly onError = () => {
    this.button.replaceChildren(icon(BROKEN_IMAGE_ICON));
  };
}
