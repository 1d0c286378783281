import type { Organisation, OrganisationKind } from '@medienkatalog/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOrganisations } from '../../api/producer-organisations.ts';

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

export interface OrganisationPickerProps {
  value: Organisation[];
  onChange: (organisations: Organisation[]) => void;
  error?: string;
}

/** 'Schulnummer 100234' or 'Medienzentrum': what tells two organisations of a name apart. */
export function useOrganisationDetail() {
  const { t } = useTranslation();
  return (kind: OrganisationKind | null, schoolNumber: string | null) => {
    if (schoolNumber) {
      return t('licensing.organisations.schoolNumber', { number: schoolNumber });
    }
    return kind === null ? '' : t(`licensing.organisations.kind.${kind}`);
  };
}

/**
 * Chooses schools and media centres to share with: the server finds them by name or school
 * number as the user types; several may be chosen.
 */
export function OrganisationPicker({ value, onChange, error }: OrganisationPickerProps) {
  const { t } = useTranslation();
  const detail = useOrganisationDetail();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(input.trim());
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [input]);
  const organisations = useOrganisations(query);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={organisations.data ?? []}
      value={value}
      onChange={(_event, chosen) => {
        onChange(chosen);
      }}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Choosing an option must not empty the search the user typed.
        if (reason !== 'reset') {
          setInput(text);
        }
      }}
      // The server searched already (by name or school number).
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(organisation) => organisation.name}
      loading={organisations.isFetching}
      loadingText={t('licensing.organisations.loading')}
      noOptionsText={
        organisations.error?.message ?? t('licensing.organisations.none', { query: input })
      }
      openText={t('licensing.organisations.open')}
      closeText={t('licensing.organisations.close')}
      clearText={t('licensing.organisations.clear')}
      renderOption={(props, organisation) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span>
              {organisation.name}
              <Typography component="span" variant="body2" color="text.secondary">
                {' · '}
                {detail(organisation.kind, organisation.school_number)}
              </Typography>
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('licensing.organisations.label')}
          error={error !== undefined}
          helperText={error ?? t('licensing.organisations.hint')}
        />
      )}
    />
  );
}
