import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useProducerMediatheken } from '../../api/producer-mediatheken.ts';
import type { LicenceFormFields } from './licence-form.ts';
import { MediaPicker } from './media-picker.tsx';

/** Media one share or code batch may name (the server's limit). */
const MAX_SCOPE_MEDIA = 1000;

/**
 * What a licence covers: all the producer's media, chosen media (picked from its pool) or one of
 * its Mediatheken. Inside a react-hook-form FormProvider whose values have `scope`.
 */
export function ScopeFields({ legend }: { legend: string }) {
  const { t } = useTranslation();
  const form = useFormContext<LicenceFormFields>();
  const kind = useWatch({ control: form.control, name: 'scope.kind' });
  const mediatheken = useProducerMediatheken();
  return (
    <Stack spacing={2}>
      <FormControl component="fieldset">
        <FormLabel component="legend">{legend}</FormLabel>
        <Controller
          control={form.control}
          name="scope.kind"
          render={({ field }) => (
            <RadioGroup {...field}>
              <FormControlLabel
                value="pool"
                control={<Radio />}
                label={t('licensing.scope.pool')}
              />
              <FormControlLabel
                value="media"
                control={<Radio />}
                label={t('licensing.scope.media')}
              />
              <FormControlLabel
                value="mediathek"
                control={<Radio />}
                label={t('licensing.scope.mediathek')}
              />
            </RadioGroup>
          )}
        />
      </FormControl>
      {kind === 'media' && (
        <Controller
          control={form.control}
          name="scope.identifiers"
          render={({ field, fieldState }) => (
            <MediaPicker
              label={t('licensing.scope.mediaHeading')}
              value={field.value}
              onChange={field.onChange}
              max={MAX_SCOPE_MEDIA}
              {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
            />
          )}
        />
      )}
      {kind === 'mediathek' && (
        <Controller
          control={form.control}
          name="scope.mediathek_id"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label={t('licensing.scope.mediathekLabel')}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message ??
                (mediatheken.data?.length === 0
                  ? t('licensing.scope.noMediathek')
                  : mediatheken.error?.message)
              }
              disabled={mediatheken.data?.length === 0}
            >
              {(mediatheken.data ?? []).map((mediathek) => (
                <MenuItem key={mediathek.id} value={String(mediathek.id)}>
                  {t('licensing.scope.mediathekOption', {
                    name: mediathek.name,
                    count: mediathek.identifiers.length,
                  })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </Stack>
  );
}
