import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isBulkUpload, type UploadResult } from './file-manager-rules.ts';

export interface UploadState {
  /** Files of this upload. */
  total: number;
  /** Files finished (uploaded or failed). */
  done: number;
  results: UploadResult[];
  uploading: boolean;
  /** A folder upload while it makes the folders, before the files go. */
  preparing: boolean;
}

export interface UploadDialogProps {
  open: boolean;
  state: UploadState;
  onAbort: () => void;
  onClose: () => void;
}

/**
 * The upload progress (spec 2.7): persistent; 'Bulk Upload' above 10 files, with a counter; a
 * progress bar of done/total; abort while uploading, close after. A bulk upload lists only its
 * failures, a small one every file.
 */
export function UploadDialog({ open, state, onAbort, onClose }: UploadDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const progressId = useId();
  const bulk = isBulkUpload(Math.max(state.total, state.results.length));
  const percent = state.total === 0 ? 0 : Math.round((state.done / state.total) * 100);
  const shown = bulk ? state.results.filter((result) => !result.success) : state.results;
  return (
    <Dialog
      open={open}
      // Persistent: neither Escape nor a click beside it closes it.
      onClose={() => undefined}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {bulk ? t('producer.files.upload.bulkTitle') : t('producer.files.upload.title')}
      </DialogTitle>
      <DialogContent>
        <Typography id={progressId} variant="body2" color="text.secondary" gutterBottom>
          {state.preparing
            ? t('producer.files.upload.folders')
            : bulk
              ? t('producer.files.upload.counter', { done: state.done, total: state.total })
              : t('producer.files.upload.progress')}
        </Typography>
        <LinearProgress
          variant={state.preparing ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-labelledby={progressId}
          {...(bulk ? {} : { 'aria-valuetext': `${String(state.done)} / ${String(state.total)}` })}
        />
        {shown.length > 0 && (
          <Box sx={{ mt: 2, maxHeight: 320, overflowY: 'auto' }}>
            <List dense aria-label={t('producer.files.upload.results')}>
              {shown.map((result, index) => (
                <ListItem key={`${result.file}-${String(index)}`} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {result.success ? (
                      <CheckCircleOutlined color="success" fontSize="small" />
                    ) : (
                      <ErrorOutlined color="error" fontSize="small" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={result.file}
                    secondary={
                      result.success ? t('producer.files.upload.success') : (result.error ?? '')
                    }
                    slotProps={{
                      primary: { sx: { wordBreak: 'break-all' } },
                      secondary: result.success ? {} : { color: 'error' },
                    }}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onAbort} disabled={!state.uploading} color="error">
          {t('producer.files.upload.abort')}
        </Button>
        <Button onClick={onClose} disabled={state.uploading} variant="contained">
          {t('producer.files.upload.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
