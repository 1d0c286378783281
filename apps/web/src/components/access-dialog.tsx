import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink, useLocation } from 'react-router';
import { useUserInfo } from '../api/user.ts';
import { paths } from '../lib/paths.ts';

/**
 * 'Zugang erhalten': how a signed-in user without a licence gets access to a medium: redeem a
 * code (to /redeem, returning here) or ask the school's media centre. `message` is the server's
 * refusal of a play or download, shown first.
 */
export function AccessDialog({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  /** Plain text title of the medium. */
  title: string;
  message?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const { data: user } = useUserInfo();
  const school = user?.schulname ?? '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-reason`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t('access.dialogTitle', { title })}</DialogTitle>
      <DialogContent>
        {message ? (
          <Alert id={`${id}-reason`} severity="warning" sx={{ mb: 2 }}>
            {message}
          </Alert>
        ) : (
          <DialogContentText id={`${id}-reason`} sx={{ mb: 1 }}>
            {t('access.noLicence')}
          </DialogContentText>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t('access.ways')}</DialogContentText>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('access.codeHeading')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('access.codeText')}</Typography>
        <Button
          variant="contained"
          component={RouterLink}
          to={paths.redeemWithReturn(`${location.pathname}${location.search}`)}
          onClick={onClose}
          sx={{ mb: 2 }}
        >
          {t('access.codeButton')}
        </Button>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('access.centreHeading')}
        </Typography>
        <Typography>
          {school ? t('access.centreTextSchool', { school }) : t('access.centreText')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('access.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
