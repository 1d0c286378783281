import { AG_GRID_LOCALE_DE } from '@ag-grid-community/locale';
import {
  MEDIA_TYPE_OPTIONS,
  MEDIUM_STATUS_LABELS,
  MEDIUM_STATUSES,
  mediaTypeName,
  subjectAreaNames,
  targetGroupNames,
} from '@medienkatalog/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  type CellClassParams,
  type CellClickedEvent,
  type CellEditingStartedEvent,
  type ICellEditorComp,
  type CellKeyDownEvent,
  type ColDef,
  type GridApi,
  type SuppressKeyboardEventParams,
  type TabToNextCellParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { PRODUCER_MEDIA_KEY, useProducerMedia } from '../../../api/producer-media.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { BulkUpdateDialog } from '../bulk-update-dialog.tsx';
import { DeleteMediaDialog } from '../delete-media-dialog.tsx';
import { useFieldHelp } from '../field-help.ts';
import { PICKERS, type PickerField } from '../pickers/pickers.ts';
import {
  ChangedCell,
  compareDates,
  FilesCell,
  ImageCell,
  NamesCell,
  type RowActions,
} from './cell-renderers.ts';
import { LongTextEditor, NumberEditor, suppressPlainEnter } from './cell-editors.tsx';
import { GRID_COLUMNS, type GridColumn, type GridRow } from './columns.ts';
import { downloadCsv } from './csv-export.ts';
import { DirtyTracker } from './dirty-tracker.ts';
import { saveRows } from './save-rows.ts';
import { TeaserDialog } from '../teaser/teaser-dialog.tsx';
import { AddMediumWizard } from '../wizard/add-medium-wizard.tsx';
import { FileManagerDialog } from '../files/file-manager.tsx';

ModuleRegistry.registerModules([
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CellStyleModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  LocaleModule,
  NumberFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  TooltipModule,
]);

/** Spec 9: row height 100; the thumbnail is 100 x 55.75. */
const ROW_HEIGHT = 100;
const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';
/** Changed cells and the unsaved-changes chip: a light orange that keeps text at AA contrast. */
const CHANGED_BACKGROUND = '#ffe0b2';
const UNSAVED_CHIP = { bgcolor: CHANGED_BACKGROUND, color: '#663c00', fontWeight: 600 };

const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerFontWeight: 600,
  wrapperBorderRadius: 4,
});

/** The spec's string operators (2.3), case-insensitive, two conditions joined by and/or. */
const TEXT_FILTER = {
  filter: 'agTextColumnFilter',
  filterParams: {
    filterOptions: [
      'contains',
      'notContains',
      'equals',
      'notEqual',
      'startsWith',
      'blank',
      'notBlank',
    ],
    caseSensitive: false,
  },
};
const NUMBER_FILTER = {
  filter: 'agNumberColumnFilter',
  filterParams: {
    filterOptions: [
      'equals',
      'notEqual',
      'greaterThan',
      'greaterThanOrEqual',
      'lessThan',
      'lessThanOrEqual',
      'blank',
      'notBlank',
    ],
  },
};

/** 'Veröffentlicht' for 'published'; an unknown stored value as it is. */
const STATUS_LABELS: Readonly<Partial<Record<string, string>>> = MEDIUM_STATUS_LABELS;
const statusLabel = (value: unknown) =>
  typeof value === 'string' ? (STATUS_LABELS[value] ?? value) : '';

/** Names instead of codes in these picker columns; the codes are the cell's hint. */
const NAMED_CODES: Partial<Record<PickerField, (stored: string) => string>> = {
  fn_adressat: targetGroupNames,
  fn_geb: subjectAreaNames,
};

/**
 * Enter or Space on a focused 'Dateien' or 'Bild' cell opens what its button opens; the grid
 * does nothing else with these keys there.
 */
const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';
const suppressActivation = ({ editing, event }: SuppressKeyboardEventParams) =>
  !editing && isActivation(event);

/**
 * Tab moves out of a cell into the next part of the page, as in any grid (arrow keys move
 * inside); only while editing does it go on to the next cell's editor.
 */
