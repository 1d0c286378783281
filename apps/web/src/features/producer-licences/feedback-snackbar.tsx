import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** A short confirmation after an action ('Freigabe zurückgezogen.'); null hides it. */
export function FeedbackSnackbar({ text, onClose }: { text: string | null; onClose: () => void }) {
  return (
    <Snackbar
      open={text !== null}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') {
          onClose();
        }
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {text === null ? undefined : (
        <Alert severity="success" variant="filled" onClose={onClose}>
          {text}
        </Alert>
      )}
    </Snackbar>
  );
}
