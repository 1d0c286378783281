import type { CreatedCodeBatch } from '@medienkatalog/domain';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { codeSheet, codesCsv, sheetFileName } from './code-sheet.ts';
import { rightsText, validityText } from './licence-format.ts';

export interface CreatedCodesDialogProps {
  /** The batch just made, with its plain codes; null: closed. */
  batch: CreatedCodeBatch | null;
  onClose: () => void;
}

/**
 * Shows a new batch's codes this once, with a clear warning, and offers them as CSV and as a
 * printable PDF of cards with QR codes (made in the browser; pdf-lib loads only then). Closing
 * before either was saved asks first.
 */
export function CreatedCodesDialog({ batch, onClose }: CreatedCodesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const sheet = useMemo(() => (batch ? codeSheet(batch, window.location.origin) : null), [batch]);
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  // A new batch starts unsaved (state reset while rendering, as React recommends).
  const [shownBatch, setShownBatch] = useState(batch);
  if (shownBatch !== batch) {
    setShownBatch(batch);
    setSaved(false);
    setAsking(false);
    setPdfError(null);
  }

  const close = () => {
    if (saved) {
      onClose();
    } else {
      setAsking(true);
    }
  };
  const downloadCsv = () => {
    if (sheet) {
      downloadFile(codesCsv(sheet, t), sheetFileName(sheet, 'csv'), 'text/csv;charset=utf-8');
      setSaved(true);
    }
  };
  const downloadPdf = async () => {
    if (!sheet) {
      return;
    }
    setPdfBusy(true);
    setPdfError(null);
    try {
      const { codesPdf } = await import('./codes-pdf.ts');
      const pdf = await codesPdf(sheet, t);
      // A copy on its own ArrayBuffer: what Blob takes in every TypeScript DOM library.
      downloadFile(new Uint8Array(pdf), sheetFileName(sheet, 'pdf'), 'application/pdf');
      setSaved(true);
    } catch (error) {
      console.error('The PDF of the codes failed', error);
      setPdfError(t('licensing.codes.created.pdfError'));
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open={batch !== null}
        onClose={close}
        maxWidth="sm"
        fullWidth
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>
          {t('licensing.codes.created.title', { count: sheet?.codes.length ?? 0 })}
        </DialogTitle>
        {batch && sheet && (
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              <strong>{t('licensing.codes.created.onceTitle')}</strong>{' '}
              {t('licensing.codes.created.once')}
            </Alert>
            <Typography sx={{ mb: 0.5 }}>
              {t('licensing.codes.created.what', { what: sheet.what })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {validityText(t, batch)} · {rightsText(t, batch.rights)}
            </Typography>
            {pdfError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {pdfError}
              </Alert>
            )}
            <Box
              tabIndex={0}
              role="region"
              aria-label={t('licensing.codes.created.list')}
              sx={{
                maxHeight: 320,
                overflowY: 'auto',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('licensing.codes.csv.number')}</TableCell>
                    <TableCell>{t('licensing.codes.csv.code')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sheet.codes.map((code) => (
                    <TableRow key={code.number}>
                      <TableCell>{code.number}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
                        {code.code}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </DialogContent>
        )}
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mr: 'auto' }}>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={downloadCsv}>
              {t('licensing.codes.created.csv')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PictureAsPdfIcon />}
              loading={pdfBusy}
              onClick={() => {
                void downloadPdf();
              }}
            >
              {t('licensing.codes.created.pdf')}
            </Button>
          </Stack>
          <Button onClick={close}>{t('licensing.close')}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={t('licensing.codes.created.unsavedTitle')}
        message={t('licensing.codes.created.unsaved')}
        confirmLabel={t('licensing.codes.created.closeAnyway')}
        cancelLabel={t('licensing.codes.created.back')}
        destructive
        onCancel={() => {
          setAsking(false);
        }}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}
