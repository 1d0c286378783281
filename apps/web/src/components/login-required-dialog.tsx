import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';

/** `onCancel`: the user closed the dialog; `onLogin`: the user goes to the login page. */
export function LoginRequiredDialog({
  open,
  onCancel,
  onLogin,
}: {
  open: boolean;
  onCancel: () => void;
  onLogin?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="login-required-title"
      aria-describedby="login-required-text"
      slotProps={{ paper: { sx: { width: 640, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="login-required-title">{t('loginDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="login-required-text">{t('loginDialog.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('loginDialog.cancel')}</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            onLogin?.();
            void navigate(paths.loginWithReturn(`${location.pathname}${location.search}`));
          }}
        >
          {t('loginDialog.login')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