export const tabFromCell = ({ editing, nextCellPosition }: TabToNextCellParams) =>
  editing ? (nextCellPosition ?? false) : false;

/**
 * The grid's select editor (Typ, Status) leaves its combobox without a name: it gets the
 * column's, as screen readers and axe-core expect.
 */
function labelSelectEditor(event: CellEditingStartedEvent<GridRow>) {
  const name = event.colDef.headerName;
  if (!name || (event.colDef.colId !== 'fn_typ' && event.colDef.colId !== 'fn_status')) {
    return;
  }
  for (const editor of event.api.getCellEditorInstances({
    rowNodes: [event.node],
    columns: [event.column],
  })) {
    // The grid's own editors are components with a GUI element (ICellEditorComp).
    (editor as Partial<ICellEditorComp>)
      .getGui?.()
      .querySelector('[role="combobox"]')
      ?.setAttribute('aria-label', name);
  }
}

const isPickerField = (field: string | undefined): field is PickerField =>
  field === 'fn_adressat' || field === 'fn_schlag' || field === 'fn_sprache' || field === 'fn_geb';

/** The auto-size rule of spec 9: 7 px per letter of the header plus 30. */
const columnWidth = (column: GridColumn) => Math.max(column.width, column.header.length * 7 + 30);

function columnDef(
  column: GridColumn,
  tracker: DirtyTracker,
  help: string | undefined,
): ColDef<GridRow> {
  const base: ColDef<GridRow> = {
    colId: column.id,
    headerName: column.header,
    ...(help ? { headerTooltip: help } : {}),
    width: columnWidth(column),
    sortable: true,
    resizable: true,
  };
  const editable: ColDef<GridRow> = {
    ...base,
    field: column.id as keyof GridRow,
    editable: true,
    // The change is recorded before the grid redraws the cell, so its highlight is current.
    valueSetter: (params) => {
      tracker.edit(params.data.key, column.id, params.oldValue, params.newValue);
      (params.data as Record<string, unknown>)[column.id] = params.newValue;
      return true;
    },
    ...TEXT_FILTER,
    cellClassRules: {
      'mk-changed': (params: CellClassParams<GridRow>) =>
        params.data !== undefined && tracker.isChanged(params.data.key, column.id),
    },
  };
  switch (column.kind) {
    case 'changed':
      return {
        ...base,
        field: 'fn_aenderung',
        cellRenderer: ChangedCell,
        comparator: compareDates,
      };
    case 'selection':
      return base;
    case 'files':
      return {
        ...base,
        sortable: false,
        cellRenderer: FilesCell,
        suppressKeyboardEvent: suppressActivation,
      };
    case 'image':
      return {
        ...base,
        sortable: false,
        cellRenderer: ImageCell,
        cellClass: 'mk-image-cell',
        suppressKeyboardEvent: suppressActivation,
      };
    case 'text':
      return { ...editable, cellEditor: 'agTextCellEditor' };
    case 'longText':
      return {
        ...editable,
        cellEditor: LongTextEditor,
        cellEditorPopup: true,
        cellClass: 'mk-long-text',
        suppressKeyboardEvent: suppressPlainEnter,
      };
    case 'number':
      return {
        ...editable,
        ...NUMBER_FILTER,
        cellEditor: NumberEditor,
        filterValueGetter: (params) =>
          params.data?.fn_prodjahr ? Number(params.data.fn_prodjahr) : null,
      };
    case 'type':
      return {
        ...editable,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: MEDIA_TYPE_OPTIONS.map((option) => option.code) },
        valueFormatter: (params) => (params.value ? mediaTypeName(String(params.value)) : ''),
        filterValueGetter: (params) => mediaTypeName(params.data?.fn_typ ?? ''),
      };
    case 'status':
      return {
        ...editable,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: [...MEDIUM_STATUSES] },
        valueFormatter: (params) => statusLabel(params.value),
        filterValueGetter: (params) => statusLabel(params.data?.fn_status),
      };
    case 'picker': {
      const names = isPickerField(column.id) ? NAMED_CODES[column.id] : undefined;
      return {
        ...editable,
        editable: false,
        cellClass: 'mk-picker-cell',
        ...(names
          ? {
              cellRenderer: NamesCell,
              cellRendererParams: { names },
              filterValueGetter: (params) => names(params.data?.[column.id as PickerField] ?? ''),
            }
          : {}),
      };
    }
  }
}

