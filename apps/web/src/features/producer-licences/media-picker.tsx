import type { ProducerMedium } from '@medienkatalog/domain';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useProducerMedia } from '../../api/producer-media.ts';
import { plainTitle } from '../../lib/sanitize.ts';

/** Matches listed at once; a narrower search shows the others. */
export const LISTED_MATCHES = 50;
/** Chosen media shown as chips; the rest are counted. */
const SHOWN_CHIPS = 40;

export interface MediaPickerProps {
  /** The heading of the picker ('Medien'). */
  label: string;
  /** The chosen identifiers. */
  value: readonly string[];
  onChange: (identifiers: string[]) => void;
  /** At most this many may be chosen ('Alle Treffer auswählen' stops there). */
  max: number;
  error?: string;
}

const searchText = (medium: ProducerMedium) =>
  `${plainTitle(medium.fn_titel)} ${medium.identifier} ${medium.fn_nr}`.toLowerCase();

/**
 * Picks media of the producer's pool: a search over title, number and identifier lists the
 * first matches with checkboxes; the chosen ones show as removable chips above.
 */
export function MediaPicker({ label, value, onChange, max, error }: MediaPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const media = useProducerMedia();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const chosen = useMemo(() => new Set(value), [value]);
  const byIdentifier = useMemo(
    () => new Map((media.data ?? []).map((medium) => [medium.identifier, medium])),
    [media.data],
  );
  const matches = useMemo(
    () =>
      (media.data ?? []).filter(
        (medium) => deferredQuery === '' || searchText(medium).includes(deferredQuery),
      ),
    [media.data, deferredQuery],
  );
  const titleOf = (identifier: string) => {
    const medium = byIdentifier.get(identifier);
    return medium ? plainTitle(medium.fn_titel) : identifier;
  };
  const toggle = (identifier: string, checked: boolean) => {
    onChange(
      checked ? [...value, identifier] : value.filter((chosenId) => chosenId !== identifier),
    );
  };
  const addAll = () => {
    const added = matches.map((medium) => medium.identifier).filter((id) => !chosen.has(id));
    onChange([...value, ...added].slice(0, max));
  };

  return (
    <Box role="group" aria-labelledby={labelId} {...(error ? { 'aria-describedby': errorId } : {})}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('licensing.mediaPicker.chosen', { count: value.length })}
        </Typography>
        {value.length > 0 && (
          <Button
            size="small"
            onClick={() => {
              onChange([]);
            }}
          >
            {t('licensing.mediaPicker.clear')}
          </Button>
        )}
      </Stack>
      {value.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1.5 }}>
          {value.slice(0, SHOWN_CHIPS).map((identifier) => {
            const title = titleOf(identifier);
            return (
              <Chip
                key={identifier}
                size="small"
                label={title}
                // Enter, Delete, a click on the chip or on its cross remove it.
                aria-label={t('licensing.mediaPicker.remove', { title })}
                onClick={() => {
                  toggle(identifier, false);
                }}
                onDelete={() => {
                  toggle(identifier, false);
                }}
              />
            );
          })}
          {value.length > SHOWN_CHIPS && (
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {t('licensing.mediaPicker.moreChosen', { count: value.length - SHOWN_CHIPS })}
            </Typography>
          )}
        </Box>
      )}
      <TextField
        type="search"
        size="small"
        fullWidth
        label={t('licensing.mediaPicker.search')}
        helperText={t('licensing.mediaPicker.searchHint')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {media.isPending && (
        <Box role="status" sx={{ py: 2 }}>
          <LinearProgress aria-label={t('licensing.mediaPicker.loading')} />
        </Box>
      )}
      {media.error && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void media.refetch();
              }}
            >
              {t('licensing.retry')}
            </Button>
          }
        >
          {media.error.message}
        </Alert>
      )}
      {media.data && (
        <>
          <Box
            sx={{
              maxHeight: 260,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              mt: 1,
              px: 1,
            }}
          >
            {matches.length === 0 ? (
              <Typography sx={{ p: 1 }}>{t('licensing.mediaPicker.noMatches')}</Typography>
            ) : (
              matches.slice(0, LISTED_MATCHES).map((medium) => (
                <FormControlLabel
                  key={medium.identifier}
                  sx={{ display: 'flex', mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.has(medium.identifier)}
                      disabled={!chosen.has(medium.identifier) && value.length >= max}
                      onChange={(event) => {
                        toggle(medium.identifier, event.target.checked);
                      }}
                    />
                  }
                  label={
                    <>
                      {plainTitle(medium.fn_titel)}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {medium.fn_status === 'published'
                          ? t('licensing.mediaPicker.identifier', { id: medium.identifier })
                          : t('licensing.mediaPicker.identifierDraft', { id: medium.identifier })}
                      </Typography>
                    </>
                  }
                />
              ))
            )}
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            {matches.length > LISTED_MATCHES && (
              <Typography variant="body2" color="text.secondary">
                {t('licensing.mediaPicker.moreMatches', {
                  count: matches.length - LISTED_MATCHES,
                })}
              </Typography>
            )}
            {deferredQuery !== '' && matches.length > 0 && (
              <Button size="small" onClick={addAll}>
                {t('licensing.mediaPicker.addAll', { count: matches.length })}
              </Button>
            )}
          </Stack>
        </>
      )}
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
