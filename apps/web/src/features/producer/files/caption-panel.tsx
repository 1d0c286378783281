import { checkWebVtt, MESSAGES } from '@medienkatalog/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  captionsQueryOptions,
  deleteCaptions,
  uploadCaptions,
  useCaptions,
  type CaptionTarget,
} from '../../../api/media-captions.ts';

const LANGUAGE = /^[a-z]{2,3}$/;

/** A file's text as UTF-8 (FileReader: also where Blob.text is missing). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable'));
    };
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * Captions per language and the chapters of the medium's video (issue 14): the stored tracks
 * with a delete button each, and uploads of .vtt files. A file is checked here first with the
 * server's own WebVTT checker, so a broken one is refused at once with the line named.
 */
export function CaptionPanel({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const client = useQueryClient();
  const { data: tracks = [] } = useCaptions(identifier);
  const [language, setLanguage] = useState('de');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string }>();
  const captionsInput = useRef<HTMLInputElement>(null);
  const chaptersInput = useRef<HTMLInputElement>(null);
  const languageValid = LANGUAGE.test(language);

  const store = (next: Awaited<ReturnType<typeof uploadCaptions>>) => {
    client.setQueryData(captionsQueryOptions(identifier).queryKey, next);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>, chosen: CaptionTarget) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    const text = await readText(file);
    const checked = checkWebVtt(text, { chapters: chosen.kind === 'chapters' });
    if (!checked.ok) {
      setMessage({
        severity: 'error',
        text: MESSAGES.captions.invalid(checked.line, checked.problem),
      });
      return;
    }
    try {
      store(await uploadCaptions(identifier, chosen, text));
      setMessage({
        severity: 'success',
        text: t('producer.files.captions.uploaded', { name: file.name }),
      });
    } catch (error) {
      setMessage({
        severity: 'error',
        text: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const remove = async (next: CaptionTarget) => {
    try {
      store(await deleteCaptions(identifier, next));
    } catch (error) {
      setMessage({
        severity: 'error',
        text: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('producer.files.captions.heading')}
      </Typography>
      {tracks.length > 0 && (
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tracks.map((track) => (
            <Box component="li" key={track.path} sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {`${track.label} (${track.path})`}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('producer.files.captions.delete', { label: track.label })}
                onClick={() =>
                  void remove(
                    track.kind === 'chapters'
                      ? { kind: 'chapters' }
                      : { kind: 'captions', language: track.language },
                  )
                }
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('producer.files.captions.language')}
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value.trim().toLowerCase());
          }}
          error={!languageValid}
          helperText={languageValid ? ' ' : MESSAGES.captions.language}
          sx={{ width: 140 }}
        />
        <Button
          startIcon={<UploadFileIcon />}
          disabled={!languageValid}
          onClick={() => captionsInput.current?.click()}
        >
          {t('producer.files.captions.uploadCaptions')}
        </Button>
        <Button startIcon={<UploadFileIcon />} onClick={() => chaptersInput.current?.click()}>
          {t('producer.files.captions.uploadChapters')}
        </Button>
        {/* Labelled, so that tests and assistive tools can hand them a file directly. */}
        <input
          ref={captionsInput}
          type="file"
          accept=".vtt,text/vtt"
          hidden
          tabIndex={-1}
          aria-label={t('producer.files.captions.captionsFile')}
          disabled={!languageValid}
          onChange={(event) => void upload(event, { kind: 'captions', language })}
        />
        <input
          ref={chaptersInput}
          type="file"
          accept=".vtt,text/vtt"
          hidden
          tabIndex={-1}
          aria-label={t('producer.files.captions.chaptersFile')}
          onChange={(event) => void upload(event, { kind: 'chapters' })}
        />
      </Stack>
      {message && (
        <Alert
          severity={message.severity}
          sx={{ mt: 1 }}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      )}
    </Box>
  );
}
