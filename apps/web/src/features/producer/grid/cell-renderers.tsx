import { coverUrl } from '@medienkatalog/domain';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridRow } from './columns.ts';

type RendererProps = CustomCellRendererProps<GridRow, string, RowActions>;

const shortDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'medium' });

/** 'Geändert': the short German date, the long one as a hint. */
export function ChangedCell({ value }: RendererProps) {
  if (!value) {
    return null;
  }
  const date = new Date(value);
  return <span title={longDate.format(date)}>{shortDate.format(date)}</span>;
}

export const compareDates = (a: string | null, b: string | null) =>
  (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0);

export interface RowActions {
  openFiles: (row: GridRow) => void;
  openTeaser: (row: GridRow) => void;
}

/** 'Dateien': opens the medium's file manager. */
export function FilesCell({ data, context }: RendererProps) {
  const { t } = useTranslation();
  if (!data) {
    return null;
  }
  return (
    <button
      type="button"
      className="mk-cell-button"
      aria-label={t('producer.grid.filesOf', { title: data.fn_titel })}
      title={t('producer.grid.files')}
      onClick={() => {
        context.openFiles(data);
      }}
    >
      <FolderOpenOutlinedIcon fontSize="small" aria-hidden />
    </button>
  );
}

/** 'Bild': the teaser thumbnail (100 x 55.75); a click opens the teaser editor. */
export function ImageCell({ data, context }: RendererProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (!data) {
    return null;
  }
  return (
    <button
      type="button"
      className="mk-cell-button mk-thumbnail"
      aria-label={t('producer.grid.teaserOf', { title: data.fn_titel })}
      onClick={() => {
        context.openTeaser(data);
      }}
    >
      {broken ? (
        <BrokenImageOutlinedIcon color="disabled" aria-hidden />
      ) : (
        <img
          src={coverUrl(data.identifier)}
          alt=""
          loading="lazy"
          width={100}
          height={55.75}
          onError={() => {
            setBroken(true);
          }}
        />
      )}
    </button>
  );
}
