import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  regenerateCovers,
  removeTeaser,
  teaserDisplayUrl,
  teaserExists,
  uploadTeaser,
} from '../../../api/teaser-image.ts';
import { isTeaserType, TEASER_TYPES, toWebp } from './to-webp.ts';

export interface TeaserMedium {
  identifier: string;
  fn_nr: string;
  fn_titel: string;
}

/** Object URLs are revoked a moment after they were replaced (spec 9: 120 ms). */
const REVOKE_DELAY = 120;

/** The blob URL shown instead of the cover, revoked when replaced or unmounted. */
function useObjectUrl() {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const replace = (blob: Blob | null) => {
    const previous = current.current;
    current.current = blob ? URL.createObjectURL(blob) : null;
    setUrl(current.current);
    if (previous) {
      setTimeout(() => {
        URL.revokeObjectURL(previous);
      }, REVOKE_DELAY);
    }
  };
  useEffect(
    () => () => {
      if (current.current) {
        URL.revokeObjectURL(current.current);
      }
    },
    [],
  );
  return [url, replace] as const;
}

/**
 * The teaser image editor (spec 2.4, 7.3): choose a JPEG, PNG or WebP, stored as WebP in the
 * medium's storage; every cover size is regenerated; without a medium it asks to create one.
 */
export function TeaserEditor({
  medium,
  readOnly = false,
  onChanged,
}: {
  medium: TeaserMedium | null;
  readOnly?: boolean;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [present, setPresent] = useState<boolean | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(() => Date.now());
  const [preview, setPreview] = useObjectUrl();
  const identifier = medium?.identifier;

  useEffect(() => {
    if (!identifier) {
      return undefined;
    }
    let current = true;
    teaserExists(identifier).then(
      (exists) => {
        if (current) {
          setPresent(exists);
        }
      },
      () => {
        if (current) {
          setPresent(false);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [identifier]);

  if (!medium) {
    return <Alert severity="info">{t('producer.teaser.createFirst')}</Alert>;
  }

  /** Regenerates the sizes (only with a number, spec 7.3); a failure keeps the local image. */
  const refreshCovers = async (fallback: Blob | null) => {
    if (medium.fn_nr.trim() === '') {
      setPreview(fallback);
      return;
    }
    try {
      setPreview(await regenerateCovers(medium.identifier));
    } catch (regenerationError) {
      console.warn('Cover regeneration failed; showing the uploaded image', regenerationError);
      setPreview(fallback);
    }
    setVersion(Date.now());
  };

  const upload = async (file: File) => {
    setError(null);
    if (!isTeaserType(file.type)) {
      setError(t('producer.teaser.uploadError', { message: t('producer.teaser.wrongType') }));
      return;
    }
    setProcessing(true);
    try {
      const webp = await toWebp(file);
      await uploadTeaser(medium.identifier, webp);
      setPresent(true);
      await refreshCovers(webp);
      onChanged?.();
    } catch (uploadError) {
      console.error('Teaser upload failed', uploadError);
      const message = uploadError instanceof Error ? uploadError.message : String(uploadError);
      setError(t('producer.teaser.uploadError', { message }));
    } finally {
      setProcessing(false);
    }
  };

  const remove = async () => {
    setError(null);
    setProcessing(true);
    try {
      await removeTeaser(medium.identifier);
      setPresent(false);
      setPreview(null);
      await refreshCovers(null);
      onChanged?.();
    } catch (removeError) {
      const message = removeError instanceof Error ? removeError.message : String(removeError);
      setError(t('producer.teaser.uploadError', { message }));
    } finally {
      setProcessing(false);
    }
  };

  const choose = () => {
    input.current?.click();
  };

  return (
    <Stack spacing={2}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={TEASER_TYPES.join(',')}
        hidden
        aria-label={t('producer.teaser.choose')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) {
            void upload(file);
          }
        }}
      />
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 400,
          aspectRatio: '400 / 226',
          borderRadius: 1,
          overflow: 'hidden',
          border: present ? 0 : '2px dashed',
          borderColor: 'divider',
          bgcolor: 'grey.50',
        }}
      >
        {present ? (
          <img
            src={preview ?? teaserDisplayUrl(medium.identifier, version)}
            alt={t('producer.teaser.alt', { title: medium.fn_titel })}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Button
            onClick={choose}
            disabled={readOnly || processing || present === null}
            startIcon={<AddPhotoAlternateOutlinedIcon />}
            sx={{ width: '100%', height: '100%' }}
          >
            {t('producer.teaser.upload')}
          </Button>
        )}
        {processing && (
          <Stack
            role="status"
            spacing={1}
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(255, 255, 255, 0.85)',
            }}
          >
            <CircularProgress size={32} />
            <Typography>{t('producer.teaser.processing')}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {present && (
          <>
            <Button
              variant="outlined"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              disabled={readOnly || processing}
              onClick={choose}
            >
              {t('producer.teaser.change')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              disabled={readOnly || processing}
              onClick={() => {
                void remove();
              }}
            >
              {t('producer.teaser.remove')}
            </Button>
          </>
        )}
        <Button
          variant="text"
          startIcon={<PhotoLibraryOutlinedIcon />}
          disabled
          title={t('producer.teaser.libraryLater')}
        >
          {t('producer.teaser.library')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Alert severity="info">{t('producer.teaser.recommendation')}</Alert>
    </Stack>
  );
}
