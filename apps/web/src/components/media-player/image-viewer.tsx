import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/** An image in a viewer: fitted to the frame, zoomed in steps (buttons, + and -, 0 resets). */
export function ImageViewer({ source, title }: { source: string; title: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const zoom = ZOOMS[step] ?? 1;
  const change = (by: number) => {
    setStep((current) => Math.max(0, Math.min(ZOOMS.length - 1, current + by)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      '+': () => {
        change(1);
      },
      '-': () => {
        change(-1);
      },
      '0': () => {
        setStep(0);
      },
    };
    const run = actions[event.key];
    if (run) {
      event.preventDefault();
      run();
    }
  };
  return (
    <Box role="region" aria-label={t('player.image', { title })} tabIndex={0} onKeyDown={onKeyDown}>
      <Box sx={{ overflow: 'auto', maxHeight: '70vh', bgcolor: 'grey.900', textAlign: 'center' }}>
        <Box
          component="img"
          src={source}
          alt={title}
          sx={{
            width: `${String(zoom * 100)}%`,
            maxWidth: zoom === 1 ? '100%' : 'none',
            display: 'block',
            mx: 'auto',
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1 }}>
        <Tooltip title={t('player.zoomOut')}>
          <span>
            <IconButton
              aria-label={t('player.zoomOut')}
              disabled={step === 0}
              onClick={() => {
                change(-1);
              }}
            >
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('player.zoomIn')}>
          <span>
            <IconButton
              aria-label={t('player.zoomIn')}
              disabled={step === ZOOMS.length - 1}
              onClick={() => {
                change(1);
              }}
            >
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button
          size="small"
          onClick={() => {
            setStep(0);
          }}
          disabled={step === 0}
        >
          {t('player.zoomReset')}
        </Button>
        <span aria-live="polite">{`${String(Math.round(zoom * 100))} %`}</span>
      </Stack>
    </Box>
  );
}
