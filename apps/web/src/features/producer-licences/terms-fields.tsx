import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { fieldProps } from '../../lib/field-props.ts';
import type { LicenceFormFields } from './licence-form.ts';

/**
 * The terms of a licence: valid from and until (whole days, both optional), the rights and
 * optionally a number of uses. Inside a react-hook-form FormProvider whose values have `terms`.
 */
export function TermsFields() {
  const { t } = useTranslation();
  const form = useFormContext<LicenceFormFields>();
  const shrink = { inputLabel: { shrink: true } };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...fieldProps(form, 'terms.valid_from', t('licensing.terms.fromHint'))}
          type="date"
          label={t('licensing.terms.from')}
          slotProps={shrink}
          fullWidth
        />
        <TextField
          {...fieldProps(form, 'terms.valid_until', t('licensing.terms.untilHint'))}
          type="date"
          label={t('licensing.terms.until')}
          slotProps={shrink}
          fullWidth
        />
      </Stack>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('licensing.terms.rights')}</FormLabel>
        <Controller
          control={form.control}
          name="terms.rights"
          render={({ field }) => (
            <RadioGroup {...field} row>
              <FormControlLabel
                value="stream"
                control={<Radio />}
                label={t('licensing.rights.stream')}
              />
              <FormControlLabel
                value="download"
                control={<Radio />}
                label={t('licensing.rights.download')}
              />
            </RadioGroup>
          )}
        />
      </FormControl>
      <TextField
        {...fieldProps(form, 'terms.uses', t('licensing.terms.usesHint'))}
        type="number"
        label={t('licensing.terms.uses')}
        slotProps={{ htmlInput: { min: 1, max: 100_000, step: 1 } }}
      />
    </Stack>
  );
}
