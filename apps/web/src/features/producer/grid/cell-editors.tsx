import { MAX_PRODUCTION_YEAR, MIN_PRODUCTION_YEAR } from '@medienkatalog/domain';
import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { GridRow } from './columns.ts';

type EditorProps = CustomCellEditorProps<GridRow, string>;

/**
 * The long-text editor: a text area where Enter starts a new line and Ctrl+Enter saves;
 * Escape cancels (the grid's own key handling).
 */
export function LongTextEditor({ value, onValueChange, colDef, stopEditing }: EditorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const area = ref.current;
    area?.focus();
    area?.setSelectionRange(area.value.length, area.value.length);
  }, []);
  return (
    <div className="mk-long-text-editor">
      <textarea
        ref={ref}
        value={value ?? ''}
        aria-label={colDef.headerName}
        rows={8}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            stopEditing();
          }
        }}
      />
      <small>{t('producer.grid.longTextHint')}</small>
    </div>
  );
}

/** While a long text is edited, plain Enter belongs to the text area; Ctrl+Enter saves. */
export function suppressPlainEnter({ editing, event }: SuppressKeyboardEventParams): boolean {
  return editing && event.key === 'Enter' && !event.ctrlKey && !event.metaKey;
}

/** The number editor (production year): selects the whole value when it opens. */
export function NumberEditor({ value, onValueChange, colDef }: EditorProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <input
      ref={ref}
      className="mk-number-editor"
      type="number"
      inputMode="numeric"
      min={MIN_PRODUCTION_YEAR}
      max={MAX_PRODUCTION_YEAR}
      aria-label={colDef.headerName}
      value={value ?? ''}
      onChange={(event) => {
        onValueChange(event.target.value);
      }}
    />
  );
}