interface Feedback {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/**
 * The edit mode of 'Meine Medien' (producer spec 2.3, 4): all media of the producer's pool in
 * an editable grid; changed cells are remembered and highlighted until saved or discarded.
 */
export function EditGrid({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const media = useProducerMedia();
  const [tracker] = useState(() => new DirtyTracker());
  const fieldHelp = useFieldHelp();
  const gridApi = useRef<GridApi<GridRow>>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [shownCount, setShownCount] = useState<number>();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [picking, setPicking] = useState<{ row: GridRow; field: PickerField } | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [bulkUpdating, setBulkUpdating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [filesRow, setFilesRow] = useState<GridRow | null>(null);
  const [teaserRow, setTeaserRow] = useState<GridRow | null>(null);
  const [adding, setAdding] = useState(false);
  /** Rows whose teaser changed: their thumbnails load anew (cache-busting t). */
  const [coverVersions] = useState(() => new Map<string, number>());

  const rows = useMemo(
    () => media.data?.map((medium): GridRow => ({ ...medium, key: medium.identifier })),
    [media.data],
  );
  const columnDefs = useMemo(
    () =>
      GRID_COLUMNS.filter((column) => column.kind !== 'selection').map((column) =>
        columnDef(column, tracker, fieldHelp(column.id)),
      ),
    [tracker, fieldHelp],
  );
  const context = useMemo<RowActions>(
    () => ({
      openFiles: (row) => {
        setFilesRow(row);
      },
      openTeaser: (row) => {
        setTeaserRow(row);
      },
      coverVersion: (row) => coverVersions.get(row.key),
    }),
    [coverVersions],
  );

  const updateDirty = useCallback(() => {
    setDirty(tracker.hasChanges);
  }, [tracker]);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(
    () => () => {
      onDirtyChange(false);
    },
    [onDirtyChange],
  );

  const onCellValueChanged = useCallback(() => {
    updateDirty();
  }, [updateDirty]);

  const openPicker = (field: string | undefined, row: GridRow | undefined) => {
    if (isPickerField(field) && row) {
      setPicking({ row, field });
    }
  };

  const reload = async () => {
    tracker.clear();
    updateDirty();
    await queryClient.invalidateQueries({ queryKey: [PRODUCER_MEDIA_KEY] });
  };

  const save = async () => {
    const api = gridApi.current;
    if (!api) {
      return;
    }
    api.stopEditing();
    const changed = tracker.changedRows.flatMap((key) => {
      const row = api.getRowNode(key)?.data;
      return row ? [row] : [];
    });
    setSaving(true);
    const outcome = await saveRows(changed);
    setSaving(false);
    for (const { key, medium } of outcome.saved) {
      tracker.forgetRow(key);
      api.getRowNode(key)?.setData({ ...medium, key });
    }
    api.refreshCells({ force: true });
    updateDirty();
    if (outcome.failed.length > 0) {
      const first = outcome.failed[0];
      setFeedback({
        severity: 'error',
        text: `${t('producer.grid.updatesFailed', { count: outcome.failed.length })}${first ? ` – ${first.title}: ${first.message}` : ''}`,
      });
    } else {
      setFeedback({
        severity: 'success',
        text: t('producer.grid.saved', { count: outcome.saved.length }),
      });
    }
  };

  const selectedIds = selected.map((row) => row.identifier);
  const count = shownCount ?? rows?.length ?? 0;
  const PickerDialog = picking && PICKERS[picking.field];

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => {
            setAdding(true);
          }}
        >
          {t('producer.grid.add')}
        </Button>
        <Button
          variant="contained"
          color="success"
          startIcon={<SaveIcon />}
          disabled={!dirty || saving}
          loading={saving}
          onClick={() => {
            void save();
          }}
        >
          {t('producer.grid.save')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<UndoIcon />}
          disabled={!dirty || saving}
          onClick={() => {
            setConfirmingDiscard(true);
          }}
        >
          {t('producer.grid.discard')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={!rows?.length}
          onClick={() => {
            const shown: GridRow[] = [];
            gridApi.current?.forEachNodeAfterFilterAndSort((node) => {
              if (node.data) {
                shown.push(node.data);
              }
            });
            downloadCsv(shown);
          }}
        >
          {t('producer.grid.csv')}
        </Button>
        {selected.length > 0 && (
          <>
            <Button
              variant="outlined"
              startIcon={<EditNoteIcon />}
              disabled={dirty}
              title={dirty ? t('producer.grid.saveFirst') : undefined}
              onClick={() => {
                setBulkUpdating(true);
              }}
            >
              {t('producer.grid.bulk', { count: selected.length })}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              disabled={dirty}
              title={dirty ? t('producer.grid.saveFirst') : undefined}
              onClick={() => {
                setDeleting(true);
              }}
            >
              {t('producer.grid.delete', { count: selected.length })}
            </Button>
          </>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', mb: 1, minHeight: 32 }}
        role="status"
      >
        <Typography color="text.secondary">
          {media.isPending ? t('producer.grid.loading') : t('producer.grid.count', { count })}
        </Typography>
        {dirty && <Chip size="small" label={t('producer.grid.unsaved')} sx={UNSAVED_CHIP} />}
      </Stack>
      {media.isError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" onClick={() => void media.refetch()}>
              {t('producer.grid.retry')}
            </Button>
          }
        >
          {media.error.message}
        </Alert>
      )}
      <Box
        sx={{
          height: 'max(440px, calc(100vh - 330px))',
          '& .mk-changed': { backgroundColor: CHANGED_BACKGROUND },
          // Long texts: at most 90 px of a cell (spec 9), four lines with an ellipsis.
          '& .mk-long-text': {
            whiteSpace: 'normal',
            lineHeight: 1.4,
            pt: 0.5,
            maxHeight: 90,
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          },
          '& .mk-picker-cell': {
            cursor: 'pointer',
            whiteSpace: 'normal',
            lineHeight: 1.4,
            py: 0.5,
          },
          '& .mk-image-cell': { display: 'flex', alignItems: 'center', px: 0.5 },
          '& .mk-cell-button': {
            border: 0,
            background: 'none',
            p: 0,
            cursor: 'pointer',
            color: 'primary.main',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
          },
          '& .mk-thumbnail': { width: 100, height: 55.75, bgcolor: 'grey.100' },
          '& .mk-thumbnail img': {
            width: 100,
            height: 55.75,
            objectFit: 'cover',
            display: 'block',
          },
          '& .mk-long-text-editor': {
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
            p: 1,
            bgcolor: 'background.paper',
          },
          '& .mk-long-text-editor textarea': { width: 420, font: 'inherit' },
          '& .mk-number-editor': { width: '100%', height: '100%', font: 'inherit', px: 1 },
        }}
      >
        <AgGridReact<GridRow>
          theme={gridTheme}
          localeText={AG_GRID_LOCALE_DE}
          rowData={rows}
          loading={media.isPending}
          columnDefs={columnDefs}
          getRowId={(params) => params.data.key}
          rowHeight={ROW_HEIGHT}
          // Rows are tall: five above and below the view are enough ahead of a scroll, and
          // fewer rendered rows keep each frame cheap (npm run bench:grid).
          rowBuffer={5}
          context={context}
          rowSelection={{
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: true,
            enableClickSelection: false,
            selectAll: 'filtered',
          }}
          selectionColumnDef={{
            headerName: t('producer.grid.selection'),
            width: 100,
            sortable: false,
            resizable: false,
            // By default the grid locks it first; the spec puts it second.
            lockPosition: false,
          }}
          stopEditingWhenCellsLoseFocus
          onGridReady={(event) => {
            gridApi.current = event.api;
            // The selection column comes second, after 'Geändert' (spec 2.3).
            event.api.applyColumnState({
              state: GRID_COLUMNS.map((column) => ({
                colId: column.kind === 'selection' ? SELECTION_COLUMN : column.id,
              })),
              applyOrder: true,
            });
          }}
          onCellEditingStarted={labelSelectEditor}
          onCellValueChanged={onCellValueChanged}
          onSelectionChanged={(event) => {
            setSelected(event.api.getSelectedRows());
          }}
          onModelUpdated={(event) => {
            setShownCount(event.api.getDisplayedRowCount());
          }}
          onCellClicked={(event: CellClickedEvent<GridRow>) => {
            openPicker(event.colDef.colId, event.data);
          }}
          tabToNextHeader={() => false}
          tabToNextCell={tabFromCell}
          onCellKeyDown={(event: CellKeyDownEvent<GridRow>) => {
            const key = event.event;
            if (!(key instanceof KeyboardEvent) || !event.data) {
              return;
            }
            if (key.key === 'Enter') {
              openPicker(event.colDef.colId, event.data);
            }
            if (isActivation(key) && !event.api.getEditingCells().length) {
              if (event.colDef.colId === 'files') {
                key.preventDefault();
                setFilesRow(event.data);
              } else if (event.colDef.colId === 'image') {
                key.preventDefault();
                setTeaserRow(event.data);
              }
            }
          }}
        />
      </Box>

      {picking && PickerDialog && (
        <PickerDialog
          open
          medium={picking.row}
          value={picking.row[picking.field]}
          onCancel={() => {
            setPicking(null);
          }}
          onSave={(value) => {
            gridApi.current?.getRowNode(picking.row.key)?.setDataValue(picking.field, value);
            setPicking(null);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('producer.confirm.discardTitle')}
        message={t('producer.confirm.discard')}
        confirmLabel={t('producer.grid.discard')}
        destructive
        onCancel={() => {
          setConfirmingDiscard(false);
        }}
        onConfirm={() => {
          setConfirmingDiscard(false);
          void reload().then(() => {
            setFeedback({ severity: 'info', text: t('producer.grid.discarded') });
          });
        }}
      />
      <BulkUpdateDialog
        open={bulkUpdating}
        ids={selectedIds}
        onClose={() => {
          setBulkUpdating(false);
        }}
        onUpdated={(updated) => {
          setBulkUpdating(false);
          setFeedback({
            severity: 'success',
            text: t('producer.grid.bulkDone', { count: updated }),
          });
        }}
      />
      <DeleteMediaDialog
        open={deleting}
        media={selected}
        onClose={() => {
          setDeleting(false);
        }}
        onDeleted={(deleted) => {
          setDeleting(false);
          gridApi.current?.deselectAll();
          setFeedback({
            severity: 'success',
            text: t('producer.grid.deleted', { count: deleted }),
          });
        }}
      />
      <AddMediumWizard
        open={adding}
        onClose={(created, draftDeleted) => {
          setAdding(false);
          if (draftDeleted) {
            setFeedback({ severity: 'info', text: t('producer.grid.draftDeleted') });
          }
          if (created) {
            // Added in place: a reload would drop unsaved edits of other rows.
            gridApi.current?.applyTransaction({
              add: [{ ...created, key: created.identifier }],
              addIndex: 0,
            });
            setFeedback({
              severity: 'success',
              text: t('producer.grid.added', { identifier: created.identifier }),
            });
          }
        }}
      />
      <TeaserDialog
        medium={teaserRow}
        onClose={() => {
          setTeaserRow(null);
        }}
        onChanged={() => {
          if (teaserRow) {
            coverVersions.set(teaserRow.key, Date.now());
            const node = gridApi.current?.getRowNode(teaserRow.key);
            gridApi.current?.refreshCells({ ...(node ? { rowNodes: [node] } : {}), force: true });
          }
        }}
      />
      <FileManagerDialog
        open={filesRow !== null}
        medium={filesRow}
        onClose={() => {
          setFilesRow(null);
        }}
      />
      <Snackbar
        open={feedback !== null}
        autoHideDuration={feedback?.severity === 'error' ? null : 5000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') {
            setFeedback(null);
          }
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {feedback ? (
          <Alert
            severity={feedback.severity}
            variant="filled"
            onClose={() => {
              setFeedback(null);
            }}
          >
            {feedback.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
